/* test_task_system.c - wp_set_task_system: CPU launches run their chunks
 * through the application's parallel_for (a serial one that counts its
 * calls and runs the tasks backwards, and one that runs them on threads of
 * its own), with values checked against a plain loop; small and nested
 * launches do not call it; NULL restores the built-in pool; bad task
 * systems are refused. */
#include <warp/warp.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

/* ---- the kernel: out[i] = 3 i + 1, counting its ranges ---------------- */
typedef struct lin_args {
  wp_int64 *out;
  _Atomic int *ranges;
  wp_int64 inner_n; /* > 0: range [0, ..) launches this many threads */
  wp_int64 *inner_out;
  _Atomic int *inner_status;
} lin_args;

static void lin_range(const void *args, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end);

static const wp_kernel_desc lin_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "lin",
    .cpu_forward = lin_range,
    .cpu_backward = lin_range,
    .args_size = sizeof(lin_args),
};

static wp_status set_from_kernel = WP_SUCCESS;

static void lin_range(const void *args, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const lin_args *a = args;
  (void)b;
  for (wp_int64 i = begin; i < end; i++)
    a->out[i] = 3 * i + 1;
  (*a->ranges)++;
  if (a->inner_n > 0 && begin == 0) {
    _Atomic int inner_ranges = 0;
    lin_args in = {a->inner_out, &inner_ranges, 0, NULL, NULL};
    *a->inner_status =
        (int)wp_launch_kernel(&WP_LAUNCH_1D(a->inner_n), &lin_desc, 0, &in);
    set_from_kernel = wp_set_task_system(NULL);
  }
}

static int lin_ok(const wp_int64 *out, wp_int64 n) {
  int ok = 1;
  for (wp_int64 i = 0; i < n; i++)
    ok &= out[i] == 3 * i + 1;
  return ok;
}

/* Launches n threads of lin; the number of ranges it ran in. */
static int launch_lin(wp_int64 n, int backward, int *ok) {
  wp_int64 *out = calloc((size_t)n, sizeof *out);
  _Atomic int ranges = 0;
  lin_args a = {out, &ranges, 0, NULL, NULL};
  *ok = wp_launch_kernel(&WP_LAUNCH_1D(n), &lin_desc, backward, &a) ==
            WP_SUCCESS &&
        lin_ok(out, n);
  free(out);
  return ranges;
}

/* ---- a serial task system: counts calls, runs the tasks backwards ----- */
typedef struct serial_ts {
  _Atomic int calls;
  _Atomic int last_count;
  int bad_indices; /* also call fn with -1 and count (must be ignored) */
  int probe;       /* try to change the pool from inside parallel_for */
  wp_status probe_ts, probe_threads;
} serial_ts;

static void serial_for(void *user, int count, wp_task_fn fn, void *data) {
  serial_ts *s = user;
  s->calls++;
  s->last_count = count;
  if (s->probe) { /* would wait for this very launch: refused */
    s->probe_ts = wp_set_task_system(NULL);
    s->probe_threads = wp_set_num_threads(1);
  }
  if (s->bad_indices) {
    fn(data, -1);
    fn(data, count);
  }
  for (int i = count - 1; i >= 0; i--)
    fn(data, i);
}

