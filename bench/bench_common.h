/* bench_common.h - what the benchmark drivers share: the command line,
 * deterministic inputs, host timers, files of results and the BENCH line
 * bench/report.py reads.  Plain C99 (also compiled by nvcc as C++ for the
 * hand-written CUDA versions): no warp header here.  The functions are
 * static inline: each driver uses some of them. */
#ifndef BENCH_COMMON_H
#define BENCH_COMMON_H

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct bench_opts {
  int cpu;         /* --cpu: CPU timings only (no GPU needed) */
  int reps;        /* --reps N: timed repetitions (0: the driver's default) */
  const char *out; /* --out FILE: write the checked result there */
  const char *ref; /* --ref FILE: compare the GPU result with this file */
  const char *device; /* --device cuda:N (default cuda:0) */
} bench_opts;

static inline void bench_usage(const char *prog) {
  fprintf(stderr,
          "usage: %s [--cpu] [--reps N] [--device cuda:N] [--out FILE] "
          "[--ref FILE]\n",
          prog);
  exit(2);
}

static inline bench_opts bench_parse(int argc, char **argv) {
  bench_opts o = {0, 0, NULL, NULL, "cuda:0"};
  for (int i = 1; i < argc; i++) {
    const char *a = argv[i];
    const char *v = i + 1 < argc ? argv[i + 1] : NULL;
    if (strcmp(a, "--cpu") == 0)
      o.cpu = 1;
    else if (strcmp(a, "--reps") == 0 && v)
      o.reps = atoi(argv[++i]);
    else if (strcmp(a, "--out") == 0 && v)
      o.out = argv[++i];
    else if (strcmp(a, "--ref") == 0 && v)
      o.ref = argv[++i];
    else if (strcmp(a, "--device") == 0 && v)
      o.device = argv[++i];
    else
      bench_usage(argv[0]);
  }
  if (o.reps < 0)
    bench_usage(argv[0]);
  return o;
}

static inline double bench_now_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

/* A float in [lo, hi) from an integer hash of (i, seed): the same inputs in
 * every driver, without a random generator. */
static inline float bench_uniform(uint32_t i, uint32_t seed, float lo,
                                  float hi) {
  uint32_t h = i * 0x9E3779B9u + seed * 0x85EBCA6Bu;
  h ^= h >> 16;
  h *= 0x7FEB352Du;
  h ^= h >> 15;
  h *= 0x846CA68Bu;
  h ^= h >> 16;
  float u = (float)(h >> 8) * (1.0f / 16777216.0f);
  return lo + u * (hi - lo);
}

static inline void *bench_malloc(size_t n) {
  void *p = malloc(n ? n : 1);
  if (!p) {
    fprintf(stderr, "bench: out of memory (%zu bytes)\n", n);
    exit(3);
  }
  return p;
}

static inline void bench_write(const char *path, const void *data,
                               size_t bytes) {
  FILE *f = fopen(path, "wb");
  if (!f || fwrite(data, 1, bytes, f) != bytes || fclose(f) != 0) {
    perror(path);
    exit(3);
  }
}

/* Reads exactly `bytes` bytes of path into a new buffer. */
static inline void *bench_read(const char *path, size_t bytes) {
  void *p = bench_malloc(bytes);
  FILE *f = fopen(path, "rb");
  if (!f || fread(p, 1, bytes, f) != bytes || fgetc(f) != EOF) {
    fprintf(stderr, "bench: %s: cannot read %zu bytes\n", path, bytes);
    exit(3);
  }
  fclose(f);
  return p;
}

/* Largest |a - b| over n floats, relative to the largest |b| (a "norm"
 * relative difference: element-wise relative errors blow up near zero).
 * NaN anywhere gives infinity. */
static inline double bench_diff(const float *a, const float *b, size_t n,
                                double *max_abs) {
  double ma = 0.0, mb = 0.0;
  for (size_t k = 0; k < n; k++) {
    double d = fabs((double)a[k] - (double)b[k]);
    if (isnan(d))
      d = INFINITY;
    if (d > ma)
      ma = d;
    if (fabs((double)b[k]) > mb)
      mb = fabs((double)b[k]);
  }
  if (max_abs)
    *max_abs = ma;
  return mb > 0 ? ma / mb : ma;
}

#endif
