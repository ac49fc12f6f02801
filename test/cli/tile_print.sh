#!/usr/bin/env bash
# print(tile) / wp.print(tile) prints what warp-lang 1.19.0's CPU backend
# prints: the values (int32 with %d, floats with %g) in Warp's nested
# brackets, then " = tile(shape=(...), storage=register|shared)", once per
# block.  The kernels are Warp's tests/tile/test_tile_print.py's two, plus
# float64, 3-d and 4-d tiles (Warp starts the blocks of a level past 2-d at
# index + i * extent: distinct values show it), a tile made shared by a
# later tile_sum(axis=) and by t[i], and a transposed (shared) result.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel(enable_backward=False)
def print_register_tile(x: wp.array(dtype=wp.int32)):
    tile = wp.tile_load(x, shape=(8,), storage="register")
    wp.print(tile)


@wp.kernel(enable_backward=False)
def print_shared_and_register_tiles():
    shared_tile = wp.tile_ones(shape=(4, 3), dtype=float, storage="shared")
    register_tile = wp.tile_ones(shape=(4, 3), dtype=float)
    wp.print(shared_tile)
    wp.print(register_tile)


@wp.kernel(enable_backward=False)
def more(a3: wp.array3d(dtype=wp.int32), a4: wp.array4d(dtype=wp.int32), f: wp.array2d(dtype=float),
         d: wp.array(dtype=wp.float64), out: wp.array(dtype=float)):
    t3 = wp.tile_load(a3, shape=(2, 3, 4))
    print(t3)
    t4 = wp.tile_load(a4, shape=(2, 2, 2, 3))
    print(t4)
    tf = wp.tile_load(f, shape=(2, 3))
    print(tf)
    print(wp.tile_transpose(tf))
    s = wp.tile_load(f, shape=(2, 3))
    print(s)
    out[0] = wp.tile_sum(s, axis=0)[1]
    td = wp.tile_load(d, shape=(5,))
    print(td)
    e = wp.tile_load(d, shape=(5,))
    print(e)
    out[1] = float(e[2])
PY
python3 - >expected.txt <<'PY' || fail "warp-lang failed"
import sys, warnings
warnings.simplefilter("ignore")
import numpy as np
import warp as wp
wp.config.log_level = 40
sys.path.insert(0, ".")
import kernels
x = wp.array(np.arange(1, 9), dtype=wp.int32, device="cpu")
sys.stdout.flush()
wp.launch_tiled(kernels.print_register_tile, dim=1, inputs=[x], block_dim=4, device="cpu")
wp.synchronize()
wp.launch_tiled(kernels.print_shared_and_register_tiles, dim=1, inputs=[], block_dim=64, device="cpu")
wp.synchronize()
a3 = wp.array(np.arange(24).reshape(2, 3, 4), dtype=wp.int32, device="cpu")
a4 = wp.array(np.arange(24).reshape(2, 2, 2, 3) - 5, dtype=wp.int32, device="cpu")
f = wp.array(np.array([[0.125, 1e-7, 3], [4, 5e10, -6.5]]), dtype=float, device="cpu")
d = wp.array(np.array([1 / 3, -2.5e-300, 7, 1e20, -0.0]), dtype=wp.float64, device="cpu")
out = wp.zeros(2, dtype=float, device="cpu")
wp.launch_tiled(kernels.more, dim=1, inputs=[a3, a4, f, d, out], block_dim=16, device="cpu")
wp.synchronize()
PY
"$warpc" --no-cuda --no-adjoint kernels.py -o kernels.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include <warp/warp.h>
#include "kernels.h"

static wp_array arr(void *p, wp_dtype t, int nd, const wp_int64 *shape) {
  wp_array a;
  if (wp_array_wrap(&a, p, t, 0, nd, shape, NULL, WP_DEVICE_CPU)) {
    fprintf(stderr, "wrap: %s\n", wp_last_error());
    exit(10);
  }
  return a;
}

int main(void) {
  int xs[8], i3[24], i4[24];
  for (int i = 0; i < 8; i++)
    xs[i] = i + 1;
  for (int i = 0; i < 24; i++) {
    i3[i] = i;
    i4[i] = i - 5;
  }
  float fs[6] = {0.125f, 1e-7f, 3, 4, 5e10f, -6.5f}, outs[2];
  double ds[5] = {1.0 / 3, -2.5e-300, 7, 1e20, -0.0};
  wp_int64 n8 = 8, s3[3] = {2, 3, 4}, s4[4] = {2, 2, 2, 3}, sf[2] = {2, 3},
           n5 = 5, n2 = 2;
  wp_array x = arr(xs, WP_INT32, 1, &n8), a3 = arr(i3, WP_INT32, 3, s3),
           a4 = arr(i4, WP_INT32, 4, s4), f = arr(fs, WP_FLOAT32, 2, sf),
           d = arr(ds, WP_FLOAT64, 1, &n5), out = arr(outs, WP_FLOAT32, 1, &n2);
  wp_launch l4 = {.ndim = 1, .dims = {1}, .block_dim = 4};
  wp_launch l64 = {.ndim = 1, .dims = {1}, .block_dim = 64};
  wp_launch l16 = {.ndim = 1, .dims = {1}, .block_dim = 16};
  if (kernels_print_register_tile_tiled(&l4, &x) != WP_SUCCESS ||
      kernels_print_shared_and_register_tiles_tiled(&l64) != WP_SUCCESS ||
      kernels_more_tiled(&l16, &a3, &a4, &f, &d, &out) != WP_SUCCESS) {
    fprintf(stderr, "launch: %s\n", wp_last_error());
    return 11;
  }
  fflush(stdout);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -ldl -o app || fail "link failed"
./app >got.txt || fail "app exited $?"
grep -qx '\[1 2 3 4 5 6 7 8\] = tile(shape=(8), storage=register)' expected.txt ||
  fail "warp-lang printed: $(cat expected.txt)"
[ "$(grep -c 'storage=shared' expected.txt)" -ge 3 ] || fail "warp-lang printed: $(cat expected.txt)"
diff expected.txt got.txt >diff.txt || fail "output differs from warp-lang:
$(cat diff.txt)"
echo ok
