#!/usr/bin/env bash
# --emit=ir prints a tile map or reduction with its element operation: a
# builtin by name, a @wp.func as @name (the func's map read the builtin
# table at index -1: UBSan's report in fuzz.frontend).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >k.py <<'PY'
import warp as wp


@wp.func
def smooth(x: float, y: float):
    return x * y + wp.sin(x)


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=8)
    wp.tile_store(out, wp.tile_map(smooth, t, t))
    u = wp.tile_map(wp.sin, t)
    r = wp.tile_reduce(wp.add, u)
    out[0] = r[0]
PY
"$warpc" --emit=ir k.py -o k.ir || fail "warpc --emit=ir"
for want in 'tile_map\[@smooth\]' 'tile_map\[sin\]' 'tile_reduce\[add\]'; do
  grep -q "$want" k.ir || fail "no $want in: $(grep tile_ k.ir)"
done
echo ok
