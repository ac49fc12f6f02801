/* test_graph.c - capture and replay of CPU launches (<warp/graph.h>):
 * results of replays and updates against a plain C loop, the update
 * protocol's refusals, and every error path of the API on the CPU.  The
 * CUDA side runs on the fake driver in test/unit/cuda/fake_graph.c. */
#include <warp/warp.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

/* ---- kernels, as warpc generates them -------------------------------------
 * axpy(x, y: wp.array(dtype=float), a: float): y[i] = y[i] + a * x[i]
 * scale(x: wp.array(dtype=float), b: float): x[i] = x[i] * b */

typedef struct axpy_args {
  wp_array x, y;
  float a;
} axpy_args;
typedef struct scale_args {
  wp_array x;
  float b;
} scale_args;

static void axpy_cpu(const void *args_, const wp_launch_bounds *bnd,
                     wp_int64 begin, wp_int64 end) {
  const axpy_args *p = args_;
  (void)bnd;
  for (wp_int64 i = begin; i < end; i++)
    ((float *)p->y.data)[i] += p->a * ((const float *)p->x.data)[i];
}

static void scale_cpu(const void *args_, const wp_launch_bounds *bnd,
                      wp_int64 begin, wp_int64 end) {
  const scale_args *p = args_;
  (void)bnd;
  for (wp_int64 i = begin; i < end; i++)
    ((float *)p->x.data)[i] *= p->b;
}

static const wp_kernel_desc axpy_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_axpy",
    .cpu_forward = axpy_cpu,
    .cpu_backward = axpy_cpu, /* stands in for an adjoint */
    .args_size = sizeof(axpy_args),
};
static const wp_kernel_desc scale_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_scale",
    .cpu_forward = scale_cpu,
    .args_size = sizeof(scale_args),
};

static wp_status axpy(const wp_launch *l, wp_array x, wp_array y, float a) {
  axpy_args args = {x, y, a};
  return wp_launch_kernel(l, &axpy_desc, 0, &args);
}
static wp_status scale(const wp_launch *l, wp_array x, float b) {
  scale_args args = {x, b};
  return wp_launch_kernel(l, &scale_desc, 0, &args);
}

/* One simulation step: y += a x; x *= b; y += a x. */
static wp_status step(wp_int64 n, wp_array x, wp_array y, float a, float b) {
  wp_status st = axpy(&WP_LAUNCH_1D(n), x, y, a);
  if (st == WP_SUCCESS)
    st = scale(&WP_LAUNCH_1D(n), x, b);
  if (st == WP_SUCCESS)
    st = axpy(&WP_LAUNCH_1D(n), x, y, a);
  return st;
}

/* The same step on plain C arrays. */
static void step_ref(int n, float *x, float *y, float a, float b) {
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
  for (int i = 0; i < n; i++)
    x[i] *= b;
  for (int i = 0; i < n; i++)
    y[i] += a * x[i];
}

enum { N = 10000 };
static wp_array X, Y;
static float rx[N], ry[N];

static void reset(void) {
  for (int i = 0; i < N; i++) {
    rx[i] = ((float *)X.data)[i] = (float)(i % 17) * 0.25f;
    ry[i] = ((float *)Y.data)[i] = (float)(i % 5) - 1.0f;
  }
}

static int matches(void) {
  for (int i = 0; i < N; i++)
    if (((float *)X.data)[i] != rx[i] || ((float *)Y.data)[i] != ry[i])
      return 0;
  return 1;
}

