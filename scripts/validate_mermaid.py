#!/usr/bin/env python3
"""Parses and draws every Mermaid block of Markdown files with Mermaid itself (the mermaidx
package runs mermaid.js in an embedded QuickJS: no browser, no network), and checks that each
sequence diagram drew exactly the participants, messages and notes its text declares, so a
label that split a statement or swallowed the next one fails.

Usage: validate_mermaid.py FILE.md...   Prints `N diagrams valid`; exit 1 naming the first bad one.
"""
import re
import sys

import mermaidx

BLOCK = re.compile(r"^```mermaid\n(.*?)^```$", re.S | re.M)
MESSAGE = re.compile(r"^\s+\w+(->>|-->>|-x|--x)\w+: ")


def draw(source):
    """The source's SVG, or the error Mermaid raised (about a second each: a fresh Mermaid per diagram)."""
    try:
        return mermaidx.Diagram(source).svg()
    except Exception as error:  # Mermaid's parse errors come through as several exception types
        return error


def check(source, svg, where):
    if isinstance(svg, Exception):
        raise SystemExit(f"{where}: Mermaid cannot draw it: {svg}\n{source}")
    lines = source.splitlines()
    expected = {
        "participants": sum(1 for line in lines if line.strip().startswith("participant ")),
        "messages": sum(1 for line in lines if MESSAGE.match(line)),
        "notes": sum(1 for line in lines if line.strip().startswith("Note over ")),
    }
    drawn = {
        # Each participant is drawn at the top and at the bottom.
        "participants": svg.count('class="actor actor-top"') or svg.count("actor-top"),
        "messages": svg.count('class="messageText"'),
        "notes": svg.count('class="noteText"'),
    }
    if expected != drawn:
        raise SystemExit(f"{where}: the text declares {expected}, Mermaid drew {drawn}\n{source}")


def main(paths):
    blocks = []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            text = file.read()
        blocks += [(match.group(1), f"{path}: diagram {index}") for index, match in enumerate(BLOCK.finditer(text), 1)]
    if not blocks:
        raise SystemExit("no Mermaid diagram found in " + ", ".join(paths))
    for source, where in blocks:
        check(source, draw(source), where)
    print(f"{len(blocks)} diagrams valid")


if __name__ == "__main__":
    main(sys.argv[1:])
