#!/usr/bin/env python3
"""Writes one synthetic API of N resources twice: as a crudegen spec and as an OpenAPI 3.0 document.

Every resource has 6 fields (id String, count Int, note String?, createdAt Date, score Double,
tags [String]) with snake_case JSON keys, and 5 operations (list, create, read, update, delete):

    GET /resNNNN, POST /resNNNN, GET /resNNNN/{id}, PUT /resNNNN/{id}, DELETE /resNNNN/{id}

Both files come from the same loop, so the two describe the same API. The edits the plugin benchmark makes
are variants of the same loop, applied to the middle resource (`edited(n)`): "edit" changes `count` from an
integer to a string, "rename" renames `note` to `memo`; adding a resource is the API of N + 1 resources.

    python3 synth.py N OUT_DIR      writes OUT_DIR/synth-N.crude.yaml and OUT_DIR/synth-N.openapi.yaml
"""

import os
import sys


def names(n):
    width = max(4, len(str(n)))
    return [f"Res{i:0{width}d}" for i in range(1, n + 1)]


def edited(n):
    """The resource the edits change: the middle one, so that it shares a file with neither end."""
    return names(n)[n // 2]


def crude_spec(n, edits=()):
    out = [
        f"# Synthetic API: {n} resources x (6 fields, 5 operations). Written by Benchmarks/synth.py.",
        "api:",
        "  name: Synth",
        "  base_url: https://api.example.com",
        "  keys: snake_case",
        "resources:",
    ]
    for name in names(n):
        changed = edits if name == edited(n) else ()
        out += [
            f"  {name}:",
            f"    path: {name.lower()}",
            "    id: { name: id, type: String }",
            "    operations: [list, create, read, update, delete]",
            "    fields:",
            "      count: String" if "edit" in changed else "      count: Int",
            "      memo: String?" if "rename" in changed else "      note: String?",
            "      createdAt: Date",
            "      score: Double",
            "      tags: [String]",
        ]
    return "\n".join(out) + "\n"


def openapi_doc(n, edits=()):
    out = [
        f"# Synthetic API: {n} resources x (6 fields, 5 operations). Written by Benchmarks/synth.py.",
        "openapi: 3.0.3",
        "info:",
        "  title: Synth",
        "  version: 1.0.0",
        "servers:",
        "  - url: https://api.example.com",
        "paths:",
    ]
    schemas = ["components:", "  schemas:"]
    for name in names(n):
        path = name.lower()
        ref = f"'#/components/schemas/{name}'"
        one = [
            "content:",
            "  application/json:",
            "    schema:",
            f"      $ref: {ref}",
        ]

        def block(lines, indent):
            return [" " * indent + line for line in lines]

        out += [f"  /{path}:", "    get:", f"      operationId: list{name}", "      responses:",
                "        '200':", "          description: The list.", "          content:",
                "            application/json:", "              schema:", "                type: array",
                "                items:", f"                  $ref: {ref}"]
        out += ["    post:", f"      operationId: create{name}", "      requestBody:", "        required: true"]
        out += block(one, 8)
        out += ["      responses:", "        '201':", "          description: Created."]
        out += block(one, 10)
        out += [f"  /{path}/{{id}}:", "    parameters:", "      - name: id", "        in: path",
                "        required: true", "        schema:", "          type: string"]
        out += ["    get:", f"      operationId: read{name}", "      responses:", "        '200':",
                "          description: The value."]
        out += block(one, 10)
        out += ["    put:", f"      operationId: update{name}", "      requestBody:", "        required: true"]
        out += block(one, 8)
        out += ["      responses:", "        '200':", "          description: Updated."]
        out += block(one, 10)
        out += ["    delete:", f"      operationId: delete{name}", "      responses:", "        '204':",
                "          description: Deleted."]
        changed = edits if name == edited(n) else ()
        schemas += [
            f"    {name}:",
            "      type: object",
            "      required: [id, count, created_at, score, tags]",
            "      properties:",
            "        id: { type: string }",
            "        count: { type: string }" if "edit" in changed else "        count: { type: integer }",
            "        memo: { type: string }" if "rename" in changed else "        note: { type: string }",
            "        created_at: { type: string, format: date-time }",
            "        score: { type: number, format: double }",
            "        tags: { type: array, items: { type: string } }",
        ]
    return "\n".join(out + schemas) + "\n"


def write(n, directory):
    os.makedirs(directory, exist_ok=True)
    crude = os.path.join(directory, f"synth-{n}.crude.yaml")
    openapi = os.path.join(directory, f"synth-{n}.openapi.yaml")
    with open(crude, "w") as f:
        f.write(crude_spec(n))
    with open(openapi, "w") as f:
        f.write(openapi_doc(n))
    return crude, openapi


if __name__ == "__main__":
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    for path in write(int(sys.argv[1]), sys.argv[2]):
        print(path)
