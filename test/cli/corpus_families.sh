#!/usr/bin/env bash
# test/corpus/run.py counts a file out of scope when one of its kernels
# reaches a builtin of a family with its own issue through a func of another
# file (as newton's GJK tests call support_map, which calls wp.mesh_get): the
# file's own text names no tile builtin (here tile_slice_indexed, which
# warpc does not compile yet); a file that reaches none stays in
# scope.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p corpus/pkg
cat >corpus/pkg/support.py <<'PY'
import warp as wp


@wp.func
def support(a: wp.array(dtype=float), i: int) -> float:
    # a tile builtin warpc does not compile yet (tile_load it does)
    x = wp.tile_slice_indexed(wp.tile_zeros(4, dtype=float), (0,))
    return a[i]
PY
cat >corpus/uses_support.py <<'PY'
import warp as wp

from pkg.support import support


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    out[0] = support(a, 0)
PY
cat >corpus/plain.py <<'PY'
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
PY
python3 "$root/test/corpus/run.py" --warpc "$warpc" -j1 -I corpus \
  --json out.json corpus/uses_support.py corpus/plain.py >table.md ||
  fail "run.py failed: $(cat table.md)"
grep -q '^| 2 | all | 1 | 2 | 1 ' table.md || fail "all row: $(cat table.md)"
grep -q '^| 1 | in scope | 1 | 1 | 1 ' table.md ||
  fail "the file reaching tile_slice_indexed counted in scope: $(cat table.md)"
python3 - out.json <<'PY' || fail "families in the JSON"
import json, sys
rows = {r["file"]: r["families"] for r in json.load(open(sys.argv[1]))}
assert rows["uses_support.py"] == ["tile"], rows
assert rows["plain.py"] == [], rows
PY
echo "ok"
