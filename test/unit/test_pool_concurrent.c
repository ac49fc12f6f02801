/* test_pool_concurrent.c - CPU launches from several application threads
 * run at the same time: their results equal a plain C loop's, and their
 * kernels really overlap (a rendezvous of 8 launches' kernels, which
 * launches run one after the other cannot reach: each would time out
 * waiting for the others).  Built with -fsanitize=thread by
 * test/cli/pool_tsan.sh.  $WARPRT_TEST_ROUNDS scales the work. */
#include <warp/warp.h>

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

enum { LAUNCHERS = 8 };

/* The value thread i of a launch with `seed` writes: an integer hash, so
 * that a missed, repeated or misplaced index shows. */
static wp_uint32 expected(wp_uint32 seed, wp_int64 i) {
  wp_uint32 x = seed * 2654435761u ^ (wp_uint32)i * 40503u;
  x ^= x >> 13;
  return x * 0x5bd1e995u + (wp_uint32)(i >> 32);
}

typedef struct hash_args {
  wp_uint32 *out;
  wp_uint32 seed;
  int nested; /* range [0, ..) also launches an inner kernel from inside */
  wp_uint32 *inner_out;
  wp_int64 inner_n;
  _Atomic int *inner_status;
} hash_args;

static void hash_range(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end);

static const wp_kernel_desc hash_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "hash",
    .cpu_forward = hash_range,
    .args_size = sizeof(hash_args),
};

static void hash_range(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  const hash_args *a = args;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    a->out[i] = expected(a->seed, i);
  if (a->nested && begin == 0) {
    hash_args inner = {a->inner_out, a->seed + 1, 0, NULL, 0, NULL};
    *a->inner_status =
        (int)wp_launch_kernel(&WP_LAUNCH_1D(a->inner_n), &hash_desc, 0, &inner);
  }
}

/* Compares out[0..n) with a plain loop's values. */
static int matches(const wp_uint32 *out, wp_uint32 seed, wp_int64 n) {
  for (wp_int64 i = 0; i < n; i++)
    if (out[i] != expected(seed, i))
      return 0;
  return 1;
}

static int rounds = 20;

/* Launches of several sizes (inline and pooled), some nesting another
 * launch, each checked against the plain loop. */
static void *launcher(void *arg) {
  static const wp_int64 sizes[] = {64, 1000, 1024, 4096, 40000, 250000};
  enum { NSIZES = sizeof sizes / sizeof *sizes };
  int id = (int)(intptr_t)arg, ok = 1;
  wp_uint32 *out = malloc(250000 * sizeof *out);
  wp_uint32 *inner = malloc(5000 * sizeof *inner);
  for (int r = 0; r < rounds; r++) {
    wp_int64 n = sizes[(r + id) % NSIZES];
    _Atomic int inner_status = -1;
    hash_args a = {out,        (wp_uint32)(id * 1000 + r),
                   r % 3 == 0, inner,
                   5000,       &inner_status};
    ok &= wp_launch_kernel(&WP_LAUNCH_1D(n), &hash_desc, 0, &a) == WP_SUCCESS;
    ok &= matches(out, a.seed, n);
    if (a.nested)
      ok &= inner_status == WP_SUCCESS && matches(inner, a.seed + 1, 5000);
  }
  free(out);
  free(inner);
  CHECK(ok);
  return NULL;
}

static void run_threads(void *(*fn)(void *), int n) {
  pthread_t t[LAUNCHERS];
  for (int i = 0; i < n; i++)
    CHECK(pthread_create(&t[i], NULL, fn, (void *)(intptr_t)i) == 0);
  for (int i = 0; i < n; i++)
    pthread_join(t[i], NULL);
}

/* The rendezvous: the range holding thread 0 of each launch arrives and
 * waits (up to 10 s) until the ranges of all LAUNCHERS launches have
 * arrived.  Launches run one at a time never get there: the first waits
 * alone until the timeout (and the others then stop waiting). */
static _Atomic int arrived;
static _Atomic int timed_out;

static double now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void meet_range(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  (void)b;
  wp_uint32 *out = *(wp_uint32 *const *)args;
  for (wp_int64 i = begin; i < end; i++)
    out[i] = (wp_uint32)i;
  if (begin != 0)
    return;
  arrived++;
  double deadline = now() + 10;
  while (arrived < LAUNCHERS && !timed_out)
    if (now() > deadline) {
      timed_out = 1;
      return;
    } else {
      sched_yield();
    }
}

static const wp_kernel_desc meet_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "meet",
    .cpu_forward = meet_range,
    .args_size = sizeof(wp_uint32 *),
};

static void *meeter(void *arg) {
  (void)arg;
  enum { N = 8192 }; /* pooled: above WP_INLINE_BELOW */
  wp_uint32 *out = malloc(N * sizeof *out);
  int ok =
      wp_launch_kernel(&WP_LAUNCH_1D(N), &meet_desc, 0, &out) == WP_SUCCESS;
  for (wp_int64 i = 0; i < N; i++)
    ok &= out[i] == (wp_uint32)i;
  free(out);
  CHECK(ok);
  return NULL;
}

int main(void) {
  const char *r = getenv("WARPRT_TEST_ROUNDS");
  if (r && atoi(r) > 0)
    rounds = atoi(r);
  /* several pool sizes: fewer workers than launchers, more, none */
  static const int threads[] = {3, 12, 1};
  for (int t = 0; t < 3; t++) {
    CHECK(wp_set_num_threads(threads[t]) == WP_SUCCESS);
    run_threads(launcher, LAUNCHERS);
  }
  /* The pool's workers would be enough to run one launch's chunks: the
   * launches must still overlap. */
  CHECK(wp_set_num_threads(4) == WP_SUCCESS);
  run_threads(meeter, LAUNCHERS);
  CHECK(arrived == LAUNCHERS);
  CHECK(!timed_out);
  wp_shutdown();
  return check_report(NULL);
}
