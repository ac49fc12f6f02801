/* test_launch_limits.c - the launch dims libwarprt accepts: each extent up to
 * WP_LAUNCH_DIM_MAX (2^31, the most an int32 wp.tid() component indexes), a
 * thread count up to int64, ndim 0..4.  Launches at the limit run a kernel
 * that only records the ranges it is given (no loop over 2^31 indices), so
 * they cost a few calls; wp_tid() of the generated code's prelude is checked
 * at the same boundaries. */
#include <warp/warp.h>

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

/* The prelude's unsigned abs/sign/step compare with 0. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wtype-limits"
#include "emit/prelude/0core.h"
#pragma GCC diagnostic pop

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

#define LIMIT WP_LAUNCH_DIM_MAX

/* What the range kernel saw: the bounds and the ranges' union. */
typedef struct seen {
  _Atomic wp_int64 covered; /* sum of end - begin */
  _Atomic wp_int64 max_end;
  _Atomic int calls;
  wp_launch_bounds bounds;
} seen;

static void record_range(const void *args, const wp_launch_bounds *b,
                         wp_int64 begin, wp_int64 end) {
  seen *s = *(seen *const *)args;
  atomic_fetch_add(&s->covered, end - begin);
  wp_int64 m = atomic_load(&s->max_end);
  while (end > m && !atomic_compare_exchange_weak(&s->max_end, &m, end))
    ;
  if (atomic_fetch_add(&s->calls, 1) == 0)
    s->bounds = *b;
}

static const wp_kernel_desc record_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "record",
    .cpu_forward = record_range,
    .args_size = sizeof(seen *),
};

/* Launches record_range over `l`; *s tells what ran. */
static wp_status launch(const wp_launch *l, seen *s) {
  memset(s, 0, sizeof *s);
  seen *p = s;
  return wp_launch_kernel(l, &record_desc, 0, &p);
}

/* The launch ran every index of [0, n) once, with bounds of size n. */
static int ran_all(const seen *s, wp_int64 n) {
  return s->covered == n && s->max_end == n && s->bounds.size == n;
}

static void test_at_limit(void) {
  seen s;
  /* 1-D: exactly 2^31 threads; the last wp.tid() is INT32_MAX */
  CHECK(launch(&WP_LAUNCH_1D(LIMIT), &s) == WP_SUCCESS);
  CHECK(ran_all(&s, LIMIT));
  CHECK(s.bounds.ndim == 1 && s.bounds.shape[0] == LIMIT);
  /* the last dimension at the limit, 2^32 threads in all */
  CHECK(launch(&WP_LAUNCH_2D(2, LIMIT), &s) == WP_SUCCESS);
  CHECK(ran_all(&s, 2 * LIMIT));
  /* more than 2^31 threads, each component small: accepted */
  CHECK(launch(&WP_LAUNCH_2D(65536, 65536), &s) == WP_SUCCESS);
  CHECK(ran_all(&s, (wp_int64)65536 * 65536));
  wp_launch l4 = {.ndim = 4, .dims = {LIMIT, 1, 1, LIMIT}};
  CHECK(launch(&l4, &s) == WP_SUCCESS);
  CHECK(ran_all(&s, LIMIT * LIMIT));
  wp_launch l0 = {.ndim = 0, .dims = {LIMIT}}; /* ndim 0 means 1 */
  CHECK(launch(&l0, &s) == WP_SUCCESS && ran_all(&s, LIMIT));
}