static void test_replay(void) {
  reset();
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(step(N, X, Y, 2.0f, 0.5f) == WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS && g);
  /* Captured, not run. */
  CHECK(matches());
  int count = -1;
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 3);
  CHECK(wp_graph_device(g) == WP_DEVICE_CPU);
  for (int k = 0; k < 4; k++) {
    CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
    step_ref(N, rx, ry, 2.0f, 0.5f);
  }
  CHECK(matches());
  /* Replays equal direct launches. */
  CHECK(step(N, X, Y, 2.0f, 0.5f) == WP_SUCCESS);
  step_ref(N, rx, ry, 2.0f, 0.5f);
  CHECK(matches());

  /* Update the scalars: same launches, new values, then replays use them. */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(step(N, X, Y, -1.0f, 3.0f) == WP_SUCCESS);
  CHECK(matches()); /* an update runs nothing */
  CHECK(wp_graph_update_end(g) == WP_SUCCESS);
  for (int k = 0; k < 2; k++) {
    CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
    step_ref(N, rx, ry, -1.0f, 3.0f);
  }
  CHECK(matches());

  /* Refused updates leave the arguments as they were. */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(axpy(&WP_LAUNCH_1D(N), X, Y, 7.0f) == WP_SUCCESS);
  CHECK_ERR(axpy(&WP_LAUNCH_1D(N), X, Y, 7.0f), WP_ERROR_INVALID_VALUE,
            "kernel test_axpy: graph update: launch 2 of the graph is kernel "
            "test_scale");
  CHECK_ERR(scale(&WP_LAUNCH_1D(N), X, 7.0f), WP_ERROR_INVALID_VALUE,
            "the graph update was abandoned");
  CHECK_ERR(wp_graph_update_end(g), WP_ERROR_INVALID_VALUE,
            "wp_graph_update_end: a launch of the update was refused; the "
            "graph keeps its arguments");
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(axpy(&WP_LAUNCH_1D(N), X, Y, 7.0f) == WP_SUCCESS);
  CHECK_ERR(wp_graph_update_end(g), WP_ERROR_INVALID_VALUE,
            "the update made 1 launches, the graph has 3");
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK_ERR(axpy(&WP_LAUNCH_1D(N - 1), X, Y, 7.0f), WP_ERROR_INVALID_VALUE,
            "launch 1 has other launch dims, block_dim or max_blocks than "
            "when captured (10000 threads then, 9999 now)");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(step(N, X, Y, 7.0f, 7.0f) == WP_SUCCESS);
  CHECK_ERR(axpy(&WP_LAUNCH_1D(N), X, Y, 7.0f), WP_ERROR_INVALID_VALUE,
            "the graph has only 3 launches, this is launch 4");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  axpy_args bargs = {X, Y, 7.0f};
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK_ERR(wp_launch_kernel(&WP_LAUNCH_1D(N), &axpy_desc, 1, &bargs),
            WP_ERROR_INVALID_VALUE,
            "kernel test_axpy (backward): graph update: launch 1 of the graph "
            "is kernel test_axpy");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  /* a complete update cancelled is not applied; cancel without an update
     is refused */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(step(N, X, Y, 5.0f, 5.0f) == WP_SUCCESS);
  CHECK(wp_graph_update_cancel(g) == WP_SUCCESS);
  CHECK_ERR(wp_graph_update_cancel(g), WP_ERROR_INVALID_VALUE,
            "wp_graph_update_cancel: this thread has no update of this graph "
            "under way");
  CHECK_ERR(wp_graph_update_end(g), WP_ERROR_INVALID_VALUE,
            "wp_graph_update_end: this thread has no update");
  CHECK_ERR(wp_graph_update_cancel(NULL), WP_ERROR_INVALID_VALUE,
            "a NULL graph");
  /* launches run again after an update ended, even a failed one */
  CHECK(matches());
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
  step_ref(N, rx, ry, -1.0f, 3.0f);
  CHECK(matches());
  CHECK(scale(&WP_LAUNCH_1D(N), X, 2.0f) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    rx[i] *= 2.0f;
  CHECK(matches());
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
}

