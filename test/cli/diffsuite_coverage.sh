#!/usr/bin/env bash
# Every builtin family docs/coverage.md lists as supported is used by at
# least one e2e differential case (scripts/diffsuite_coverage.py; families
# warp-lang 1.10.1 no longer accepts are exempt there).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 "$root/scripts/diffsuite_coverage.py"
