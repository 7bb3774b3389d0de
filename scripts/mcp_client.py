#!/usr/bin/env python3
"""Drives an MCP server over stdio with the official Python client (PyPI `mcp`), as an
assistant's editor does: starts COMMAND ARGS..., initializes, lists tools and resources,
reads the resources asked for, then makes the tool calls given, all at once. Prints one JSON
document on stdout: the server's tools, resources, the texts read and each call's result.

    mcp_client.py --cwd DIR --calls '[{"tool": "lint", "arguments": {"path": "x.yaml"}}]' \
        [--read journey://docs/format.md] [--timeout SECONDS] [--output FILE] -- COMMAND ARGS...

Used by the EndToEndTests (MCPServerTests) and to try a docs/assistants.md configuration by hand.
"""
import argparse
import asyncio
import json
import os
import sys
from datetime import timedelta

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client


async def drive(options):
    calls = json.loads(options.calls)
    server = StdioServerParameters(
        command=options.command[0], args=options.command[1:], cwd=options.cwd,
        env={k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")},
    )
    timeout = timedelta(seconds=options.timeout)
    async with stdio_client(server, errlog=sys.stderr) as (read, write):
        async with ClientSession(read, write, read_timeout_seconds=timeout) as session:
            initialized = await session.initialize()
            tools = (await session.list_tools()).tools
            resources = (await session.list_resources()).resources
            texts = {}
            for uri in options.read:
                result = await session.read_resource(uri)
                texts[uri] = "".join(getattr(content, "text", "") for content in result.contents)

            async def call(item):
                result = await session.call_tool(item["tool"], item.get("arguments", {}))
                return {
                    "tool": item["tool"],
                    "isError": bool(result.isError),
                    "structured": result.structuredContent,
                    "text": "".join(getattr(content, "text", "") for content in result.content),
                }

            results = await asyncio.gather(*(call(item) for item in calls))
            return {
                "server": initialized.serverInfo.name,
                "tools": [
                    {"name": tool.name, "inputSchema": tool.inputSchema, "description": tool.description}
                    for tool in tools
                ],
                "resources": [str(resource.uri) for resource in resources],
                "read": texts,
                "results": list(results),
            }


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--cwd", default=os.getcwd())
    parser.add_argument("--calls", default="[]")
    parser.add_argument("--read", action="append", default=[])
    parser.add_argument("--timeout", type=float, default=600)
    parser.add_argument("--output", help="write the JSON document here instead of stdout")
    parser.add_argument("command", nargs="+")
    options = parser.parse_args()
    document = json.dumps(asyncio.run(drive(options)), indent=1, sort_keys=True)
    if options.output:
        with open(options.output, "w", encoding="utf-8") as output:
            output.write(document)
    else:
        print(document)


if __name__ == "__main__":
    main()
