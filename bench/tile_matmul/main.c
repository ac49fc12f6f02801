/* tile_matmul_warpc: a 256x256x256 float32 product with warpc's tile
 * kernel (bench/tile_matmul/kernels.py: 32x32 tiles, tiled launch of an
 * 8x8 grid) against the same product as a plain C loop (i, k, j order,
 * compiled -O3), on the CPU with the same number of threads.
 *
 *   tile_matmul_warpc [--reps N] [--threads T]
 *
 * It checks both results against a float64 product (relative 1e-4), then
 * times N products each way (default 20; the median) and prints
 *
 *   TILE_MATMUL n=256 threads=T warpc_ms=W c_ms=C ratio=W/C reps=N
 *
 * ratio above 1: warpc's tile kernel is slower than the C loop.  T threads
 * (default 1): warpc's pool (wp_set_num_threads), and T pthreads each doing
 * a band of rows of C for the C loop.  A benchmark, not a test: it fails
 * only when a result check fails. */
#define _POSIX_C_SOURCE 200809L

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

#include "kernels.h"

#define N 256
#define TILE 32

static float A[N * N], B[N * N], C[N * N];
static double R[N * N];

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "tile_matmul_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static double now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

typedef struct band {
  int lo, hi;
} band;

static void *c_band(void *p) {
  const band *b = p;
  for (int i = b->lo; i < b->hi; i++) {
    float *ci = C + i * N;
    memset(ci, 0, sizeof(float) * N);
    for (int k = 0; k < N; k++) {
      float aik = A[i * N + k];
      const float *bk = B + k * N;
      for (int j = 0; j < N; j++)
        ci[j] += aik * bk[j];
    }
  }
  return NULL;
}

static void c_gemm(int threads) {
  pthread_t th[64];
  band b[64];
  for (int t = 0; t < threads; t++) {
    b[t].lo = N * t / threads;
    b[t].hi = N * (t + 1) / threads;
    if (threads == 1)
      c_band(&b[t]);
    else if (pthread_create(&th[t], NULL, c_band, &b[t])) {
      fprintf(stderr, "tile_matmul_warpc: pthread_create failed\n");
      exit(3);
    }
  }
  if (threads > 1)
    for (int t = 0; t < threads; t++)
      pthread_join(th[t], NULL);
}

static int close_to_ref(const float *x, const char *what) {
  for (int i = 0; i < N * N; i++) {
    double d = x[i] - R[i], m = R[i] < 0 ? -R[i] : R[i];
    if ((d < 0 ? -d : d) > 1e-4 * (m > 1 ? m : 1)) {
      fprintf(stderr, "tile_matmul_warpc: %s[%d] = %g, expected %g\n", what, i,
              x[i], R[i]);
      return 0;
    }
  }
  return 1;
}

static int cmp_double(const void *a, const void *b) {
  double d = *(const double *)a - *(const double *)b;
  return (d > 0) - (d < 0);
}

int main(int argc, char **argv) {
  int reps = 20, threads = 1;
  for (int i = 1; i < argc; i++) {
    if (!strcmp(argv[i], "--reps") && i + 1 < argc)
      reps = atoi(argv[++i]);
    else if (!strcmp(argv[i], "--threads") && i + 1 < argc)
      threads = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--reps N] [--threads T]\n", argv[0]);
      return 2;
    }
  }
  if (reps < 1 || reps > 1000 || threads < 1 || threads > 64) {
    fprintf(stderr, "tile_matmul_warpc: reps 1..1000, threads 1..64\n");
    return 2;
  }
  check(wp_set_num_threads(threads), "wp_set_num_threads");
  for (int i = 0; i < N * N; i++) {
    A[i] = (float)(((long long)i * 7919) % 1000) / 500.0f - 1.0f;
    B[i] = (float)(((long long)i * 104729) % 997) / 498.5f - 1.0f;
  }
  for (int i = 0; i < N; i++)
    for (int j = 0; j < N; j++) {
      double s = 0;
      for (int k = 0; k < N; k++)
        s += (double)A[i * N + k] * B[k * N + j];
      R[i * N + j] = s;
    }
  wp_array a, b, c;
  wp_int64 shape[2] = {N, N};
  check(wp_array_alloc(&a, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&b, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  check(wp_array_alloc(&c, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU), "alloc");
  memcpy(a.data, A, sizeof A);
  memcpy(b.data, B, sizeof B);
  wp_launch grid = wp_launch_2d(N / TILE, N / TILE);
  check(tile_matmul_gemm_tiled(&grid, &a, &b, &c), "tile_matmul_gemm_tiled");
  c_gemm(threads);
  if (!close_to_ref(c.data, "warpc") || !close_to_ref(C, "C loop"))
    return 1;
  double tw[1000], tc[1000];
  for (int r = 0; r < reps; r++) {
    double t0 = now_ms();
    check(tile_matmul_gemm_tiled(&grid, &a, &b, &c), "tile_matmul_gemm_tiled");
    double t1 = now_ms();
    c_gemm(threads);
    double t2 = now_ms();
    tw[r] = t1 - t0, tc[r] = t2 - t1;
  }
  qsort(tw, (size_t)reps, sizeof(double), cmp_double);
  qsort(tc, (size_t)reps, sizeof(double), cmp_double);
  double w = tw[reps / 2], cm = tc[reps / 2];
  printf("TILE_MATMUL n=%d threads=%d warpc_ms=%.3f c_ms=%.3f ratio=%.2f "
         "reps=%d\n",
         N, threads, w, cm, w / cm, reps);
  wp_array_free(&a);
  wp_array_free(&b);
  wp_array_free(&c);
  return 0;
}
