#!/usr/bin/env bash
# print() and wp.printf in a differentiable kernel print in the forward
# kernel only.  warp-lang 1.19's backward kernel prints them again and adds
# an "adj: " line per print(); warpc's backward replays the computation
# without its messages (see replayed() in lib/ir/adjoint.c, and the man page
# on print).  The gradient must not change: y = (2x)^2 per element, so
# dy/dx = 8x (x = 1.5: 12), the print in a loop and a branch included.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >pr.py <<'PY'
import warp as wp

@wp.kernel
def square(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i] * 2.0
    print(v)
    for k in range(2):
        wp.printf("k=%d v=%g\n", k, v)
    if v > 0.0:
        print("positive")
    y[i] = v * v
PY
"$warpc" --no-cuda pr.py -o pr.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include "pr.h"
int main(void) {
  float xs[1] = {1.5f}, ys[1] = {0}, gx[1] = {0}, gy[1] = {1};
  wp_array x, y;
  wp_int64 n = 1;
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&x, gx);
  wp_array_set_grad(&y, gy);
  if (pr_square(&WP_LAUNCH_1D(1), &x, &y))
    return puts(wp_last_error()), 1;
  fflush(stdout);
  puts("-- backward");
  fflush(stdout);
  if (pr_square_backward(&WP_LAUNCH_1D(1), &x, &y))
    return puts(wp_last_error()), 1;
  fflush(stdout);
  printf("-- y %g dx %g\n", ys[0], gx[0]);
  return 0;
}
C
cc -std=c11 -I"$root/runtime/include" main.c pr.o "$root/build/lib/libwarprt.a" -lpthread -lm -o app ||
  fail "link failed"
./app >got.txt || fail "app exited $?: $(cat got.txt)"
cat >want.txt <<'TXT'
3
k=0 v=3
k=1 v=3
positive
-- backward
-- y 9 dx 12
TXT
diff want.txt got.txt >diff.txt || fail "output: $(cat diff.txt)"
echo ok
