#!/usr/bin/env bash
# A UTF-8 byte order mark at the start of a file is not a column and is not
# echoed: line 1's diagnostics read as without it (the BOM made 1:44 of
# 1:43 and was printed in the source line), in text and JSON.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
line='import warp as wp; wp.set_module_options({"block_dim": 64})'
printf '\357\273\277%s\n' "$line" >bom.py
printf '%s\n' "$line" >plain.py
"$warpc" --no-cuda -fsyntax-only plain.py 2>want || fail "plain: exit $?"
"$warpc" --no-cuda -fsyntax-only bom.py 2>got || fail "bom: exit $?"
grep -q '^plain.py:1:43: warning: ' want || fail "plain: $(cat want)"
sed 's/^plain\.py:/bom.py:/' want >want2
cmp -s want2 got || fail "with a BOM: $(diff want2 got | cat -v)"
"$warpc" --no-cuda -fsyntax-only -fdiagnostics-format=json bom.py 2>got.json || fail "json: exit $?"
grep -q '"caret": {"file": "bom.py", "line": 1, "display-column": 43, "column": 43}' got.json ||
  fail "json: $(cat got.json)"
echo ok