static void test_serial(void) {
  serial_ts s = {0};
  wp_task_system ts = {serial_for, &s, 3};
  CHECK(wp_set_task_system(&ts) == WP_SUCCESS);
  ts.num_threads = 99; /* copied: a later change of the struct is not seen */
  CHECK(wp_get_num_threads() == 3);
  int ok;
  /* 10000 threads, 3 threads x 4 chunks: chunk ceil(10000 / 12) = 834, 12
   * chunks (11 of 834, one of 826) */
  CHECK(launch_lin(10000, 0, &ok) == 12 && ok);
  CHECK(s.calls == 1 && s.last_count == 12);
  /* backward launches go through it too */
  CHECK(launch_lin(5000, 1, &ok) == 12 && ok);
  CHECK(s.calls == 2 && s.last_count == 12);
  /* WP_INLINE_BELOW threads: chunk ceil(1024 / 12) = 86, 12 chunks */
  CHECK(launch_lin(WP_INLINE_BELOW, 0, &ok) == 12 && ok);
  CHECK(s.calls == 3);
  /* below WP_INLINE_BELOW: on the caller, one range, no call */
  CHECK(launch_lin(WP_INLINE_BELOW - 1, 0, &ok) == 1 && ok);
  CHECK(s.calls == 3);
  /* indices outside [0, count) are ignored */
  s.bad_indices = 1;
  CHECK(launch_lin(7000, 0, &ok) == 12 && ok);
  CHECK(s.calls == 4);
  s.bad_indices = 0;
  s.probe = 1;
  CHECK(launch_lin(7000, 0, &ok) == 12 && ok);
  CHECK(s.probe_ts == WP_ERROR_NOT_SUPPORTED);
  CHECK(s.probe_threads == WP_ERROR_NOT_SUPPORTED);
  CHECK(s.calls == 5 && wp_get_num_threads() == 3);
  s.probe = 0;

  /* a launch from inside a kernel runs inline (no nested call), and the
   * task system cannot be changed from there */
  wp_int64 *out = calloc(8000, sizeof *out), *inner = calloc(6000, 8);
  _Atomic int ranges = 0, inner_status = -1;
  lin_args a = {out, &ranges, 6000, inner, &inner_status};
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(8000), &lin_desc, 0, &a) == WP_SUCCESS);
  CHECK(lin_ok(out, 8000) && lin_ok(inner, 6000));
  CHECK(inner_status == WP_SUCCESS);
  CHECK(s.calls == 6 && ranges == 12);
  CHECK(set_from_kernel == WP_ERROR_NOT_SUPPORTED);
  free(out);
  free(inner);

  /* hint 0: the number of online CPUs */
  ts.num_threads = 0;
  CHECK(wp_set_task_system(&ts) == WP_SUCCESS);
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  int want = cpus < 1 ? 1 : cpus > WP_MAX_THREADS ? WP_MAX_THREADS : (int)cpus;
  CHECK(wp_get_num_threads() == want);
  wp_int64 n = 4 * want * 300; /* 300 threads a chunk, >= 1200 in all */
  CHECK(launch_lin(n, 0, &ok) == 4 * want && ok);
  CHECK(s.last_count == 4 * want);

  /* wp_set_num_threads while a task system is set: for the pool, later */
  CHECK(wp_set_num_threads(2) == WP_SUCCESS);
  CHECK(wp_get_num_threads() == want);
  CHECK(wp_set_task_system(NULL) == WP_SUCCESS);
  CHECK(wp_get_num_threads() == 2);
  int calls = s.calls;
  /* the pool, which pools every launch here: 2 to 2 x 4 chunks */
  int pooled = launch_lin(10000, 0, &ok);
  CHECK(pooled >= 2 && pooled <= 8 && ok);
  CHECK(s.calls == calls);
}

/* ---- a threaded task system: its own pthreads per call ---------------- */
enum { TS_THREADS = 3 };

typedef struct threaded_ts {
  _Atomic int calls;
  _Atomic int tasks_off_caller; /* tasks run by a thread of its own */
} threaded_ts;

typedef struct ts_call {
  threaded_ts *ts;
  wp_task_fn fn;
  void *data;
  int count;
  _Atomic int next;
  pthread_t caller;
} ts_call;

static void *ts_worker(void *arg) {
  ts_call *c = arg;
  for (int i; (i = c->next++) < c->count;) {
    if (!pthread_equal(pthread_self(), c->caller))
      c->ts->tasks_off_caller++;
    c->fn(c->data, i);
  }
  return NULL;
}

