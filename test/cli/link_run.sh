#!/usr/bin/env bash
# The whole user workflow: compile kernels with warpc, write a C program that
# includes the generated header and <warp/warp.h>, link it with libwarprt.a,
# run it and check its output; a launch with a wrong array dtype returns
# WP_ERROR_DTYPE_MISMATCH with a message naming the parameter.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


@wp.kernel
def offset(p: wp.array(dtype=wp.vec3), d: wp.vec3, n: int):
    i = wp.tid()
    p[i] = p[i] + d * float(n)
PY
"$warpc" kernels.py -o kernels.o
cat >main.c <<'C'
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "kernels.h"

int main(void) {
  enum { N = 5000 };
  static float xs[N], ys[N];
  for (int i = 0; i < N; i++) { xs[i] = (float)i; ys[i] = 1.0f; }
  wp_int64 n = N;
  wp_array x, y;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU))
    return 10;
  wp_status st = kernels_saxpy(&WP_LAUNCH_1D(n), &x, &y, 2.0f);
  if (st != WP_SUCCESS) {
    printf("saxpy failed: %s\n", wp_last_error());
    return 11;
  }
  printf("saxpy %g %g %g\n", ys[0], ys[1], ys[N - 1]);

  wp_array p;
  wp_int64 three = 3;
  if (wp_array_alloc(&p, WP_VEC3F, 0, 1, &three, 0, WP_DEVICE_CPU))
    return 12;
  wp_vec3f d = {{1.0f, -2.0f, 0.5f}};
  st = kernels_offset(&WP_LAUNCH_1D(3), &p, d, 4);
  if (st != WP_SUCCESS)
    return 13;
  const wp_vec3f *pv = p.data;
  printf("offset %g %g %g\n", pv[2].c[0], pv[2].c[1], pv[2].c[2]);

  /* wrong dtype: y is float32, p is vec3f */
  st = kernels_saxpy(&WP_LAUNCH_1D(3), &p, &y, 1.0f);
  printf("mismatch %s: %s\n", wp_status_string(st), wp_last_error());
  wp_array_free(&p);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
for threads in 1 3; do
  WARP_NUM_THREADS=$threads ./app >out.txt || fail "app exited $? (output: $(cat out.txt))"
  grep -qx 'saxpy 1 3 9999' out.txt || fail "saxpy result wrong: $(cat out.txt)"
  grep -qx 'offset 4 -8 2' out.txt || fail "offset result wrong: $(cat out.txt)"
  grep -q "^mismatch WP_ERROR_DTYPE_MISMATCH: kernels_saxpy: parameter 'x'" out.txt ||
    fail "dtype mismatch not reported: $(cat out.txt)"
done
echo ok
