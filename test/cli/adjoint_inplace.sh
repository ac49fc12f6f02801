#!/usr/bin/env bash
# `a[i] *= s` and `a[i] = a[i] / s` in a differentiable kernel: the write
# consumes the slot's adjoint (the grad slot is zeroed when a store takes it),
# so the gradient is d a_new / d a_old = s, not warp-lang 1.10's s + 1.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > ip.py <<'PY'
import warp as wp

@wp.kernel
def scale(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] *= s

@wp.kernel
def shrink(a: wp.array(dtype=float), s: float):
    i = wp.tid()
    a[i] = a[i] / s
PY
"$warpc" --no-cuda ip.py -o ip.o
cat > main.c <<'C'
#include <stdio.h>
#include "ip.h"
int main(void) {
  float as[2] = {2, 3}, ga[2] = {1, 1};
  wp_array a;
  wp_int64 n = 2;
  wp_array_wrap(&a, as, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_set_grad(&a, ga);
  if (ip_scale(&WP_LAUNCH_1D(2), &a, 5.0f) || ip_scale_backward(&WP_LAUNCH_1D(2), &a, 5.0f))
    return puts(wp_last_error()), 1;
  printf("%g %g\n", ga[0], ga[1]);
  ga[0] = ga[1] = 1;
  if (ip_shrink(&WP_LAUNCH_1D(2), &a, 4.0f) || ip_shrink_backward(&WP_LAUNCH_1D(2), &a, 4.0f))
    return puts(wp_last_error()), 1;
  printf("%g %g\n", ga[0], ga[1]);
  return 0;
}
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c ip.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app
[ "$(./app)" = "$(printf '5 5\n0.25 0.25')" ] || fail "gradients: $(./app | tr '\n' ' ')"
echo ok
