#!/usr/bin/env bash
# Optional arrays, as None in Warp: a launcher takes a NULL `const wp_array *`
# (or a zeroed wp_array, what wp_array_free leaves) for an array parameter;
# the kernel sees a null array, so `if loss:` is false.  Only parameters the
# kernel tests accept NULL: any other NULL array is an error (a kernel that
# indexes it would crash).  Forward and backward, with hand-computed results;
# a non-null array of the wrong dtype is still refused.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >opt.py <<'PY'
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float), loss: wp.array(dtype=float), out: wp.array(dtype=float),
      flags: wp.array(dtype=int)):
    i = wp.tid()
    if loss:
        wp.atomic_add(loss, 0, x[i] * x[i])
    if out:
        out[i] = x[i] * 2.0
    f = 0
    if not loss:
        f += 1
    if not out:
        f += 2
    flags[i] = f + loss.shape[0] * 10
PY
"$warpc" opt.py -o opt.o
grep -q "loss: array of float32, ndim 1 (optional: may be NULL)" opt.h || fail "header does not mark loss optional"
grep -q "flags: array of int32, ndim 1\$" opt.h || fail "header marks flags optional"
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "opt.h"

int main(void) {
  float xs[4] = {1, 2, 3, 4}, xg[4] = {0}, ls[1] = {0}, lg[1] = {1}, os[4] = {0};
  int fs[4] = {0};
  wp_int64 n = 4, one = 1;
  wp_array x, loss, out, flags, empty, bad;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&loss, ls, WP_FLOAT32, 0, 1, &one, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&out, os, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&flags, fs, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&bad, fs, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_set_grad(&x, xg) || wp_array_set_grad(&loss, lg))
    return 10;
  memset(&empty, 0, sizeof empty);
  wp_status st = opt_k(&WP_LAUNCH_1D(4), &x, NULL, &empty, &flags);
  if (st != WP_SUCCESS) {
    printf("null launch failed: %s\n", wp_last_error());
    return 11;
  }
  printf("null %g %d %d\n", ls[0], fs[0], fs[3]);
  st = opt_k(&WP_LAUNCH_1D(4), &x, &loss, &out, &flags);
  if (st != WP_SUCCESS)
    return 12;
  printf("full %g %g %g %d\n", ls[0], os[0], os[3], fs[2]);
  st = opt_k_backward(&WP_LAUNCH_1D(4), &x, &loss, NULL, &flags);
  if (st != WP_SUCCESS) {
    printf("backward failed: %s\n", wp_last_error());
    return 13;
  }
  printf("grad %g %g %g %g\n", xg[0], xg[1], xg[2], xg[3]);
  st = opt_k(&WP_LAUNCH_1D(4), &x, &bad, NULL, &flags);
  printf("mismatch %s: %s\n", wp_status_string(st), wp_last_error());
  st = opt_k(&WP_LAUNCH_1D(4), &x, &loss, &out, NULL);
  printf("required %s: %s\n", wp_status_string(st), wp_last_error());
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c opt.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
./app >out.txt || fail "app exited $? (output: $(cat out.txt))"
grep -qx 'null 0 3 3' out.txt || fail "null arrays: $(cat out.txt)"
grep -qx 'full 30 2 8 10' out.txt || fail "given arrays: $(cat out.txt)"
grep -qx 'grad 2 4 6 8' out.txt || fail "backward: $(cat out.txt)"
grep -q "^mismatch WP_ERROR_DTYPE_MISMATCH: opt_k: parameter 'loss'" out.txt ||
  fail "dtype mismatch not reported: $(cat out.txt)"
grep -q "^required WP_ERROR_INVALID_VALUE: opt_k: parameter 'flags': array is NULL" out.txt ||
  fail "a NULL array the kernel does not test was accepted: $(cat out.txt)"
echo ok
