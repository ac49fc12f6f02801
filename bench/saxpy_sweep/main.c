/* saxpy_sweep_warpc: warpc's saxpy (bench/saxpy/kernels.py) against a
 * hand-written C loop at 2^16, 2^17, ..., 2^26 floats, on one thread and on
 * all (the runtime's pool; the C loop under OpenMP, `parallel for` with a
 * static schedule), as issue 13 asks: warpc within 1.1x of the C loop
 * compiled with -O3 for the same CPU (both -ffp-contract=off: the results
 * must be identical, and are checked once per size).
 *
 *   saxpy_sweep_warpc [--batches N] [--min-log2 J] [--max-log2 K]
 *                     [--own-arrays]     (sizes 2^J..2^K, default 2^16..2^26;
 *                                         J down to 12: launches under the
 *                                         pool's threshold)
 *
 * For each size and implementation: batches of R runs (R = 2^27 / n, at
 * least 3, so a batch moves about 1.5 GB); the one-thread batches first,
 * warpc's and C's interleaved, in the opposite order every other batch
 * (load that grows or shrinks during a batch then hits warpc and C
 * alike), then the all-threads batches the same way; each batch after a
 * pause of PAUSE_MS (threads left spinning by the previous batch sleep).
 * The C loops are timed on warpc's arrays (after the check, which runs
 * them on their own copies), so that both stream the same memory: with
 * separate allocations (--own-arrays) where the pages lie moves the times
 * of 2^23..2^26 floats by up to 10% either way, whichever code runs on
 * them.  One
 * thread is timed in the thread's CPU time (both run on the calling
 * thread: the pool runs a one-thread launch inline), so that the time
 * other processes hold the core does not count; all threads in wall-clock
 * time (OpenMP's threads spin: CPU time would count the spinning).  The
 * table gives the median ms per run, the spread of the batches (min-max)
 * and the ratio warpc / C: the median over the batches of the batch's
 * ratio (warpc and C timed back to back), with, for one thread, the same
 * ratio in wall-clock time.  Exit status 1 when a result differs, 0
 * otherwise (a benchmark: slower is no failure). */
#define _POSIX_C_SOURCE 200809L

#include "../bench_common.h"

#include <omp.h>
#include <warp/warp.h>

#include "kernels.h"

#define A 2.5f
#define MAX_BATCHES 64
/* Before each batch: the threads that the previous one left spinning
 * (OpenMP's, for about GOMP_SPINCOUNT = 300000 pauses, a few ms; the
 * pool's) go to sleep, and do not take the core's other hardware thread
 * from the batch timed next. */
#define PAUSE_MS 20

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

static void pause_ms(int ms) {
  struct timespec ts = {0, (long)ms * 1000000L};
  nanosleep(&ts, NULL);
}

