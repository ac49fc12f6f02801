/* The pkg-config sample: kernels.py's saxpy (kernels.o, kernels.h) on the
 * CPU, checked against the same loop in C.  Prints PASS or FAIL (exit
 * status 1). */
#include <stdio.h>

#include <warp/warp.h>

#include "kernels.h"

#define N 4096

int main(void) {
  static float xs[N], ys[N], ref[N];
  const wp_int64 n = N;
  wp_array x, y;
  for (int i = 0; i < N; i++) {
    xs[i] = (float)i * 0.25f;
    ys[i] = ref[i] = (float)(N - i);
  }
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_launch l = wp_launch_1d(N);
  wp_status st = kernels_saxpy(&l, &x, &y, 2.0f);
  if (st != WP_SUCCESS) {
    fprintf(stderr, "pkgconfig_sample: kernels_saxpy: %s: %s\n",
            wp_status_string(st), wp_last_error());
    return 1;
  }
  int bad = 0;
  for (int i = 0; i < N; i++)
    bad += ys[i] != 2.0f * xs[i] + ref[i];
  printf("saxpy of %d floats on the CPU: y[%d] = %g, %d wrong\n", N, N - 1,
         (double)ys[N - 1], bad);
  printf("%s\n", bad ? "FAIL" : "PASS");
  wp_shutdown();
  return bad ? 1 : 0;
}
