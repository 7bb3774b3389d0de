#!/usr/bin/env python3
"""Validate YAML files against a JSON Schema (draft 2020-12).

Usage: python3 scripts/validate_schema.py [--skip-kind KIND] SCHEMA FILE...

Prints `FILE: ok` for each valid file and `FILE: PATH: MESSAGE` for each error.
Exit codes: 0 all valid, 1 some file invalid, 2 usage error or missing modules.
Needs PyYAML and jsonschema: scripts/test-venv installs them into .build/test-venv; run this
script with .build/test-venv/bin/python3.
"""
import json
import sys


def usage(message):
    print(f"validate_schema: {message}", file=sys.stderr)
    print("usage: validate_schema.py [--skip-kind KIND] SCHEMA FILE...", file=sys.stderr)
    sys.exit(2)


def parse_arguments(argv):
    skip_kinds = []
    rest = []
    index = 0
    while index < len(argv):
        argument = argv[index]
        if argument == "--skip-kind":
            if index + 1 >= len(argv):
                usage("--skip-kind needs a kind")
            skip_kinds.append(argv[index + 1])
            index += 2
        elif argument.startswith("--skip-kind="):
            skip_kinds.append(argument.split("=", 1)[1])
            index += 1
        elif argument in ("-h", "--help"):
            print(__doc__)
            sys.exit(0)
        elif argument.startswith("--"):
            usage(f"unknown option {argument}")
        else:
            rest.append(argument)
            index += 1
    if len(rest) < 2:
        usage("expected a schema and at least one file")
    return skip_kinds, rest[0], rest[1:]


def load_modules():
    try:
        import jsonschema  # noqa: F401
        import yaml  # noqa: F401
    except ImportError as error:
        print(f"validate_schema: {error}; run scripts/test-venv and use .build/test-venv/bin/python3", file=sys.stderr)
        sys.exit(2)
    import jsonschema
    import yaml
    return jsonschema, yaml


def error_path(error):
    parts = [str(part) for part in error.absolute_path]
    return "/" + "/".join(parts) if parts else "/"


def main(argv):
    skip_kinds, schema_path, files = parse_arguments(argv)
    jsonschema, yaml = load_modules()
    try:
        with open(schema_path, encoding="utf-8") as handle:
            schema = json.load(handle)
        jsonschema.Draft202012Validator.check_schema(schema)
    except (OSError, ValueError, jsonschema.SchemaError) as error:
        usage(f"cannot use schema {schema_path}: {error}")
    validator = jsonschema.Draft202012Validator(schema)

    invalid = False
    for path in files:
        try:
            with open(path, encoding="utf-8") as handle:
                document = yaml.safe_load(handle)
        except OSError as error:
            print(f"{path}: cannot read: {error.strerror}")
            invalid = True
            continue
        except yaml.YAMLError as error:
            print(f"{path}: invalid YAML: {error}".replace("\n", " "))
            invalid = True
            continue
        if isinstance(document, dict) and document.get("kind") in skip_kinds:
            print(f"{path}: skipped (kind: {document.get('kind')})")
            continue
        errors = sorted(validator.iter_errors(document), key=lambda e: list(map(str, e.absolute_path)))
        if not errors:
            print(f"{path}: ok")
            continue
        invalid = True
        for error in errors:
            print(f"{path}: {error_path(error)}: {error.message}")
    return 1 if invalid else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
