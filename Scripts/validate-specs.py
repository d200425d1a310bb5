"""Validates specs, converted to JSON, against crudegen's JSON Schema with the reference validator.

Usage: validate-specs.py SCHEMA SPEC.json...   Prints one line per problem and exits 1 if there is any.
The tests convert each YAML spec to JSON with Yams, the parser crudegen itself uses, so that both read the
same values (PyYAML, a YAML 1.1 parser, rejects flow mappings such as `{ type: String?, key: id }`).
"""
import json
import sys

import jsonschema


def main() -> int:
    schema_path, *spec_paths = sys.argv[1:]
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    # The schema itself must be a valid draft-07 schema, or every verdict below is meaningless.
    jsonschema.Draft7Validator.check_schema(schema)
    validator = jsonschema.Draft7Validator(schema)
    problems = 0
    for path in spec_paths:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        for error in sorted(validator.iter_errors(document), key=lambda error: [str(part) for part in error.absolute_path]):
            location = "/".join(str(part) for part in error.absolute_path) or "(root)"
            print(f"{path}: {location}: {error.message}")
            problems += 1
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