/* A reusable launch: a graph of one launch, re-launched and updated. */
static void test_reusable_launch(void) {
  reset();
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), X, 1.5f) == WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  for (int k = 0; k < 3; k++) {
    float b = 1.5f + (float)k;
    CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
    CHECK(scale(&WP_LAUNCH_1D(N), X, b) == WP_SUCCESS);
    CHECK(wp_graph_update_end(g) == WP_SUCCESS);
    CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
    for (int i = 0; i < N; i++)
      rx[i] *= b;
  }
  CHECK(matches());
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  /* an empty capture replays nothing; a backward launch replays its
   * adjoint entry */
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  int count = -1;
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 0);
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS && matches());
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
  axpy_args bargs = {X, Y, 0.5f};
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(N), &axpy_desc, 1, &bargs) ==
        WP_SUCCESS);
  CHECK_ERR(wp_launch_kernel(&WP_LAUNCH_1D(N), &scale_desc, 1, &bargs),
            WP_ERROR_NOT_SUPPORTED, "has no backward");
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 1);
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ry[i] += 0.5f * rx[i];
  CHECK(matches());
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
}

static void *launch_elsewhere(void *arg) {
  (void)arg;
  /* another thread's launch runs at once during this thread's capture */
  wp_status st = scale(&WP_LAUNCH_1D(N), X, 2.0f);
  return st == WP_SUCCESS ? X.data : NULL;
}

static void test_errors(void) {
  reset();
  wp_graph *g = (wp_graph *)&g;
  CHECK_ERR(wp_capture_end(WP_DEVICE_CPU, NULL, &g), WP_ERROR_INVALID_VALUE,
            "wp_capture_end: this thread has no capture under way");
  CHECK(g == NULL);
  CHECK_ERR(wp_capture_end(WP_DEVICE_CPU, NULL, NULL), WP_ERROR_INVALID_VALUE,
            "out pointer is NULL");
  CHECK_ERR(wp_capture_begin(WP_DEVICE_CPU, (void *)0x10),
            WP_ERROR_INVALID_VALUE, "the cpu has no streams");
  CHECK_ERR(wp_capture_begin(-3, NULL), WP_ERROR_NO_DEVICE, "");
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_capture_begin(WP_DEVICE_CPU, NULL), WP_ERROR_INVALID_VALUE,
            "wp_capture_begin: this thread already captures (captures do not "
            "nest");
  CHECK_ERR(wp_graph_update_begin((wp_graph *)&g), WP_ERROR_INVALID_VALUE,
            "this thread already captures");
  /* a launch that fails its checks is not recorded */
  wp_launch bad = {.ndim = 7, .dims = {N}};
  CHECK_ERR(scale(&bad, X, 2.0f), WP_ERROR_INVALID_VALUE, "outside 1..4");
  /* tapes and captures do not mix */
  wp_tape *tape = NULL;
  CHECK(wp_tape_create(&tape) == WP_SUCCESS);
  wp_launch tl = {.ndim = 1, .dims = {N}, .tape = tape};
  CHECK_ERR(scale(&tl, X, 2.0f), WP_ERROR_NOT_SUPPORTED,
            "kernel test_scale: a launch with a tape cannot be captured");
  CHECK(scale(&WP_LAUNCH_1D(N), X, 3.0f) == WP_SUCCESS);
  pthread_t th;
  void *ret = NULL;
  CHECK(pthread_create(&th, NULL, launch_elsewhere, NULL) == 0);
  CHECK(pthread_join(th, &ret) == 0 && ret == X.data);
  for (int i = 0; i < N; i++)
    rx[i] *= 2.0f;
  CHECK(matches()); /* only the other thread's launch ran */
  CHECK_ERR(wp_capture_end(WP_DEVICE_CUDA(0), NULL, &g), WP_ERROR_INVALID_VALUE,
            "wp_capture_end: this thread captures cpu");
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  int count = 0;
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 1);
  CHECK_ERR(wp_graph_launch(g, (void *)0x10), WP_ERROR_INVALID_VALUE,
            "a CPU graph runs on no stream");
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    rx[i] *= 3.0f;
  CHECK(matches());
  /* the tape works again outside the capture */
  CHECK(scale(&tl, X, 1.0f) == WP_SUCCESS);
  wp_tape_destroy(tape);

  CHECK_ERR(wp_graph_launch(NULL, NULL), WP_ERROR_INVALID_VALUE,
            "graph is NULL");
  CHECK_ERR(wp_graph_launch_count(g, NULL), WP_ERROR_INVALID_VALUE, "count");
  CHECK_ERR(wp_graph_update_begin(NULL), WP_ERROR_INVALID_VALUE, "NULL");
  CHECK_ERR(wp_graph_update_end(g), WP_ERROR_INVALID_VALUE,
            "this thread has no update of this graph under way");
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK_ERR(wp_graph_update_begin(g), WP_ERROR_INVALID_VALUE,
            "already updates a graph");
  CHECK_ERR(wp_capture_begin(WP_DEVICE_CPU, NULL), WP_ERROR_INVALID_VALUE,
            "this thread is updating a graph");
  CHECK_ERR(wp_graph_launch(g, NULL), WP_ERROR_INVALID_VALUE,
            "the graph is being updated");
  /* destroying a graph under update ends the update */
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), X, 2.0f) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    rx[i] *= 2.0f;
  CHECK(matches());
  CHECK(wp_graph_destroy(NULL) == WP_SUCCESS);
  CHECK(wp_graph_device(NULL) == WP_DEVICE_CPU);
}

