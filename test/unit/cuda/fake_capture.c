/* fake_capture.c - CUDA stream capture across streams (fork/join through
 * wp_stream_wait_stream) and the calls that invalidate a capture, on the
 * fake driver (which models the driver's rules: test/fakecuda/fakecuda.h). */
#include "fixture.h"

#include <pthread.h>
#include <string.h>

enum { N = 1000 };

/* A device array of cuda:0 with the n floats of h. */
static wp_array upload(const float *h, wp_int64 n) {
  wp_array d = {0}, hv = {0};
  CHECK(wp_array_alloc(&hv, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  if (hv.data)
    memcpy(hv.data, h, (size_t)n * sizeof *h);
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_copy(&d, &hv) == WP_SUCCESS);
  wp_array_free(&hv);
  return d;
}

/* Whether device array d holds the n floats of want. */
static int device_equals(const wp_array *d, const float *want, wp_int64 n) {
  wp_array h = {0};
  if (wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) != WP_SUCCESS)
    return 0;
  int ok = wp_array_copy(&h, d) == WP_SUCCESS;
  for (wp_int64 i = 0; ok && i < n; i++)
    ok = ((float *)h.data)[i] == want[i];
  wp_array_free(&h);
  return ok;
}

/* The fork/join graph's launches on the host, in the order captured:
 * A (s1) x *= a; B (s2, after A) y = b * x; C (s1) z *= c; D (s1, after
 * the join: after B and C) y *= d. */
static void host_step(float *x, float *y, float *z, float a, float b, float c,
                      float d) {
  for (int i = 0; i < N; i++)
    x[i] *= a;
  for (int i = 0; i < N; i++)
    y[i] = b * x[i];
  for (int i = 0; i < N; i++)
    z[i] *= c;
  for (int i = 0; i < N; i++)
    y[i] *= d;
}

/* Queues the fork/join work: A on s1, fork s2 from s1, B on s2, C on s1,
 * join s2 into s1, D on s1. */
static void queue_fork_join(void *s1, void *s2, wp_array x, wp_array y,
                            wp_array z, float a, float b, float c, float d,
                            int join) {
  wp_launch l1 = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = s1};
  wp_launch l2 = l1;
  l2.stream = s2;
  tscale_args bargs = {x, y, b};
  CHECK(scale(&l1, &scale_desc, x, a) == WP_SUCCESS);
  CHECK(wp_stream_wait_stream(CUDA0, s2, s1) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&l2, &tscale_desc, 0, &bargs) == WP_SUCCESS);
  CHECK(scale(&l1, &scale_desc, z, c) == WP_SUCCESS);
  if (join)
    CHECK(wp_stream_wait_stream(CUDA0, s1, s2) == WP_SUCCESS);
  CHECK(scale(&l1, &scale_desc, y, d) == WP_SUCCESS);
}

/* A capture forked onto a second stream and joined back: all four launches
 * are nodes of the graph, replays run them in an order their dependencies
 * allow (the fake runs the newest ready node first, so a lost fork or join
 * dependency gives other values), and updates reach s2's node too. */
