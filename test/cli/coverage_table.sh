#!/usr/bin/env bash
# docs/coverage.md agrees with the builtin registry: regenerating it from
# `warpc --list-builtins` and warp-lang's reference gives the committed file
# (run `make coverage-table` after changing the registry).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 "$root/scripts/coverage_table.py" --warpc "$root/build/bin/warpc" -o "$tmp/coverage.md"
if ! diff -u "$root/docs/coverage.md" "$tmp/coverage.md" > "$tmp/diff"; then
  head -40 "$tmp/diff"
  echo "FAIL: docs/coverage.md disagrees with the builtin registry; run 'make coverage-table'"
  exit 1
fi
# the hidden option lists the registry: one "NAME MIN-MAX grad|nograd" per line
"$root/build/bin/warpc" --list-builtins | grep -qx 'lerp 3-3 grad' || { echo "FAIL: --list-builtins"; exit 1; }
# and the builtin families out of scope, which coverage_table.py also reads
"$root/build/bin/warpc" --list-out-of-scope | grep -qx 'prefix texture texture lookups' ||
  { echo "FAIL: --list-out-of-scope"; exit 1; }
# with the builtins warp-lang removed (wp.select: a call is an error in both)
"$root/build/bin/warpc" --list-out-of-scope | grep -qx 'removed select 1.10' ||
  { echo "FAIL: --list-out-of-scope lacks the removed wp.select"; exit 1; }
grep -q '^| Utility | `select` | 10 | removed in warp-lang 1.10 |' "$root/docs/coverage.md" ||
  { echo "FAIL: docs/coverage.md does not give select as removed"; exit 1; }
echo ok
