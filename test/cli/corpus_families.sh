#!/usr/bin/env bash
# test/corpus/run.py counts a file out of scope when one of its kernels
# reaches a builtin of a family with its own issue that warpc does not
# compile through a func of another file (as newton's GJK tests call
# support_map, which calls wp.mesh_get; REACHED in run.py): the file's own
# text names no tile builtin.  warpc compiles every tile builtin now (the
# last, tile_slice_indexed, since the writes through views), so the file
# reaching one compiles and stays in scope, as does a file that reaches
# none.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p corpus/pkg
cat >corpus/pkg/support.py <<'PY'
import warp as wp


@wp.func
def support(a: wp.array(dtype=float), i: int) -> float:
    # a tile builtin, reached from another file
    x = wp.tile_slice_indexed(wp.tile_zeros(4, dtype=float), (wp.tile_arange(2, dtype=int),))
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
grep -q '^| 2 | all | 2 | 2 | 2 ' table.md || fail "all row: $(cat table.md)"
grep -q '^| 2 | in scope | 2 | 2 | 2 ' table.md ||
  fail "the file reaching tile_slice_indexed counted out of scope: $(cat table.md)"
python3 - out.json <<'PY' || fail "families in the JSON"
import json, sys
rows = {r["file"]: r["families"] for r in json.load(open(sys.argv[1]))}
assert rows["uses_support.py"] == [], rows
assert rows["plain.py"] == [], rows
PY
echo "ok"
