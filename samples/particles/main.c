/* particles: 100k particles under gravity bouncing on a ground plane.
 *
 * Runs the `integrate` kernel of kernels.py (compiled by warpc into kernels.o
 * and kernels.h) for NUM_STEPS steps, runs the same simulation with the plain
 * C loop below, compares the two, and prints a checksum, the time per step
 * and PASS or FAIL.
 *
 * The reference loop performs the kernel's float32 operations in the same
 * order, and both sides are compiled without FMA contraction (warpc passes
 * -ffp-contract=off; the Makefile does too), so the results agree to the last
 * bit in practice; TOLERANCE allows for a rounding difference anyway.
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

#define NUM_PARTICLES 100000
#define NUM_STEPS 100
#define TOLERANCE 1e-4 /* max abs difference allowed, in metres and m/s */

/* The constants of kernels.py, as float32 (Python evaluates 1.0 / 60.0 in
 * double, Warp rounds the result to float32). */
static const float GRAVITY[3] = {0.0f, -9.81f, 0.0f};
#define DT ((float)(1.0 / 60.0))
#define GROUND_Y 0.0f
#define RADIUS 0.05f
#define RESTITUTION 0.6f
#define FRICTION 0.3f

typedef struct vec3 {
  float c[3];
} vec3;

/* ---- initial conditions: an integer hash of the particle index (the same
 * function as hash_u32 in kernels.py) ---- */

static uint32_t hash_u32(uint32_t i, uint32_t seed) {
  uint32_t h = i * 0x9E3779B9u + seed;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  return h;
}

/* A float in [lo, hi): 24 random bits scaled to [0, 1), exactly as numpy
 * computes it in kernels.py. */
static float uniform(uint32_t i, uint32_t seed, double lo, double hi) {
  float u = (float)(hash_u32(i, seed) >> 8) * (float)(1.0 / 16777216.0);
  return u * (float)(hi - lo) + (float)lo;
}

static void initial_state(vec3 *x, vec3 *v, int n) {
  for (int k = 0; k < n; k++) {
    uint32_t i = (uint32_t)k;
    x[k].c[0] = uniform(i, 1, -10.0, 10.0);
    x[k].c[1] = uniform(i, 2, 0.5, 10.0);
    x[k].c[2] = uniform(i, 3, -10.0, 10.0);
    v[k].c[0] = uniform(i, 4, -2.0, 2.0);
    v[k].c[1] = uniform(i, 5, -1.0, 5.0);
    v[k].c[2] = uniform(i, 6, -2.0, 2.0);
  }
}

/* ---- the reference: one step of the simulation for every particle ---- */

static void reference_step(vec3 *x, vec3 *v, int n) {
  const float floor_y = GROUND_Y + RADIUS;
  for (int k = 0; k < n; k++) {
    float vel[3], pos[3];
    for (int c = 0; c < 3; c++) {
      vel[c] = v[k].c[c] + GRAVITY[c] * DT;
      pos[c] = x[k].c[c] + vel[c] * DT;
    }
    if (pos[1] < floor_y) {
      pos[1] = floor_y;
      float vn = vel[1];
      if (vn < 0.0f) {
        float vn_out = -RESTITUTION * vn;
        float speed = sqrtf(vel[0] * vel[0] + 0.0f * 0.0f + vel[2] * vel[2]);
        float drop = FRICTION * (vn_out - vn);
        float scale = speed > drop ? (speed - drop) / speed : 0.0f;
        vel[0] *= scale;
        vel[1] = vn_out;
        vel[2] *= scale;
      }
    }
    for (int c = 0; c < 3; c++) {
      x[k].c[c] = pos[c];
      v[k].c[c] = vel[c];
    }
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
    fprintf(stderr, "particles: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    return 0;
  }
  return 1;
}

int main(void) {
  const int n = NUM_PARTICLES;
  int ok = 1;

  vec3 *ref_x = malloc(sizeof(vec3) * n);
  vec3 *ref_v = malloc(sizeof(vec3) * n);
  if (!ref_x || !ref_v) {
    fprintf(stderr, "particles: out of memory\n");
    return 1;
  }
  initial_state(ref_x, ref_v, n);

  /* The arrays the kernel works on: owned by the runtime, filled from the
   * same initial state. */
  wp_array x = {0}, v = {0};
  const wp_int64 shape[1] = {n};
  if (!check(wp_array_alloc(&x, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU),
             "wp_array_alloc(x)") ||
      !check(wp_array_alloc(&v, WP_VEC3F, 0, 1, shape, 0, WP_DEVICE_CPU),
             "wp_array_alloc(v)"))
    return 1;
  wp_vec3f *xd = x.data, *vd = v.data;
  for (int k = 0; k < n; k++)
    for (int c = 0; c < 3; c++) {
      xd[k].c[c] = ref_x[k].c[c];
      vd[k].c[c] = ref_v[k].c[c];
    }

  /* warpc kernels: one launch of n threads per step.  The first launch
   * starts the runtime's thread pool, so it is timed apart. */
  wp_launch launch = wp_launch_1d(n); /* n threads on the CPU */
  double t0 = now_seconds();
  ok = check(kernels_integrate(&launch, &x, &v), "kernels_integrate");
  double t1 = now_seconds();
  for (int s = 1; ok && s < NUM_STEPS; s++)
    ok = check(kernels_integrate(&launch, &x, &v), "kernels_integrate");
  double t2 = now_seconds();
  if (!ok)
    return 1;

  /* reference, single-threaded C */
  double t3 = now_seconds();
  for (int s = 0; s < NUM_STEPS; s++)
    reference_step(ref_x, ref_v, n);
  double t4 = now_seconds();

  /* compare and summarise */
  double max_err = 0.0, checksum = 0.0, ref_checksum = 0.0;
  int resting = 0;
  for (int k = 0; k < n; k++) {
    for (int c = 0; c < 3; c++) {
      double ex = fabs((double)xd[k].c[c] - (double)ref_x[k].c[c]);
      double ev = fabs((double)vd[k].c[c] - (double)ref_v[k].c[c]);
      /* NaN compares false: count it as an error explicitly */
      if (!(ex <= max_err))
        max_err = isnan(ex) ? INFINITY : ex;
      if (!(ev <= max_err))
        max_err = isnan(ev) ? INFINITY : ev;
      checksum += xd[k].c[c];
      ref_checksum += ref_x[k].c[c];
    }
    if (xd[k].c[1] <= RADIUS + 1e-6f)
      resting++;
  }
  int pass = max_err <= TOLERANCE;

  printf("particles: %d particles, %d steps, dt %.6f s, %d CPU threads\n", n,
         NUM_STEPS, (double)DT, wp_get_num_threads());
  printf("time per step: warpc %.3f ms (first launch %.3f ms), C reference "
         "%.3f ms\n",
         (t2 - t1) / (NUM_STEPS - 1) * 1e3, (t1 - t0) * 1e3,
         (t4 - t3) / NUM_STEPS * 1e3);
  printf("particles on the ground: %d\n", resting);
  printf("checksum (sum of positions): %.6f (reference %.6f)\n", checksum,
         ref_checksum);
  printf("max abs error vs reference: %.3g (tolerance %.0e)\n", max_err,
         TOLERANCE);
  printf("%s\n", pass ? "PASS" : "FAIL");

  wp_array_free(&x);
  wp_array_free(&v);
  free(ref_x);
  free(ref_v);
  wp_shutdown();
  return pass ? 0 : 1;
}
