/* The CMake sample: two warpc modules of the same file name, kernels.py and
 * physics/kernels.py, built by CMakeLists.txt with warpc_add_kernels.
 *
 * Their module names are their paths in the project, so their launchers
 * and headers differ although both kernels are called `step`:
 *   kernels.h          kernels_step:          y = min(a * x + y, 100)
 *   physics/kernels.h  physics_kernels_step:  one Euler step under gravity
 * Both run on the CPU; the results are checked against the same formulas
 * in C.  It prints PASS or FAIL (exit status 1).
 */
#include <math.h>
#include <stdio.h>

#include <warp/warp.h>

#include "kernels.h"
#include "physics/kernels.h"

#define N 1000
#define STEPS 50
#define DT 0.01f

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "cmake_sample: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    return 0;
  }
  return 1;
}

int main(void) {
  static float xs[N], ys[N], ref_y[N];
  static wp_vec3f pos[N], vel[N];
  static float ref_pos[N][3], ref_vel[N][3];
  const wp_int64 n = N;
  wp_array x, y, p, v;

  for (int i = 0; i < N; i++) {
    xs[i] = (float)i;
    ys[i] = ref_y[i] = (float)(i % 7);
    for (int k = 0; k < 3; k++) {
      pos[i].c[k] = ref_pos[i][k] = (float)(i % 5) + (float)k;
      vel[i].c[k] = ref_vel[i][k] = k == 0 ? 1.0f : 0.0f;
    }
  }
  wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&p, pos, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&v, vel, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU);

  wp_launch l = wp_launch_1d(N);
  if (!check(kernels_step(&l, &x, &y, 0.5f), "kernels_step"))
    return 1;
  for (int s = 0; s < STEPS; s++)
    if (!check(physics_kernels_step(&l, &p, &v, DT), "physics_kernels_step"))
      return 1;

  /* the same in C */
  const float g[3] = {0.0f, -9.81f, 0.0f};
  double err = 0.0;
  int clamped = 0;
  for (int i = 0; i < N; i++) {
    ref_y[i] = fminf(0.5f * xs[i] + ref_y[i], 100.0f);
    clamped += ref_y[i] == 100.0f;
    err = fmax(err, fabs(ys[i] - ref_y[i]));
    for (int s = 0; s < STEPS; s++)
      for (int k = 0; k < 3; k++) {
        ref_vel[i][k] += g[k] * DT;
        ref_pos[i][k] += ref_vel[i][k] * DT;
      }
    for (int k = 0; k < 3; k++) {
      err = fmax(err, fabs(pos[i].c[k] - ref_pos[i][k]));
      err = fmax(err, fabs(vel[i].c[k] - ref_vel[i][k]));
    }
  }
  printf("kernels_step: %d of %d values clamped to 100; y[999] = %g\n", clamped,
         N, (double)ys[N - 1]);
  printf("physics_kernels_step: %d steps; body 0 at (%.5f, %.5f, %.5f)\n",
         STEPS, (double)pos[0].c[0], (double)pos[0].c[1], (double)pos[0].c[2]);
  printf("max abs difference from C: %.3g\n", err);
  int pass = err <= 1e-4;
  printf("%s\n", pass ? "PASS" : "FAIL");
  wp_shutdown();
  return pass ? 0 : 1;
}