static void test_past_limit(void) {
  seen s;
  CHECK_ERR(launch(&WP_LAUNCH_1D(LIMIT + 1), &s), WP_ERROR_INVALID_VALUE,
            "kernel record: launch dims (2147483649): dims[0] = 2147483649 "
            "exceeds WP_LAUNCH_DIM_MAX (2147483648)");
  CHECK(s.calls == 0);
  CHECK_ERR(launch(&WP_LAUNCH_2D(2, LIMIT + 1), &s), WP_ERROR_INVALID_VALUE,
            "launch dims (2, 2147483649): dims[1] = 2147483649");
  CHECK_ERR(launch(&WP_LAUNCH_3D(1, LIMIT + 1, 1), &s), WP_ERROR_INVALID_VALUE,
            "launch dims (1, 2147483649, 1): dims[1]");
  wp_launch l4 = {.ndim = 4, .dims = {1, 1, 1, INT64_MAX}};
  CHECK_ERR(launch(&l4, &s), WP_ERROR_INVALID_VALUE, "dims[3] = ");
  /* the longest dims string, whole (a mutant that lost its ')' survived,
     issue 18) */
  wp_launch big = {.ndim = 4,
                   .dims = {INT64_MAX, INT64_MAX, INT64_MAX, INT64_MAX}};
  CHECK_ERR(launch(&big, &s), WP_ERROR_INVALID_VALUE,
            "launch dims (9223372036854775807, 9223372036854775807, "
            "9223372036854775807, 9223372036854775807): dims[0] = ");
  wp_launch neg = {.ndim = 4, .dims = {1, 1, 1, INT64_MIN}};
  CHECK_ERR(launch(&neg, &s), WP_ERROR_INVALID_VALUE,
            "dims[3] = -9223372036854775808 is negative (launch dims (1, 1, "
            "1, -9223372036854775808))");
  wp_launch l0 = {.ndim = 0, .dims = {(wp_int64)1 << 32}};
  CHECK_ERR(launch(&l0, &s), WP_ERROR_INVALID_VALUE,
            "launch dims (4294967296)");
  CHECK(s.calls == 0);
  /* dims past ndim are not looked at */
  wp_launch l1 = {.ndim = 1, .dims = {5, LIMIT + 1, -1, INT64_MAX}};
  CHECK(launch(&l1, &s) == WP_SUCCESS && ran_all(&s, 5));
}

static void test_other_bad_dims(void) {
  seen s;
  /* every extent allowed, the product past int64 */
  CHECK_ERR(launch(&WP_LAUNCH_3D(LIMIT, LIMIT, LIMIT), &s),
            WP_ERROR_INVALID_VALUE,
            "launch dims (2147483648, 2147483648, 2147483648): the thread "
            "count overflows 64 bits");
  CHECK_ERR(launch(&WP_LAUNCH_2D(3, -1), &s), WP_ERROR_INVALID_VALUE,
            "kernel record: launch dims[1] = -1 is negative (launch dims (3, "
            "-1))");
  CHECK_ERR(launch(&WP_LAUNCH_1D(INT64_MIN), &s), WP_ERROR_INVALID_VALUE,
            "is negative");
  wp_launch bad = {.ndim = -1, .dims = {1}};
  CHECK_ERR(launch(&bad, &s), WP_ERROR_INVALID_VALUE,
            "launch ndim -1 is outside 1..4");
  bad.ndim = 5;
  CHECK_ERR(launch(&bad, &s), WP_ERROR_INVALID_VALUE,
            "launch ndim 5 is outside 1..4");
  CHECK(s.calls == 0);
}

/* Dims are checked before the device: a CUDA launch is refused the same
 * way, whether or not the object has CUDA code; a taped launch is refused
 * and not recorded. */
static void test_other_paths(void) {
  seen s, *p = &s;
  wp_launch cuda = {
      .ndim = 1, .dims = {LIMIT + 1}, .device = WP_DEVICE_CUDA(0)};
  CHECK_ERR(wp_launch_kernel(&cuda, &record_desc, 0, &p),
            WP_ERROR_INVALID_VALUE, "exceeds WP_LAUNCH_DIM_MAX");
  wp_tape *tape = NULL;
  CHECK(wp_tape_create(&tape) == WP_SUCCESS);
  wp_launch taped = {.ndim = 1, .dims = {LIMIT + 1}, .tape = tape};
  CHECK_ERR(launch(&taped, &s), WP_ERROR_INVALID_VALUE,
            "exceeds WP_LAUNCH_DIM_MAX");
  CHECK(wp_tape_launch_count(tape) == 0 && s.calls == 0);
  taped.dims[0] = LIMIT;
  CHECK(launch(&taped, &s) == WP_SUCCESS && ran_all(&s, LIMIT));
  CHECK(wp_tape_launch_count(tape) == 1);
  wp_tape_destroy(tape);
}

