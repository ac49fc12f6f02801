/* heat: the 2-D heat equation on a 256 x 256 insulated plate.
 *
 * Runs the `diffuse` kernel of kernels.py (compiled by warpc into kernels.o
 * and kernels.h) for NUM_STEPS explicit steps, ping-ponging between two
 * arrays with one 2-D launch per step, runs the same scheme with the plain C
 * loop below, compares the two, and prints a checksum, the time per step and
 * PASS or FAIL.
 *
 * The reference performs the kernel's float32 operations in the same order,
 * and both sides are compiled without FMA contraction (warpc passes
 * -ffp-contract=off; the Makefile does too), so the results agree to the last
 * bit in practice; TOLERANCE allows for a rounding difference anyway.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

#define N 256
#define NUM_STEPS 200
#define TOLERANCE 1e-5 /* max abs difference allowed (u is in [0, 1]) */

/* The constants of kernels.py: Python computes R in double, Warp rounds it
 * to float32. */
#define ALPHA 1.0
#define DX (1.0 / N)
#define DT (0.2 * DX * DX / ALPHA)
#define R ((float)(ALPHA * DT / (DX * DX)))

/* ---- initial conditions (the same as initial_state in kernels.py) ---- */

static void initial_state(float *u) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float t = 0.0f;
      if (i >= 150 && i < 220 && j >= 140 && j < 230)
        t = 0.5f; /* a warm rectangle */
      if ((i - 96) * (i - 96) + (j - 96) * (j - 96) <= 40 * 40)
        t = 1.0f; /* a hot disc */
      u[i * N + j] = t;
    }
}

/* ---- the reference: one explicit step, insulated edges ---- */

static int clampi(int k, int lo, int hi) {
  return k < lo ? lo : k > hi ? hi : k;
}

static void reference_step(const float *src, float *dst) {
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      float up = src[clampi(i - 1, 0, N - 1) * N + j];
      float down = src[clampi(i + 1, 0, N - 1) * N + j];
      float left = src[i * N + clampi(j - 1, 0, N - 1)];
      float right = src[i * N + clampi(j + 1, 0, N - 1)];
      float c = src[i * N + j];
      float lap = (up + down) + (left + right) - 4.0f * c;
      dst[i * N + j] = c + R * lap;
    }
}

/* ---- helpers ---- */

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "heat: %s failed: %s: %s\n", what, wp_status_string(st),
            wp_last_error());
    return 0;
  }
  return 1;
}

static double sum(const float *u) {
  double s = 0.0;
  for (int k = 0; k < N * N; k++)
    s += u[k];
  return s;
}

int main(void) {
  float *u0 = malloc(sizeof(float) * N * N);
  float *ref_a = malloc(sizeof(float) * N * N);
  float *ref_b = malloc(sizeof(float) * N * N);
  if (!u0 || !ref_a || !ref_b) {
    fprintf(stderr, "heat: out of memory\n");
    return 1;
  }
  initial_state(u0);

  /* Two N x N grids owned by the runtime; a starts at the initial state. */
  wp_array a = {0}, b = {0};
  const wp_int64 shape[2] = {N, N};
  if (!check(wp_array_alloc(&a, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU),
             "wp_array_alloc(a)") ||
      !check(wp_array_alloc(&b, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU),
             "wp_array_alloc(b)"))
    return 1;
  memcpy(a.data, u0, sizeof(float) * N * N);

  /* warpc kernel: step s reads one grid and writes the other.  The first
   * launch starts the runtime's thread pool, so it is timed apart. */
  int ok = 1;
  wp_launch grid = wp_launch_2d(N, N); /* N x N threads on the CPU */
  double t0 = now_seconds();
  ok = check(kernels_diffuse(&grid, &a, &b), "kernels_diffuse");
  double t1 = now_seconds();
  for (int s = 1; ok && s < NUM_STEPS; s++) {
    const wp_array *src = s % 2 == 0 ? &a : &b;
    const wp_array *dst = s % 2 == 0 ? &b : &a;
    ok = check(kernels_diffuse(&grid, src, dst), "kernels_diffuse");
  }
  double t2 = now_seconds();
  if (!ok)
    return 1;
  const float *u = NUM_STEPS % 2 == 0 ? a.data : b.data;

  /* reference, single-threaded C, the same ping-pong */
  memcpy(ref_a, u0, sizeof(float) * N * N);
  double t3 = now_seconds();
  for (int s = 0; s < NUM_STEPS; s++) {
    if (s % 2 == 0)
      reference_step(ref_a, ref_b);
    else
      reference_step(ref_b, ref_a);
  }
  double t4 = now_seconds();
  const float *ref = NUM_STEPS % 2 == 0 ? ref_a : ref_b;

  /* compare and summarise */
  double max_err = 0.0;
  float lo = u[0], hi = u[0];
  for (int k = 0; k < N * N; k++) {
    double e = fabs((double)u[k] - (double)ref[k]);
    if (!(e <= max_err)) /* NaN compares false: count it as an error */
      max_err = isnan(e) ? INFINITY : e;
    lo = u[k] < lo ? u[k] : lo;
    hi = u[k] > hi ? u[k] : hi;
  }
  int pass = max_err <= TOLERANCE;

  printf("heat: %dx%d grid, %d steps, r = %.3f, %d CPU threads\n", N, N,
         NUM_STEPS, (double)R, wp_get_num_threads());
  printf("time per step: warpc %.3f ms (first launch %.3f ms), C reference "
         "%.3f ms\n",
         (t2 - t1) / (NUM_STEPS - 1) * 1e3, (t1 - t0) * 1e3,
         (t4 - t3) / NUM_STEPS * 1e3);
  printf("total heat: initial %.6f, final %.6f\n", sum(u0), sum(u));
  printf("temperature range: [%.6f, %.6f]\n", (double)lo, (double)hi);
  printf("checksum (sum of u): %.6f (reference %.6f)\n", sum(u), sum(ref));
  printf("max abs error vs reference: %.3g (tolerance %.0e)\n", max_err,
         TOLERANCE);
  printf("%s\n", pass ? "PASS" : "FAIL");

  wp_array_free(&a);
  wp_array_free(&b);
  free(u0);
  free(ref_a);
  free(ref_b);
  wp_shutdown();
  return pass ? 0 : 1;
}
