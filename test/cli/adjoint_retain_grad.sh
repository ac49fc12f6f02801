#!/usr/bin/env bash
# The adjoint of a write takes the written slot's gradient and zeroes it (as
# warp-lang 1.19's tape.backward() does), unless the array has
# WP_ARRAY_RETAIN_GRAD (warp-lang's retain_grad=True): y = 2 x; seeding
# y.grad = 1 gives x.grad = 2 either way, and y.grad reads 0 after the
# backward launch by default, 1 with the flag.  Values as warp-lang 1.19.0
# gives them (wp.Tape, retain_grad=False / True).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > rg.py <<'PY'
import warp as wp

@wp.kernel
def double(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = 2.0 * x[i]
PY
"$warpc" --no-cuda rg.py -o rg.o
cat > main.c <<'C'
#include <stdio.h>
#include "rg.h"
static int run(int retain) {
  float xs[2] = {1, 2}, ys[2], gx[2] = {0, 0}, gy[2] = {1, 1};
  wp_array x, y;
  wp_int64 n = 2;
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&x, gx);
  wp_array_set_grad(&y, gy);
  if (retain)
    y.flags |= WP_ARRAY_RETAIN_GRAD;
  if (rg_double(&WP_LAUNCH_1D(2), &x, &y) ||
      rg_double_backward(&WP_LAUNCH_1D(2), &x, &y))
    return puts(wp_last_error()), 1;
  printf("%g %g %g %g\n", gx[0], gx[1], gy[0], gy[1]);
  return 0;
}
int main(void) { return run(0) || run(1); }
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c rg.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app
[ "$(./app)" = "$(printf '2 2 0 0\n2 2 1 1')" ] || fail "gradients: $(./app | tr '\n' ' ')"
echo ok