static void threaded_for(void *user, int count, wp_task_fn fn, void *data) {
  threaded_ts *ts = user;
  ts->calls++;
  ts_call c = {ts, fn, data, count, 0, pthread_self()};
  pthread_t t[TS_THREADS];
  int started = 0;
  while (started < TS_THREADS &&
         pthread_create(&t[started], NULL, ts_worker, &c) == 0)
    started++;
  ts_worker(&c); /* the caller works too */
  for (int i = 0; i < started; i++)
    pthread_join(t[i], NULL);
}

static threaded_ts threaded;

static void *ts_launcher(void *arg) {
  int id = (int)(intptr_t)arg, ok = 1, one;
  for (int r = 0; r < 10; r++) {
    /* 4 threads x 4 chunks = 16 ranges when pooled */
    wp_int64 n = 2000 + 3331 * (wp_int64)(id + r);
    ok &= launch_lin(n, 0, &one) == 16 && one;
  }
  CHECK(ok);
  return NULL;
}

static void test_threaded(void) {
  wp_task_system ts = {threaded_for, &threaded, TS_THREADS + 1};
  CHECK(wp_set_task_system(&ts) == WP_SUCCESS);
  int ok;
  CHECK(launch_lin(100000, 0, &ok) == 16 && ok);
  CHECK(threaded.calls == 1);
  /* concurrent launches from 4 threads: each its own parallel_for call */
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, ts_launcher, (void *)(intptr_t)i);
  for (int i = 0; i < 4; i++)
    pthread_join(t[i], NULL);
  CHECK(threaded.calls == 1 + 4 * 10);
  CHECK(threaded.tasks_off_caller > 0);
  CHECK(wp_set_task_system(NULL) == WP_SUCCESS);
}

static void ignore_for(void *user, int count, wp_task_fn fn, void *data) {
  (void)user, (void)count, (void)fn, (void)data;
}

static void test_errors(void) {
  wp_task_system ts = {NULL, NULL, 0};
  CHECK_ERR(wp_set_task_system(&ts), WP_ERROR_INVALID_VALUE,
            "wp_set_task_system: parallel_for is NULL");
  ts.parallel_for = ignore_for;
  ts.num_threads = -1;
  CHECK_ERR(wp_set_task_system(&ts), WP_ERROR_INVALID_VALUE,
            "num_threads -1 is outside 0..1024");
  ts.num_threads = WP_MAX_THREADS + 1;
  CHECK_ERR(wp_set_task_system(&ts), WP_ERROR_INVALID_VALUE,
            "num_threads 1025 is outside 0..1024");
  ts.num_threads = WP_MAX_THREADS;
  CHECK(wp_set_task_system(&ts) == WP_SUCCESS);
  CHECK(wp_get_num_threads() == WP_MAX_THREADS);
  /* A refused call leaves the task system as it was: launches still go
   * to ignore_for, which (breaking the contract) runs no task. */
  ts.parallel_for = NULL;
  CHECK(wp_set_task_system(&ts) == WP_ERROR_INVALID_VALUE);
  wp_int64 out[WP_INLINE_BELOW] = {0};
  _Atomic int ranges = 0;
  lin_args a = {out, &ranges, 0, NULL, NULL};
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(WP_INLINE_BELOW), &lin_desc, 0, &a) ==
        WP_SUCCESS);
  CHECK(ranges == 0 && out[0] == 0);
  CHECK(wp_set_task_system(NULL) == WP_SUCCESS);
  CHECK(wp_set_task_system(NULL) == WP_SUCCESS); /* twice is fine */
}

int main(void) {
  /* the built-in pool pools every launch of WP_INLINE_BELOW threads or
   * more, whatever the kernel costs (its rule: test_pool_rule.c) */
  setenv("WARP_POOL_MIN_WORK_US", "0", 1);
  test_serial();
  test_threaded();
  test_errors();
  /* the pool works again */
  int ok, pooled = launch_lin(10000, 0, &ok);
  CHECK(pooled >= 2 && pooled <= 8 && ok);
  wp_shutdown();
  return check_report(NULL);
}
