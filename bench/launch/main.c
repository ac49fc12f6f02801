/* launch: the time per CPU launch of a light kernel (y = a x + y over n
 * floats) at several thread counts, from one application thread and from
 * several launching at once (each on arrays of its own).  A benchmark, not a
 * test: it prints a table and fails only when a result is wrong.
 *
 *   launch_bench [CALLERS...]     default: 1 2
 *
 * Each row: n, callers, launches per caller, microseconds per launch as
 * each caller sees it (wall time / launches), and launches per second of
 * all callers together.  The kernel is written by hand (a wp_kernel_desc,
 * as warpc generates), so no warpc is needed.  WARP_NUM_THREADS sets the
 * pool's threads. */
#define _POSIX_C_SOURCE 200809L /* setenv, barriers */

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/warp.h>

typedef struct saxpy_args {
  const float *x;
  float *y;
  float a;
} saxpy_args;

/* Aligned: where the linker happens to put the loop (across a 64-byte
 * line of the CPU's op cache or not) moved its time by 30% between builds
 * that differ only in libwarprt. */
__attribute__((aligned(64))) static void saxpy_range(const void *args,
                                                     const wp_launch_bounds *b,
                                                     wp_int64 begin,
                                                     wp_int64 end) {
  const saxpy_args *p = args;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    p->y[i] = p->a * p->x[i] + p->y[i];
}

static const wp_kernel_desc saxpy_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "saxpy",
    .cpu_forward = saxpy_range,
    .args_size = sizeof(saxpy_args),
};

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

typedef struct caller {
  wp_int64 n;
  long reps;
  pthread_barrier_t *start;
  double seconds;
  int ok;
} caller;

static void *run_caller(void *arg) {
  caller *c = arg;
  float *x = malloc(sizeof(float) * (size_t)c->n);
  float *y = malloc(sizeof(float) * (size_t)c->n);
  for (wp_int64 i = 0; i < c->n; i++)
    x[i] = 1.0f, y[i] = 0.0f;
  saxpy_args a = {x, y, 1.0f};
  wp_launch l = wp_launch_1d(c->n);
  c->ok = wp_launch_kernel(&l, &saxpy_desc, 0, &a) == WP_SUCCESS; /* warm */
  pthread_barrier_wait(c->start);
  double t0 = now();
  for (long r = 0; r < c->reps; r++)
    c->ok &= wp_launch_kernel(&l, &saxpy_desc, 0, &a) == WP_SUCCESS;
  c->seconds = now() - t0;
  /* every launch added 1: y = reps + 1 (exact in float32 below 2^24) */
  for (wp_int64 i = 0; i < c->n; i++)
    c->ok &= y[i] == (float)(c->reps + 1);
  free(x);
  free(y);
  return NULL;
}

/* Runs `callers` threads of `reps` launches of n threads; prints a row. */
static int measure(wp_int64 n, int callers, long reps) {
  enum { MAX_CALLERS = 64 };
  if (callers > MAX_CALLERS)
    callers = MAX_CALLERS;
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, (unsigned)callers);
  caller c[MAX_CALLERS];
  pthread_t t[MAX_CALLERS];
  for (int i = 0; i < callers; i++) {
    c[i] = (caller){n, reps, &start, 0, 0};
    pthread_create(&t[i], NULL, run_caller, &c[i]);
  }
  double worst = 0, sum = 0;
  int ok = 1;
  for (int i = 0; i < callers; i++) {
    pthread_join(t[i], NULL);
    ok &= c[i].ok;
    sum += c[i].seconds;
    worst = c[i].seconds > worst ? c[i].seconds : worst;
  }
  pthread_barrier_destroy(&start);
  printf("%9lld %8d %9ld %14.3f %16.0f%s\n", (long long)n, callers, reps,
         sum / callers / (double)reps * 1e6, (double)reps * callers / worst,
         ok ? "" : "  WRONG RESULT");
  return ok;
}

