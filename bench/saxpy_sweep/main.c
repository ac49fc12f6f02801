/* saxpy_sweep_warpc: warpc's saxpy (bench/saxpy/kernels.py) against a
 * hand-written C loop at 2^16, 2^17, ..., 2^26 floats, on one thread and on
 * all (the runtime's pool; the C loop under OpenMP, `parallel for` with a
 * static schedule), as issue 13 asks: warpc within 1.1x of the C loop
 * compiled with -O3 for the same CPU (both -ffp-contract=off: the results
 * must be identical, and are checked once per size).
 *
 *   saxpy_sweep_warpc [--batches N] [--max-log2 K]    (sizes 2^16..2^K)
 *
 * For each size and implementation: batches of R runs (R = 2^27 / n, at
 * least 3, so a batch moves about 1.5 GB), the implementations interleaved
 * batch by batch; the table gives the median ms per run, the spread of the
 * batches (min-max) and warpc / C of the medians.  Exit status 1 when a
 * result differs, 0 otherwise (a benchmark: slower is no failure). */
#define _POSIX_C_SOURCE 200809L

#include "../bench_common.h"

#include <omp.h>
#include <warp/warp.h>

#include "kernels.h"

#define A 2.5f
#define MAX_BATCHES 64

enum { W1, C1, WN, CN, NIMPL };

static void check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "saxpy_sweep_warpc: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    exit(3);
  }
}

static void c_saxpy(wp_int64 n, float a, const float *restrict x,
                    float *restrict y) {
  for (wp_int64 i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static void c_saxpy_omp(wp_int64 n, float a, const float *restrict x,
                        float *restrict y) {
#pragma omp parallel for schedule(static)
  for (wp_int64 i = 0; i < n; i++)
    y[i] = a * x[i] + y[i];
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int batches = 7, max_lg = 26;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--batches") == 0 && i + 1 < argc)
      batches = atoi(argv[++i]);
    else if (strcmp(argv[i], "--max-log2") == 0 && i + 1 < argc)
      max_lg = atoi(argv[++i]);
    else {
      fprintf(stderr, "usage: %s [--batches N] [--max-log2 K]\n", argv[0]);
      return 2;
    }
  }
  if (batches < 1 || batches > MAX_BATCHES || max_lg < 16 || max_lg > 26) {
    fprintf(stderr,
            "saxpy_sweep_warpc: --batches must be 1..%d, --max-log2 16..26\n",
            MAX_BATCHES);
    return 2;
  }
  int nthreads = wp_get_num_threads();
  omp_set_num_threads(nthreads);
  printf("# saxpy y = a*x + y, ms per run: median (min-max of %d batches); "
         "warpc/C of the medians; %d threads for 'all'\n",
         batches, nthreads);
  printf("%-6s  %-26s %-26s %-6s  %-26s %-26s %-6s\n", "n", "warpc 1 thr",
         "C -O3 1 thr", "ratio", "warpc all", "C -O3 OpenMP all", "ratio");
  double worst[2] = {0, 0};
  int status = 0;
  for (int lg = 16; lg <= max_lg; lg++) {
    wp_int64 n = (wp_int64)1 << lg;
    const wp_int64 shape[1] = {n};
    wp_array x, y;
    check(wp_array_alloc(&x, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
          "alloc");
    check(wp_array_alloc(&y, WP_FLOAT32, 0, 1, shape, 0, WP_DEVICE_CPU),
          "alloc");
    float *cx = bench_malloc(sizeof(float) * (size_t)n);
    float *cy = bench_malloc(sizeof(float) * (size_t)n);
    float *xs = x.data, *ys = y.data;
    for (wp_int64 i = 0; i < n; i++) {
      xs[i] = cx[i] = bench_uniform((uint32_t)i, 1, -1.0f, 1.0f);
      ys[i] = cy[i] = bench_uniform((uint32_t)i, 2, -1.0f, 1.0f);
    }
    wp_launch cpu = WP_LAUNCH_1D(n);
    check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy");
    c_saxpy(n, A, cx, cy);
    if (memcmp(ys, cy, sizeof(float) * (size_t)n) != 0) {
      fprintf(stderr,
              "saxpy_sweep_warpc: n = 2^%d: warpc's result differs "
              "from the C loop's\n",
              lg);
      status = 1;
    }
    int reps = (int)(((wp_int64)1 << 27) / n);
    reps = reps < 3 ? 3 : reps;
    double t[NIMPL][MAX_BATCHES];
    for (int b = 0; b < batches; b++)
      for (int k = 0; k < NIMPL; k++) {
        if (k == W1 || k == WN)
          check(wp_set_num_threads(k == W1 ? 1 : nthreads),
                "wp_set_num_threads");
        double t0 = bench_now_ms();
        for (int r = 0; r < reps; r++) {
          if (k == W1 || k == WN)
            check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy");
          else if (k == C1)
            c_saxpy(n, A, cx, cy);
          else
            c_saxpy_omp(n, A, cx, cy);
        }
        t[k][b] = (bench_now_ms() - t0) / reps;
      }
    check(wp_set_num_threads(0), "wp_set_num_threads");
    double med[NIMPL];
    char cell[NIMPL][40];
    for (int k = 0; k < NIMPL; k++) {
      qsort(t[k], (size_t)batches, sizeof(double), cmp_double);
      med[k] = t[k][batches / 2];
      snprintf(cell[k], sizeof cell[k], "%.4f (%.4f-%.4f)", med[k], t[k][0],
               t[k][batches - 1]);
    }
    double r1 = med[W1] / med[C1], rn = med[WN] / med[CN];
    worst[0] = r1 > worst[0] ? r1 : worst[0];
    worst[1] = rn > worst[1] ? rn : worst[1];
    char size[16];
    snprintf(size, sizeof size, "2^%d", lg);
    printf("%-6s  %-26s %-26s %-6.2f  %-26s %-26s %-6.2f\n", size, cell[W1],
           cell[C1], r1, cell[WN], cell[CN], rn);
    fflush(stdout);
    wp_array_free(&x);
    wp_array_free(&y);
    free(cx);
    free(cy);
  }
  printf("# worst warpc/C: %.2f on one thread, %.2f on all (target: 1.10)\n",
         worst[0], worst[1]);
  wp_shutdown();
  return status;
}