static void test_fork_join(void) {
  register_kernel_args("test_scale_cuda_fwd", emulate_scale_quiet,
                       sizeof(scale_args));
  register_kernel_args("test_tscale_cuda_fwd", emulate_tscale,
                       sizeof(tscale_args));
  static float hx[N], hy[N], hz[N];
  for (int i = 0; i < N; i++) {
    hx[i] = (float)(1 + i % 7);
    hy[i] = 0.0f;
    hz[i] = 0.5f * (float)(1 + i % 3);
  }
  wp_array x = upload(hx, N), y = upload(hy, N), z = upload(hz, N);
  void *s1 = NULL, *s2 = NULL;
  CHECK(wp_stream_create(CUDA0, &s1) == WP_SUCCESS);
  CHECK(wp_stream_create(CUDA0, &s2) == WP_SUCCESS);
  fakecuda_stats s0 = stats();
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(CUDA0, s1) == WP_SUCCESS);
  queue_fork_join(s1, s2, x, y, z, 2.0f, 3.0f, 5.0f, 10.0f, 1);
  CHECK(stats().launches == s0.launches); /* s2's launch was captured too */
  CHECK(stats().captured_launches == s0.captured_launches + 4);
  CHECK(wp_capture_end(CUDA0, s1, &g) == WP_SUCCESS && g);
  int count = 0;
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 4);
  CHECK(device_equals(&x, hx, N) && device_equals(&y, hy, N)); /* not run */
  for (int rep = 0; rep < 2; rep++) {
    CHECK(wp_graph_launch(g, s1) == WP_SUCCESS);
    host_step(hx, hy, hz, 2.0f, 3.0f, 5.0f, 10.0f);
    CHECK(device_equals(&x, hx, N));
    CHECK(device_equals(&y, hy, N));
    CHECK(device_equals(&z, hz, N));
  }
  CHECK(stats().graph_nodes_run == s0.graph_nodes_run + 8);
  /* an update gives every node, s2's included, its new scalars */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  queue_fork_join(s1, s2, x, y, z, 0.5f, 4.0f, 2.0f, 0.25f, 1);
  CHECK(wp_graph_update_end(g) == WP_SUCCESS);
  CHECK(wp_graph_launch(g, s2) == WP_SUCCESS);
  host_step(hx, hy, hz, 0.5f, 4.0f, 2.0f, 0.25f);
  CHECK(device_equals(&x, hx, N) && device_equals(&y, hy, N) &&
        device_equals(&z, hz, N));
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
  /* the capture's end released s2 too: its launches run at once again */
  wp_launch l2 = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = s2};
  s0 = stats();
  CHECK(scale(&l2, &scale_desc, z, 2.0f) == WP_SUCCESS);
  CHECK(stats().launches == s0.launches + 1);
  for (int i = 0; i < N; i++)
    hz[i] *= 2.0f;
  CHECK(device_equals(&z, hz, N));

  /* An unjoined fork: wp_capture_end refuses it, names the cause, gives no
   * graph; both streams are out of capture afterwards. */
  s0 = stats();
  CHECK(wp_capture_begin(CUDA0, s1) == WP_SUCCESS);
  queue_fork_join(s1, s2, x, y, z, 2.0f, 3.0f, 5.0f, 10.0f, 0);
  CHECK(stats().captured_launches == s0.captured_launches + 4);
  g = (wp_graph *)&g;
  CHECK_ERR(wp_capture_end(CUDA0, s1, &g), WP_ERROR_CUDA,
            "wp_capture_end: cuda:0: a stream that joined the capture");
  CHECK(strstr(wp_last_error(), "join it back") != NULL);
  CHECK(strstr(wp_last_error(), "CUDA_ERROR_STREAM_CAPTURE_UNJOINED") != NULL);
  CHECK(g == NULL);
  CHECK(stats().unjoined_refused == s0.unjoined_refused + 1);
  CHECK(stats().live_graphs == s0.live_graphs); /* released */
  CHECK(scale(&l2, &scale_desc, z, 2.0f) == WP_SUCCESS);
  CHECK(stats().launches == s0.launches + 1);
  for (int i = 0; i < N; i++)
    hz[i] *= 2.0f;
  CHECK(device_equals(&z, hz, N)); /* nothing of the capture ran */
  CHECK(wp_capture_begin(CUDA0, s1) == WP_SUCCESS); /* s1 is free */
  CHECK(wp_capture_end(CUDA0, s1, &g) == WP_SUCCESS && g);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
  CHECK(wp_stream_destroy(CUDA0, s1) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s2) == WP_SUCCESS);
}

/* Allocates and frees an array of cuda:0 (another thread than the
 * capturing one: THREAD_LOCAL capture mode lets it). */
static void *alloc_elsewhere(void *arg) {
  wp_array a;
  wp_int64 n = N;
  if (wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, CUDA0) != WP_SUCCESS)
    return NULL;
  wp_array_free(&a);
  return arg;
}

/* Begins a capture of s with a launch, runs `bad` (a call the capture
 * cannot record; it must fail with `code_name`), and checks that the
 * capture is invalidated: later launches fail, wp_capture_end fails naming
 * the invalidation, nothing ran, and s can be captured again. */