/* The calling thread's CPU time, in ms. */
static double thread_cpu_ms(void) {
  struct timespec ts;
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

int main(int argc, char **argv) {
  int batches = 7, min_lg = 16, max_lg = 26, own = 0;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "--batches") == 0 && i + 1 < argc)
      batches = atoi(argv[++i]);
    else if (strcmp(argv[i], "--min-log2") == 0 && i + 1 < argc)
      min_lg = atoi(argv[++i]);
    else if (strcmp(argv[i], "--max-log2") == 0 && i + 1 < argc)
      max_lg = atoi(argv[++i]);
    else if (strcmp(argv[i], "--own-arrays") == 0)
      own = 1;
    else {
      fprintf(stderr,
              "usage: %s [--batches N] [--min-log2 J] [--max-log2 K] "
              "[--own-arrays]\n",
              argv[0]);
      return 2;
    }
  }
  if (batches < 1 || batches > MAX_BATCHES || min_lg < 12 || max_lg > 26 ||
      min_lg > max_lg) {
    fprintf(stderr,
            "saxpy_sweep_warpc: --batches must be 1..%d, "
            "12 <= --min-log2 <= --max-log2 <= 26\n",
            MAX_BATCHES);
    return 2;
  }
  int nthreads = wp_get_num_threads();
  omp_set_num_threads(nthreads);
  printf("# saxpy y = a*x + y, ms per run: median (min-max of %d batches); "
         "ratio: median of the batches' warpc/C; 1 thread: CPU time (and "
         "the wall-clock ratio), %d threads for 'all': wall-clock\n",
         batches, nthreads);
  printf("%-6s  %-26s %-26s %-6s %-6s  %-26s %-26s %-6s\n", "n",
         "warpc 1 thr CPU", "C -O3 1 thr CPU", "ratio", "wall", "warpc all",
         "C -O3 OpenMP all", "ratio");
  double worst[3] = {0, 0, 0};
  int status = 0;
  for (int lg = min_lg; lg <= max_lg; lg++) {
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
    /* the arrays the C loops are timed on: warpc's (the same memory:
       the times compare the code), or with --own-arrays their own */
    float *tx = own ? cx : xs, *ty = own ? cy : ys;
    int reps = (int)(((wp_int64)1 << 27) / n);
    reps = reps < 3 ? 3 : reps;
    /* t: the table's times (CPU for one thread, wall for all); w1: the
       one-thread implementations' wall-clock times; ratios per batch */
    double t[NIMPL][MAX_BATCHES], w1[2][MAX_BATCHES], rat[3][MAX_BATCHES];
    /* one thread's batches first, then all threads' (a pair per batch,
       in the opposite order every other batch), each after a pause */
    for (int ph = 0; ph < 2; ph++)
      for (int b = 0; b < batches; b++)
        for (int kk = 0; kk < 2; kk++) {
          int k = 2 * ph + (b % 2 ? 1 - kk : kk);
          pause_ms(PAUSE_MS);
          if (k == W1 || k == WN)
            check(wp_set_num_threads(k == W1 ? 1 : nthreads),
                  "wp_set_num_threads");
          double t0 = bench_now_ms(), c0 = thread_cpu_ms();
          for (int r = 0; r < reps; r++) {
            if (k == W1 || k == WN)
              check(saxpy_saxpy(&cpu, &x, &y, A), "saxpy_saxpy");
            else if (k == C1)
              c_saxpy(n, A, tx, ty);
            else
              c_saxpy_omp(n, A, tx, ty);
          }
          double wall = (bench_now_ms() - t0) / reps;
          double cpu_t = (thread_cpu_ms() - c0) / reps;
          t[k][b] = k == W1 || k == C1 ? cpu_t : wall;
          if (k == W1 || k == C1)
            w1[k == C1][b] = wall;
        }
    check(wp_set_num_threads(0), "wp_set_num_threads");
    for (int b = 0; b < batches; b++) {
      rat[0][b] = t[W1][b] / t[C1][b];
      rat[1][b] = w1[0][b] / w1[1][b];
      rat[2][b] = t[WN][b] / t[CN][b];
    }
    double med[NIMPL], r[3];
    char cell[NIMPL][40];
    for (int k = 0; k < NIMPL; k++) {
      qsort(t[k], (size_t)batches, sizeof(double), cmp_double);
      med[k] = t[k][batches / 2];
      snprintf(cell[k], sizeof cell[k], "%.4f (%.4f-%.4f)", med[k], t[k][0],
               t[k][batches - 1]);
    }
    for (int q = 0; q < 3; q++) {
      qsort(rat[q], (size_t)batches, sizeof(double), cmp_double);
      r[q] = rat[q][batches / 2];
      worst[q] = r[q] > worst[q] ? r[q] : worst[q];
    }
    char size[16];
    snprintf(size, sizeof size, "2^%d", lg);
    printf("%-6s  %-26s %-26s %-6.2f %-6.2f  %-26s %-26s %-6.2f\n", size,
           cell[W1], cell[C1], r[0], r[1], cell[WN], cell[CN], r[2]);
    fflush(stdout);
    wp_array_free(&x);
    wp_array_free(&y);
    free(cx);
    free(cy);
  }
  printf("# worst warpc/C: %.2f on one thread (CPU time; wall-clock: %.2f), "
         "%.2f on all (target: 1.10)\n",
         worst[0], worst[1], worst[2]);
  wp_shutdown();
  return status;
}