/* wp.tid() of generated code at the boundaries the launch check allows. */
static void test_tid(void) {
  wp_launch_bounds b1 = {.shape = {LIMIT}, .ndim = 1, .size = LIMIT};
  CHECK(wp_tid(LIMIT - 1, &b1, 0, 1) == INT32_MAX);
  wp_launch_bounds b2 = {.shape = {2, LIMIT}, .ndim = 2, .size = 2 * LIMIT};
  CHECK(wp_tid(LIMIT, &b2, 0, 2) == 1 && wp_tid(LIMIT, &b2, 1, 2) == 0);
  CHECK(wp_tid(2 * LIMIT - 1, &b2, 0, 2) == 1 &&
        wp_tid(2 * LIMIT - 1, &b2, 1, 2) == INT32_MAX);
  /* i = wp.tid() in a 2-D launch is the first component */
  CHECK(wp_tid(LIMIT + 5, &b2, 0, 1) == 1);
  wp_launch_bounds b3 = {
      .shape = {LIMIT, 1, LIMIT}, .ndim = 3, .size = LIMIT * LIMIT};
  wp_int64 last = LIMIT * LIMIT - 1;
  CHECK(wp_tid(last, &b3, 0, 3) == INT32_MAX && wp_tid(last, &b3, 1, 3) == 0 &&
        wp_tid(last, &b3, 2, 3) == INT32_MAX);
  wp_launch_bounds bsq = {
      .shape = {65536, 65536}, .ndim = 2, .size = (wp_int64)65536 * 65536};
  wp_int64 i = (wp_int64)40000 * 65536 + 12345;
  CHECK(wp_tid(i, &bsq, 0, 2) == 40000 && wp_tid(i, &bsq, 1, 2) == 12345);
}

/* The coordinates a CPU range loop steps (wp_launch_coords once, then
 * wp_launch_next per index) are wp_tid's for every index: from any start,
 * over small shapes of 1 to 4 dimensions (extents of 1 included), and at
 * the big boundaries above. */
static int coords_match(const wp_launch_bounds *b, wp_int64 begin,
                        wp_int64 count) {
  wp_int64 c[4];
  wp_launch_coords(begin, b, c);
  for (wp_int64 i = begin; i < begin + count; i++) {
    for (int k = 0; k < 4; k++)
      if ((wp_int32)c[k] != wp_tid(i, b, k, b->ndim))
        return 0;
    wp_launch_next(b, c);
  }
  return 1;
}

static void test_coords(void) {
  static const wp_int64 shapes[][4] = {{7},       {3, 5},       {1, 4},
                                       {4, 1, 3}, {2, 3, 1, 5}, {2, 2, 2, 2}};
  for (size_t s = 0; s < sizeof shapes / sizeof *shapes; s++) {
    wp_launch_bounds b = {.ndim = 0, .size = 1};
    for (int k = 0; k < 4 && shapes[s][k]; k++) {
      b.shape[k] = shapes[s][k];
      b.ndim = k + 1;
      b.size *= shapes[s][k];
    }
    int ok = 1;
    for (wp_int64 begin = 0; begin < b.size; begin++)
      ok &= coords_match(&b, begin, b.size - begin);
    CHECK(ok);
  }
  wp_launch_bounds b2 = {.shape = {2, LIMIT}, .ndim = 2, .size = 2 * LIMIT};
  CHECK(coords_match(&b2, LIMIT - 3, 6));
  wp_launch_bounds b3 = {
      .shape = {LIMIT, 1, LIMIT}, .ndim = 3, .size = LIMIT * LIMIT};
  CHECK(coords_match(&b3, LIMIT * LIMIT - 4, 4));
  CHECK(coords_match(&b3, LIMIT * (LIMIT / 2) - 2, 4));
  wp_launch_bounds b1 = {.shape = {LIMIT}, .ndim = 1, .size = LIMIT};
  CHECK(coords_match(&b1, LIMIT - 5, 5));
}

int main(void) {
  test_coords();
  wp_set_num_threads(3); /* the pool splits the big ranges */
  test_at_limit();
  test_past_limit();
  test_other_bad_dims();
  test_other_paths();
  wp_set_num_threads(1); /* one inline range */
  test_at_limit();
  test_tid();
  wp_shutdown();
  return check_report(NULL);
}