#define CHECK_INVALIDATES(bad, code_name)                                      \
  do {                                                                         \
    fakecuda_stats b0 = stats();                                               \
    CHECK(wp_capture_begin(CUDA0, s) == WP_SUCCESS);                           \
    CHECK(scale(&l, &scale_desc, x, 2.0f) == WP_SUCCESS);                      \
    CHECK_ERR(bad, WP_ERROR_CUDA, code_name);                                  \
    CHECK(stats().captures_invalidated == b0.captures_invalidated + 1);        \
    CHECK_ERR(scale(&l, &scale_desc, x, 3.0f), WP_ERROR_CUDA,                  \
              "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED");                        \
    g = (wp_graph *)&g;                                                        \
    CHECK_ERR(wp_capture_end(CUDA0, s, &g), WP_ERROR_CUDA,                     \
              "wp_capture_end: cuda:0: the capture was invalidated by a call " \
              "it cannot record");                                             \
    CHECK(strstr(wp_last_error(), "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED"));   \
    CHECK(g == NULL);                                                          \
    CHECK(stats().live_graphs == b0.live_graphs);                              \
    CHECK(stats().launches == b0.launches);                                    \
    CHECK(device_all_equal(&x, 1.0f));                                         \
    CHECK(wp_capture_begin(CUDA0, s) == WP_SUCCESS);                           \
    CHECK(wp_capture_end(CUDA0, s, &g) == WP_SUCCESS && g);                    \
    CHECK(wp_graph_destroy(g) == WP_SUCCESS);                                  \
  } while (0)

/* Calls during a capture that the driver refuses and that invalidate it;
 * and those that do not. */
static void test_invalidation(void) {
  register_kernel_args("test_scale_cuda_fwd", emulate_scale_quiet,
                       sizeof(scale_args));
  wp_array x = device_floats(CUDA0, N, 1.0f), y = {0};
  void *s = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = s};
  wp_launch legacy = l;
  legacy.stream = NULL;
  wp_graph *g = NULL;
  wp_int64 n = N;

  /* wp_synchronize (cuCtxSynchronize) of the capturing device */
  CHECK_INVALIDATES(wp_synchronize(CUDA0),
                    "wp_synchronize: cuda:0: a stream of the device is being "
                    "captured (the capture is invalidated: wp_capture_end "
                    "will fail; synchronise after it): "
                    "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
  /* synchronising the captured stream */
  CHECK_INVALIDATES(wp_stream_synchronize(CUDA0, s),
                    "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
  /* allocating on the capturing thread (THREAD_LOCAL mode) */
  CHECK_INVALIDATES(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 0, CUDA0),
                    "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");
  /* a launch on the legacy stream, which would wait for the capture */
  CHECK_INVALIDATES(scale(&legacy, &scale_desc, x, 5.0f),
                    "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT");

  /* ... on any device: the capturing thread's allocations are unsafe */
  CHECK_INVALIDATES(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 0, CUDA1),
                    "cannot allocate 4000 bytes on cuda:1: "
                    "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED");

  /* What does not conflict: another device's synchronisation and legacy
   * stream, and another thread's allocation on the capturing device. */
  wp_array x1 = device_floats(CUDA1, N, 1.0f);
  fakecuda_stats s0 = stats();
  CHECK(wp_capture_begin(CUDA0, s) == WP_SUCCESS);
  CHECK(scale(&l, &scale_desc, x, 2.0f) == WP_SUCCESS);
  CHECK(wp_synchronize(CUDA1) == WP_SUCCESS);
  wp_launch l1 = {.ndim = 1, .dims = {N}, .device = CUDA1};
  CHECK(scale(&l1, &scale_desc, x1, 4.0f) == WP_SUCCESS);
  pthread_t th;
  void *ret = NULL;
  CHECK(pthread_create(&th, NULL, alloc_elsewhere, &x) == 0);
  CHECK(pthread_join(th, &ret) == 0 && ret == &x);
  CHECK(stats().allocs == s0.allocs + 1); /* the other thread's */
  CHECK(stats().captures_invalidated == s0.captures_invalidated);
  CHECK(wp_capture_end(CUDA0, s, &g) == WP_SUCCESS && g);
  CHECK(wp_graph_launch(g, s) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 2.0f));
  CHECK(device_all_equal(&x1, 4.0f));
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  wp_array_free(&x);
  wp_array_free(&x1);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
}

void test_fake_capture(void) {
  test_fork_join();
  test_invalidation();
}