/* A CPU capture records launches only: array and tape operations would run
 * at once and never on replays, so they are refused on the capturing
 * thread (and run as usual once the capture ends). */
static void test_non_launches_refused(void) {
  reset();
  wp_int64 n = N;
  wp_array c = {0};
  float v = 1.0f;
  wp_tape *t = NULL;
  CHECK(wp_tape_create(&t) == WP_SUCCESS);
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_array_fill(&X, &v), WP_ERROR_NOT_SUPPORTED,
            "wp_array_fill: this thread captures a CPU graph, which records "
            "kernel launches only");
  CHECK_ERR(wp_array_zero(&X), WP_ERROR_NOT_SUPPORTED, "wp_array_zero:");
  CHECK_ERR(wp_array_zero_grad(&X), WP_ERROR_NOT_SUPPORTED,
            "wp_array_zero_grad:");
  CHECK_ERR(wp_array_copy(&X, &Y), WP_ERROR_NOT_SUPPORTED, "wp_array_copy:");
  CHECK_ERR(wp_array_copy_async(&X, &Y, NULL), WP_ERROR_NOT_SUPPORTED,
            "wp_array_copy_async:");
  CHECK_ERR(wp_array_clone(&c, &X, WP_DEVICE_CPU, WP_CLONE_GRAD_NONE),
            WP_ERROR_NOT_SUPPORTED, "wp_array_clone:");
  CHECK_ERR(wp_array_full(&c, WP_FLOAT32, 0, 1, &n, &v, 0, WP_DEVICE_CPU),
            WP_ERROR_NOT_SUPPORTED, "wp_array_full:");
  CHECK(c.data == NULL);
  CHECK_ERR(wp_tape_zero(t), WP_ERROR_NOT_SUPPORTED, "wp_tape_zero:");
  CHECK_ERR(wp_tape_backward(t, NULL), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward:");
  CHECK_ERR(wp_tape_backward_grads(t, 0, NULL, NULL), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward_grads:");
  CHECK(matches()); /* nothing ran */
  /* allocation is not refused (it records nothing either way) */
  CHECK(wp_array_alloc(&c, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  /* after the capture they run */
  CHECK(wp_array_fill(&c, &v) == WP_SUCCESS && ((float *)c.data)[N - 1] == v);
  CHECK(wp_tape_zero(t) == WP_SUCCESS);
  wp_array_free(&c);
  wp_tape_destroy(t);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
}

int main(void) {
  wp_int64 n = N;
  CHECK(wp_array_alloc(&X, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc(&Y, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  test_replay();
  test_reusable_launch();
  test_errors();
  test_non_launches_refused();
  wp_array_free(&X);
  wp_array_free(&Y);
  wp_shutdown();
  return check_report(NULL);
}
