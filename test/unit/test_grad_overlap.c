/* test_grad_overlap.c - the runtime's check that the grads of a CPU
 * backward launch's array arguments do not overlap (launch.c): when two
 * arguments share grad memory without being the same array (slices of one
 * array at an offset, a view of another dtype), the launch bounds carry
 * WP_BOUNDS_GRADS_OVERLAP and warpc's backward kernels add with atomics
 * instead of the plain adds lib/ir/injective.c allows (a plain add would
 * race: the review found lost updates with slices x[3:], x[:N]).  One
 * array whose own elements share grad memory needs it too: a broadcast
 * (stride 0 over an extent > 1, which wp_array_wrap accepts) or strides
 * whose rows overlap (shape (8, 2), strides (4, 4): element (i, 1) is
 * (i + 1, 0)); the index injective.c proves injective in wp.tid() then
 * reaches one grad element from several threads (the review found lost
 * updates on two threads and SPMD backward bits unlike -fno-spmd's).  Also
 * through a CPU graph replay, whose arguments an update may change. */
#include <stddef.h>
#include <string.h>

#include <warp/warp.h>

#include "check.h"

CHECK_TALLY;

typedef struct args2 {
  wp_array a, b;
} args2;

static int seen = -1; /* the flags the last range saw */

static void record_flags(const void *args, const wp_launch_bounds *b,
                         wp_int64 begin, wp_int64 end) {
  (void)args, (void)begin, (void)end;
  seen = b->flags;
}

static const wp_uint32 offsets[2] = {offsetof(args2, a), offsetof(args2, b)};

static const wp_kernel_desc desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "overlap_k",
    .cpu_forward = record_flags,
    .cpu_backward = record_flags,
    .args_size = sizeof(args2),
    .array_offsets = offsets,
    .narrays = 2,
};

static int flags_of(const wp_array *a, const wp_array *b, int backward) {
  args2 args = {*a, *b};
  seen = -1;
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(8), &desc, backward, &args) ==
        WP_SUCCESS);
  return seen;
}

int main(void) {
  wp_int64 n = 16, m = 8;
  wp_array x, y, lo, hi, same, quat, nograd;
  CHECK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  /* x[0:8] and x[3:11]: their grads overlap at an offset */
  CHECK(wp_array_slice(&lo, &x, 0, 0, 8, 1) == WP_SUCCESS);
  CHECK(wp_array_slice(&hi, &x, 0, 3, 11, 1) == WP_SUCCESS);
  CHECK(flags_of(&lo, &hi, 1) == WP_BOUNDS_GRADS_OVERLAP);
  CHECK(flags_of(&hi, &x, 1) == WP_BOUNDS_GRADS_OVERLAP);
  /* the forward never needs it */
  CHECK(flags_of(&lo, &hi, 0) == 0);
  /* disjoint arrays, disjoint slices of one array, one array twice */
  CHECK(flags_of(&x, &y, 1) == 0);
  CHECK(wp_array_slice(&hi, &x, 0, 8, 16, 1) == WP_SUCCESS);
  CHECK(flags_of(&lo, &hi, 1) == 0);
  same = x;
  CHECK(flags_of(&x, &same, 1) == 0);
  /* a view of another dtype shares the grad: x as 4 quaternions */
  quat = x;
  quat.dtype = WP_QUAT_DTYPE(WP_SCALAR_FLOAT32);
  quat.elem_size = 16;
  quat.shape[0] = 4;
  quat.strides[0] = 16;
  CHECK(flags_of(&x, &quat, 1) == WP_BOUNDS_GRADS_OVERLAP);
  /* an array without a grad overlaps nothing */
  nograd = x;
  nograd.grad = NULL;
  CHECK(flags_of(&hi, &nograd, 1) == 0);
  /* one array whose own elements share grad memory */
  wp_array bcast = x, rows = x, col = x;
  bcast.strides[0] = 0; /* 16 indices, one element */
  CHECK(flags_of(&bcast, &y, 1) == WP_BOUNDS_GRADS_OVERLAP);
  CHECK(flags_of(&y, &bcast, 1) == WP_BOUNDS_GRADS_OVERLAP);
  CHECK(flags_of(&bcast, &y, 0) == 0);
  bcast.grad = NULL; /* no grad: nothing added */
  CHECK(flags_of(&bcast, &y, 1) == 0);
  rows.ndim = 2, rows.shape[0] = 8, rows.shape[1] = 2;
  rows.strides[0] = 4, rows.strides[1] = 4; /* (i, 1) is (i + 1, 0) */
  CHECK(flags_of(&rows, &y, 1) == WP_BOUNDS_GRADS_OVERLAP);
  rows.strides[0] = 8; /* row-major: no overlap */
  CHECK(flags_of(&rows, &y, 1) == 0);
  rows.strides[0] = 4, rows.strides[1] = 32; /* column-major: none either */
  CHECK(flags_of(&rows, &y, 1) == 0);
  col.ndim = 2, col.shape[0] = 16, col.shape[1] = 1, col.strides[1] = 0;
  CHECK(flags_of(&col, &y, 1) == 0); /* stride 0 of an extent-1 dimension */

  /* a CPU graph replay checks the arguments it runs with */
  args2 args = {lo, y};
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(m), &desc, 1, &args) == WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  seen = -1;
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS && seen == 0);
  CHECK(wp_array_slice(&hi, &x, 0, 3, 11, 1) == WP_SUCCESS);
  args.b = hi;
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(m), &desc, 1, &args) == WP_SUCCESS);
  CHECK(wp_graph_update_end(g) == WP_SUCCESS);
  seen = -1;
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS &&
        seen == WP_BOUNDS_GRADS_OVERLAP);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  wp_array_free(&x);
  wp_array_free(&y);
  wp_shutdown();
  return check_report(NULL);
}
