/* hashgrid: neighbour counts of 20,000 random particles through a hash grid.
 *
 * Builds a wp_hash_grid (<warp/hash_grid.h>) over the particles in C, runs
 * the `count_neighbours` kernel of kernels.py (compiled by warpc) on the
 * CPU, and on cuda:0 when a GPU and the kernels' CUDA code are there
 * (else it says why that part is skipped), and checks every count and
 * neighbour-index sum against a brute-force O(n^2) C loop.  Prints the
 * times and PASS or FAIL.
 *
 * The distance test is the kernel's float32 arithmetic in the same order
 * (length_sq(p - q) <= r * r), compiled without FMA contraction on both
 * sides, so the results are identical, not just close.
 */
#define _POSIX_C_SOURCE 200809L

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

#define N 20000
#define RADIUS 0.1f /* RADIUS of kernels.py */
#define DIM 64      /* cells per axis: 6.4 x the cell width 0.1 */

static double now_ms(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

static int check(wp_status st, const char *what) {
  if (st)
    fprintf(stderr, "%s: %s\n", what, wp_last_error());
  return st == WP_SUCCESS;
}

static int within(const float *p, const float *q) {
  float d[3] = {p[0] - q[0], p[1] - q[1], p[2] - q[2]};
  return d[0] * d[0] + d[1] * d[1] + d[2] * d[2] <= RADIUS * RADIUS;
}

/* The kernel's answers, by brute force. */
static void reference(const float (*x)[3], int *count, int64_t *sum) {
  for (int i = 0; i < N; i++) {
    count[i] = 0;
    sum[i] = 0;
    for (int j = 0; j < N; j++)
      if (j != i && within(x[i], x[j]))
        count[i]++, sum[i] += j;
  }
}

/* Builds a grid on `device` from the host points, runs the kernel there,
 * and copies the results into count/sum; 0 on failure (message printed). */
static int run(wp_device device, const float (*x)[3], int *count, int64_t *sum,
               double *build_ms, double *query_ms) {
  wp_int64 n = N;
  wp_array hx, hc, hs, dx = {0}, dc = {0}, ds = {0};
  wp_array_wrap(&hx, (void *)x, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&hc, count, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&hs, sum, WP_INT64, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_hash_grid *grid = NULL;
  int ok = check(wp_array_alloc(&dx, WP_VEC3F, 0, 1, &n, 0, device),
                 "wp_array_alloc") &&
           check(wp_array_alloc(&dc, WP_INT32, 0, 1, &n, 0, device),
                 "wp_array_alloc") &&
           check(wp_array_alloc(&ds, WP_INT64, 0, 1, &n, 0, device),
                 "wp_array_alloc") &&
           check(wp_array_copy(&dx, &hx), "wp_array_copy") &&
           check(wp_hash_grid_create(&grid, DIM, DIM, DIM, WP_FLOAT32, device),
                 "wp_hash_grid_create");
  double t0 = now_ms();
  ok = ok &&
       check(wp_hash_grid_build(grid, &dx, RADIUS, NULL), "wp_hash_grid_build");
  double t1 = now_ms();
  wp_launch launch = {.ndim = 1, .dims = {N}, .device = device};
  ok = ok &&
       check(kernels_count_neighbours(&launch, wp_hash_grid_id(grid), &dx, &dc,
                                      &ds),
             "kernels_count_neighbours") &&
       check(wp_synchronize(device), "wp_synchronize");
  double t2 = now_ms();
  ok = ok && check(wp_array_copy(&hc, &dc), "wp_array_copy") &&
       check(wp_array_copy(&hs, &ds), "wp_array_copy");
  *build_ms = t1 - t0;
  *query_ms = t2 - t1;
  wp_hash_grid_destroy(grid);
  wp_array_free(&dx);
  wp_array_free(&dc);
  wp_array_free(&ds);
  return ok;
}

static int compare(const char *dev, const int *count, const int64_t *sum,
                   const int *rc, const int64_t *rs, double build_ms,
                   double query_ms) {
  int bad = 0;
  long long total = 0;
  for (int i = 0; i < N; i++) {
    total += count[i];
    if (count[i] != rc[i] || sum[i] != rs[i]) {
      if (bad++ < 5)
        printf("%s: particle %d: %d neighbours (index sum %lld), brute force "
               "%d (%lld)\n",
               dev, i, count[i], (long long)sum[i], rc[i], (long long)rs[i]);
    }
  }
  printf("%s: %lld neighbour pairs, build %.2f ms, queries %.2f ms: %s\n", dev,
         total, build_ms, query_ms, bad ? "FAIL" : "match");
  return !bad;
}

int main(void) {
  static float x[N][3];
  static int count[N], rc[N];
  static int64_t sum[N], rs[N];
  uint32_t s = 2024;
  for (int i = 0; i < N; i++)
    for (int k = 0; k < 3; k++) { /* a 2 m cube: cells wrap around */
      s = s * 1664525u + 1013904223u;
      x[i][k] = (float)(s >> 8) / 16777216.0f * 2.0f - 1.0f;
    }
  double t0 = now_ms();
  reference(x, rc, rs);
  printf("brute force: %.1f ms\n", now_ms() - t0);
  double b, q;
  int pass = run(WP_DEVICE_CPU, x, count, sum, &b, &q) &&
             compare("cpu", count, sum, rc, rs, b, q);
  int ndev = 0;
  wp_cuda_device_count(&ndev);
  if (ndev <= 0)
    printf("cuda:0: skipped (no CUDA device)\n");
  else {
    memset(count, 0, sizeof count);
    memset(sum, 0, sizeof sum);
    if (run(WP_DEVICE_CUDA(0), x, count, sum, &b, &q))
      pass &= compare("cuda:0", count, sum, rc, rs, b, q);
    else if (strstr(wp_last_error(), "compiled without CUDA code"))
      printf("cuda:0: skipped (kernels.o has no CUDA code)\n");
    else
      pass = 0;
  }
  puts(pass ? "PASS" : "FAIL");
  return pass ? 0 : 1;
}
