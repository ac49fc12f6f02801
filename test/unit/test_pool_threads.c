/* test_pool_threads.c - the CPU pool under concurrent use: several
 * application threads launch kernels at once (pooled and inline sizes, 1-D
 * to 3-D, nested launches from inside kernels, launches recorded on one
 * shared tape) while other threads resize the pool (wp_set_num_threads),
 * stop it (wp_shutdown) and read its size.  Kernels write their indices
 * with plain (non-atomic) stores that the launching thread reads after the
 * launch returns, so a missing happens-before edge in the pool is a data
 * race that `make check-tsan` (this test built with -fsanitize=thread)
 * reports; without TSan it still checks that every index runs exactly once
 * and that nothing deadlocks.  $WARPRT_TEST_ROUNDS scales the work. */
#include <warp/warp.h>

#include <pthread.h>
#include <sched.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

enum { LAUNCHERS = 4, MAX_N = 24000 };

/* Each launcher's buffer: one plain int per linear index. */
typedef struct mark_args {
  int *hits;
} mark_args;

static void mark_range(const void *args, const wp_launch_bounds *b,
                       wp_int64 begin, wp_int64 end) {
  const mark_args *a = args;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    a->hits[i]++;
}

static const wp_kernel_desc mark_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "mark",
    .cpu_forward = mark_range,
    .cpu_backward = mark_range, /* a stand-in adjoint for the tape */
    .args_size = sizeof(mark_args),
};

/* A kernel whose first range launches mark_desc (inline: a nested launch
 * never waits for the pool it runs on). */
typedef struct outer_args {
  int *hits;
  wp_int64 inner_n;
  _Atomic int *inner_ok;
} outer_args;

static void outer_range(const void *args, const wp_launch_bounds *b,
                        wp_int64 begin, wp_int64 end) {
  const outer_args *a = args;
  (void)b;
  (void)end;
  if (begin != 0)
    return;
  /* from inside a kernel: the pool cannot be resized or stopped */
  if (wp_set_num_threads(2) != WP_ERROR_NOT_SUPPORTED)
    return;
  wp_shutdown(); /* a no-op here */
  mark_args inner = {a->hits};
  if (wp_launch_kernel(&WP_LAUNCH_1D(a->inner_n), &mark_desc, 0, &inner) ==
      WP_SUCCESS)
    atomic_fetch_add(a->inner_ok, 1);
}

static const wp_kernel_desc outer_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "outer",
    .cpu_forward = outer_range,
    .args_size = sizeof(outer_args),
};

/* Every hits[0..n) is 1 (and is reset to 0). */
static int all_once(int *hits, wp_int64 n) {
  int ok = 1;
  for (wp_int64 i = 0; i < n; i++) {
    ok &= hits[i] == 1;
    hits[i] = 0;
  }
  return ok;
}

static int rounds = 40;
/* The launchers' buffers outlive them: the tape's records point at them. */
static int buffers[LAUNCHERS][MAX_N];
static wp_tape *shared_tape;
static _Atomic int launchers_left;
static _Atomic int recorded;

static void *launcher(void *arg) {
  int id = (int)(intptr_t)arg, ok = 1, nested = 0;
  int *hits = buffers[id];
  _Atomic int inner_ok = 0;
  for (int r = 0; r < rounds; r++) {
    wp_int64 n = 1000 + (wp_int64)((r * 7919 + id * 104729) % (MAX_N - 1000));
    mark_args a = {hits};
    wp_launch l;
    switch (r % 5) {
    case 0: l = WP_LAUNCH_1D(n); break;
    case 1:
      l = WP_LAUNCH_2D(n / 8, 8);
      n = n / 8 * 8;
      break;
    case 2:
      l = WP_LAUNCH_3D(4, n / 20, 5);
      n = n / 20 * 20;
      break;
    case 3:
      l = WP_LAUNCH_1D(n % 900 + 1);
      n = n % 900 + 1;
      break; /* inline */
    default: {
      outer_args o = {hits, n % 5000 + 1, &inner_ok};
      ok &= wp_launch_kernel(&WP_LAUNCH_1D(4096), &outer_desc, 0, &o) ==
            WP_SUCCESS;
      nested++;
      n = o.inner_n;
      ok &= all_once(hits, n);
      continue;
    }
    }
    if (r % 3 == 0) { /* recorded on the tape all launchers share */
      l.tape = shared_tape;
      recorded++;
    }
    ok &= wp_launch_kernel(&l, &mark_desc, 0, &a) == WP_SUCCESS;
    ok &= all_once(hits, n);
    /* the last error is the thread's own */
    char want[64];
    snprintf(want, sizeof want, "launcher %d round %d", id, r);
    wp_set_error(WP_ERROR_INVALID_VALUE, "%s", want);
    ok &= strcmp(wp_last_error(), want) == 0;
  }
  CHECK(ok);
  CHECK(inner_ok == nested);
  launchers_left--;
  return NULL;
}

/* Resizes the pool while launches run; stops it now and then. */
static void *configurer(void *arg) {
  int shutdowns = arg != NULL, ok = 1;
  for (int i = 0; launchers_left > 0; i++) {
    if (shutdowns) {
      wp_shutdown();
    } else {
      ok &= wp_set_num_threads(i % 5) == WP_SUCCESS; /* 0: the default */
      ok &= wp_get_num_threads() >= 1;
    }
    sched_yield();
  }
  CHECK(ok);
  return NULL;
}

int main(void) {
  const char *r = getenv("WARPRT_TEST_ROUNDS");
  if (r && atoi(r) > 0)
    rounds = atoi(r);
  CHECK(wp_tape_create(&shared_tape) == WP_SUCCESS);
  CHECK(wp_set_num_threads(3) == WP_SUCCESS);
  launchers_left = LAUNCHERS;
  pthread_t t[LAUNCHERS + 2];
  for (int i = 0; i < LAUNCHERS; i++)
    pthread_create(&t[i], NULL, launcher, (void *)(intptr_t)i);
  pthread_create(&t[LAUNCHERS], NULL, configurer, NULL);
  pthread_create(&t[LAUNCHERS + 1], NULL, configurer, (void *)1);
  for (int i = 0; i < LAUNCHERS + 2; i++)
    pthread_join(t[i], NULL);
  CHECK(wp_tape_launch_count(shared_tape) == recorded);
  /* replaying the shared tape: every recorded launch's adjoint runs */
  CHECK(wp_tape_backward(shared_tape, NULL) == WP_SUCCESS);
  wp_tape_destroy(shared_tape);
  /* the pool still works after all that */
  int *hits = calloc(MAX_N, sizeof *hits);
  mark_args a = {hits};
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(MAX_N), &mark_desc, 0, &a) ==
        WP_SUCCESS);
  CHECK(all_once(hits, MAX_N));
  free(hits);
  wp_shutdown();
  return check_report(NULL);
}