/* Microseconds per launch of n threads, `reps` launches from this thread
 * on the pool as it is now; *ok cleared on a wrong result. */
static double time_launches(wp_int64 n, long reps, int *ok) {
  caller c = {n, reps, NULL, 0, 0};
  pthread_barrier_t start;
  pthread_barrier_init(&start, NULL, 1);
  c.start = &start;
  run_caller(&c);
  pthread_barrier_destroy(&start);
  *ok &= c.ok;
  return c.seconds / (double)reps * 1e6;
}

static int cmp_double(const void *a, const void *b) {
  double x = *(const double *)a, y = *(const double *)b;
  return (x > y) - (x < y);
}

/* Inline (a pool of 1 thread) against the pool (WARP_NUM_THREADS or the
 * CPUs) with its inline/pooled rule, and against the pool with the rule off
 * (WARP_POOL_MIN_WORK_US=0: every launch of WP_INLINE_BELOW threads or more
 * pooled), ROUNDS rounds alternating; medians, [min, max] and the ratio
 * pooled / inline of the medians (<= 1: the pool is no slower). */
static int compare_inline(int threads) {
  enum { ROUNDS = 5 };
  static const wp_int64 sizes[] = {64, 1024, 4096, 1 << 20};
  static const long reps[] = {200000, 50000, 20000, 200};
  int ok = 1;
  printf("\ninline (1 thread) vs pooled (%d threads), us/launch, median "
         "[min, max] of %d rounds\n",
         threads, ROUNDS);
  printf("%9s %24s %24s %24s %8s %8s\n", "n", "inline", "pooled (rule)",
         "pooled (rule off)", "rule/in", "off/in");
  for (int k = 0; k < 4; k++) {
    double t[3][ROUNDS];
    for (int r = 0; r < ROUNDS; r++)
      for (int m = 0; m < 3; m++) {
        setenv("WARP_POOL_MIN_WORK_US", m == 2 ? "0" : "", 1);
        wp_set_num_threads(m == 0 ? 1 : threads); /* restarts the workers */
        t[m][r] = time_launches(sizes[k], reps[k], &ok);
      }
    double med[3];
    printf("%9lld", (long long)sizes[k]);
    for (int m = 0; m < 3; m++) {
      qsort(t[m], ROUNDS, sizeof t[m][0], cmp_double);
      med[m] = t[m][ROUNDS / 2];
      char cell[64];
      snprintf(cell, sizeof cell, "%.3f [%.3f, %.3f]", med[m], t[m][0],
               t[m][ROUNDS - 1]);
      printf(" %24s", cell);
    }
    printf(" %8.2f %8.2f%s\n", med[1] / med[0], med[2] / med[0],
           ok ? "" : "  WRONG RESULT");
  }
  unsetenv("WARP_POOL_MIN_WORK_US");
  wp_set_num_threads(0);
  return ok;
}

int main(int argc, char **argv) {
  static const wp_int64 sizes[] = {64, 1024, 4096, 1 << 20};
  static const long reps[] = {2000000, 200000, 100000, 400};
  int ok = 1;
  printf("pool threads: %d\n", wp_get_num_threads());
  printf("%9s %8s %9s %14s %16s\n", "n", "callers", "launches", "us/launch",
         "launches/s all");
  if (argc > 1 && !strcmp(argv[1], "--compare")) { /* the comparison only */
    ok = compare_inline(wp_get_num_threads());
    wp_shutdown();
    return ok ? 0 : 1;
  }
  int ncallers = argc > 1 ? argc - 1 : 2;
  for (int k = 0; k < 4; k++)
    for (int i = 0; i < ncallers; i++)
      ok &= measure(sizes[k], argc > 1 ? atoi(argv[i + 1]) : i + 1, reps[k]);
  ok &= compare_inline(wp_get_num_threads());
  wp_shutdown();
  return ok ? 0 : 1;
}
