/* fake_graph.c - stream ordering, memory info, and graph capture, replay
 * and updates on the fake CUDA driver; and a driver that lacks them. */
#include "fixture.h"

#include <pthread.h>
#include <string.h>
#include <unistd.h>

void test_fake_stream_order(void) {
  void *s = NULL, *s2 = NULL, *e = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS);
  CHECK(wp_stream_create(CUDA0, &s2) == WP_SUCCESS);
  CHECK(wp_event_create(CUDA0, &e) == WP_SUCCESS);
  fakecuda_stats s0 = stats();
  CHECK(wp_event_record(CUDA0, e, s2) == WP_SUCCESS);
  CHECK(wp_stream_wait_event(CUDA0, s, e) == WP_SUCCESS);
  CHECK(stats().stream_waits == s0.stream_waits + 1);
  CHECK(stats().last_wait_stream == s);
  CHECK(wp_stream_wait_event(CUDA0, NULL, e) == WP_SUCCESS);
  CHECK(stats().last_wait_stream == NULL);
  /* wait_stream: an internal event, recorded, waited for, released */
  CHECK(wp_stream_wait_stream(CUDA0, s, s2) == WP_SUCCESS);
  CHECK(stats().stream_waits == s0.stream_waits + 3);
  CHECK(stats().last_wait_stream == s);
  CHECK(stats().live_events == s0.live_events);
  CHECK(wp_stream_wait_stream(CUDA0, WP_STREAM_PER_THREAD, NULL) == WP_SUCCESS);
  CHECK(stats().last_wait_stream == WP_STREAM_PER_THREAD);
  CHECK(wp_stream_wait_stream(CUDA0, s, s) == WP_SUCCESS); /* no-op */
  CHECK(stats().stream_waits == s0.stream_waits + 4);
  CHECK_ERR(wp_stream_wait_event(CUDA0, s, NULL), WP_ERROR_INVALID_VALUE,
            "wp_stream_wait_event: event is NULL");
  CHECK_ERR(wp_stream_wait_event(WP_DEVICE_CPU, NULL, e),
            WP_ERROR_NOT_SUPPORTED, "the cpu has no streams");
  CHECK_ERR(wp_stream_wait_stream(WP_DEVICE_CUDA(5), s, s2), WP_ERROR_NO_DEVICE,
            "cuda:5 does not exist");
  /* a stream of cuda:0 on cuda:1: the driver's error */
  CHECK_ERR(wp_stream_wait_event(CUDA1, s, e), WP_ERROR_CUDA,
            "wp_stream_wait_event: cuda:1: CUDA_ERROR_INVALID_HANDLE");
  /* the default streams are handles like any other */
  wp_array x = device_floats(CUDA0, 100, 1.0f);
  wp_launch l = {.ndim = 1, .dims = {100}, .device = CUDA0};
  l.stream = WP_STREAM_PER_THREAD;
  CHECK(scale(&l, &scale_desc, x, 2.0f) == WP_SUCCESS);
  CHECK(stats().last.stream == WP_STREAM_PER_THREAD);
  l.stream = WP_STREAM_LEGACY;
  CHECK(scale(&l, &scale_desc, x, 2.0f) == WP_SUCCESS);
  CHECK(wp_stream_synchronize(CUDA0, WP_STREAM_PER_THREAD) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 4.0f));
  CHECK_ERR(wp_stream_destroy(CUDA0, WP_STREAM_LEGACY), WP_ERROR_INVALID_VALUE,
            "the default streams");
  CHECK_ERR(wp_stream_destroy(CUDA0, WP_STREAM_PER_THREAD),
            WP_ERROR_INVALID_VALUE, "not to be destroyed");
  wp_array_free(&x);
  CHECK(wp_event_destroy(CUDA0, e) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s2) == WP_SUCCESS);
}

void test_fake_memory_info(void) {
  wp_size f0 = 1, t0 = 1, f1 = 1, t1 = 1;
  CHECK(wp_device_memory_info(CUDA0, &f0, &t0) == WP_SUCCESS);
  CHECK(t0 == (wp_size)8 << 30 && f0 <= t0);
  wp_array x = device_floats(CUDA0, 1000, 1.0f);
  CHECK(wp_device_memory_info(CUDA0, &f1, &t1) == WP_SUCCESS);
  CHECK(t1 == t0 && f1 == f0 - 4000);
  wp_array_free(&x);
  CHECK(wp_device_memory_info(CUDA0, &f1, &t1) == WP_SUCCESS && f1 == f0);
  /* the CPU: physical memory from sysconf, free at most that */
  wp_size total = (wp_size)sysconf(_SC_PHYS_PAGES) * sysconf(_SC_PAGESIZE);
  CHECK(wp_device_memory_info(WP_DEVICE_CPU, &f1, &t1) == WP_SUCCESS);
  CHECK(t1 == total && f1 > 0 && f1 <= t1);
  CHECK_ERR(wp_device_memory_info(CUDA0, NULL, &t1), WP_ERROR_INVALID_VALUE,
            "wp_device_memory_info: free_bytes is NULL");
  CHECK_ERR(wp_device_memory_info(CUDA0, &f1, NULL), WP_ERROR_INVALID_VALUE,
            "total_bytes is NULL");
  CHECK_ERR(wp_device_memory_info(WP_DEVICE_CUDA(7), &f1, &t1),
            WP_ERROR_NO_DEVICE, "cuda:7 does not exist");
  CHECK(f1 == 0 && t1 == 0);
}

/* Other images with the same content: their modules are loaded at their
 * first launch, which comes during a capture (image2: in the capturing
 * thread; image3: in another thread). */
static _Alignas(8) unsigned char image2[FATBIN_SIZE], image3[FATBIN_SIZE];

/* Another thread allocates, loads a module and launches while the main
 * thread captures: THREAD_LOCAL capture mode does not restrict it (in
 * GLOBAL mode the driver would refuse its cuMemAlloc). */
static void *launch_elsewhere(void *arg) {
  wp_array *x1 = arg, y;
  wp_kernel_desc k3 = scale_desc;
  k3.cuda_module = image3;
  wp_launch l1 = {.ndim = 1, .dims = {x1->shape[0]}, .device = CUDA1};
  if (wp_array_alloc(&y, WP_FLOAT32, 0, 1, x1->shape, 0, CUDA1) != WP_SUCCESS)
    return NULL;
  wp_array_free(&y);
  return scale(&l1, &k3, *x1, 7.0f) == WP_SUCCESS ? x1 : NULL;
}

void test_fake_graph(void) {
  enum { N = 1000 };
  memcpy(image2, fatbin, sizeof image2);
  memcpy(image3, fatbin, sizeof image3);
  wp_kernel_desc k = scale_desc, k2 = scale2_desc;
  k.cuda_module = image2;
  k2.cuda_module = image2;
  register_kernel_args("test_scale_cuda_fwd", emulate_scale_quiet,
                       sizeof(scale_args));
  register_kernel_args("test_scale2_cuda_fwd", emulate_scale_quiet,
                       sizeof(scale_args));
  wp_array x = device_floats(CUDA0, N, 1.0f);
  void *s = NULL, *s2 = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS);
  CHECK(wp_stream_create(CUDA0, &s2) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = s};
  wp_graph *g = NULL;

  /* The legacy stream cannot be captured. */
  CHECK_ERR(wp_capture_begin(CUDA0, NULL), WP_ERROR_INVALID_VALUE,
            "wp_capture_begin: cuda:0: the legacy default stream (NULL) cannot "
            "be captured");
  CHECK_ERR(wp_capture_begin(CUDA0, WP_STREAM_LEGACY), WP_ERROR_INVALID_VALUE,
            "cannot be captured");
  CHECK_ERR(wp_capture_end(CUDA0, s, &g), WP_ERROR_INVALID_VALUE,
            "no capture under way");

  wp_array x1 = device_floats(CUDA1, N, 1.0f); /* before: no alloc in it */
  fakecuda_stats s0 = stats();
  CHECK(wp_capture_begin(CUDA0, s) == WP_SUCCESS);
  CHECK(stats().captures_begun == s0.captures_begun + 1);
  CHECK(stats().last_capture_mode == 1); /* THREAD_LOCAL */
  CHECK_ERR(wp_capture_begin(CUDA0, s2), WP_ERROR_INVALID_VALUE,
            "already captures");
  /* the first launch of image2 loads its module, during the capture */
  CHECK(scale(&l, &k, x, 2.0f) == WP_SUCCESS);
  CHECK(stats().module_loads == s0.module_loads + 1);
  CHECK(stats().unsafe_refused == s0.unsafe_refused);
  CHECK(stats().mode_exchanges == s0.mode_exchanges + 2);
  CHECK(scale(&l, &k2, x, 3.0f) == WP_SUCCESS);
  /* a launch on a stream outside the capture runs at once */
  wp_launch other = l;
  other.stream = s2;
  CHECK(stats().captured_launches == s0.captured_launches + 2);
  CHECK(stats().launches == s0.launches);
  /* (an allocation here would invalidate the capture: fake_capture.c) */
  CHECK(scale(&other, &scale_desc, x, 5.0f) == WP_SUCCESS);
  CHECK(stats().launches == s0.launches + 1);
  pthread_t th;
  void *ret = NULL;
  CHECK(pthread_create(&th, NULL, launch_elsewhere, &x1) == 0);
  CHECK(pthread_join(th, &ret) == 0 && ret == &x1);
  CHECK(stats().launches == s0.launches + 2);
  CHECK(stats().module_loads_on[1] == s0.module_loads_on[1] + 1);
  CHECK(stats().unsafe_refused == s0.unsafe_refused);
  CHECK(device_all_equal(&x1, 7.0f));
  check_cpu_still_works(); /* CPU launches run during a CUDA capture */
  CHECK_ERR(wp_capture_end(CUDA0, s2, &g), WP_ERROR_INVALID_VALUE,
            "the capture goes on");
  CHECK(wp_capture_end(CUDA0, s, &g) == WP_SUCCESS && g);
  int count = 0;
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 2);
  CHECK(wp_graph_device(g) == CUDA0);
  CHECK(device_all_equal(&x, 5.0f)); /* only the uncaptured launch ran */

  /* Replays equal the direct launches: x * 2 * 3 each time. */
  CHECK(wp_graph_launch(g, s) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 30.0f));
  CHECK(wp_graph_launch(g, NULL) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 180.0f));
  CHECK(stats().graph_launches == s0.graph_launches + 2);
  CHECK(stats().graph_nodes_run == s0.graph_nodes_run + 4);

  /* Updates: new scalars through the same launchers, applied to the
   * instantiated graph's nodes. */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK(scale(&l, &k, x, 0.5f) == WP_SUCCESS);
  CHECK(scale(&l, &k2, x, 0.25f) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 180.0f)); /* nothing ran */
  CHECK(wp_graph_update_end(g) == WP_SUCCESS);
  CHECK(stats().node_updates == s0.node_updates + 2);
  CHECK(wp_graph_launch(g, s) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 22.5f));
  /* another kernel, or another device, is refused; nothing is applied */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  CHECK_ERR(scale(&l, &k2, x, 9.0f), WP_ERROR_INVALID_VALUE,
            "kernel test_scale2: graph update: launch 1 of the graph is "
            "kernel test_scale");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  wp_launch l1 = l;
  l1.device = CUDA1;
  l1.stream = NULL;
  float one = 1.0f;
  CHECK(wp_array_fill(&x1, &one) == WP_SUCCESS);
  CHECK_ERR(scale(&l1, &k, x1, 9.0f), WP_ERROR_INVALID_VALUE,
            "graph update: the launch is on cuda:1, the graph on cuda:0");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  CHECK(stats().node_updates == s0.node_updates + 2);
  CHECK(wp_graph_launch(g, s) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 22.5f * 0.125f));
  /* other dims are refused too */
  CHECK(wp_graph_update_begin(g) == WP_SUCCESS);
  wp_launch lshort = l;
  lshort.dims[0] = N / 2;
  CHECK_ERR(scale(&lshort, &k, x, 1.0f), WP_ERROR_INVALID_VALUE,
            "launch 1 has other launch dims");
  CHECK(wp_graph_update_end(g) == WP_ERROR_INVALID_VALUE);
  /* the driver's refusal of a replay: a stream of another device */
  void *s1 = NULL;
  CHECK(wp_stream_create(CUDA1, &s1) == WP_SUCCESS);
  CHECK_ERR(wp_graph_launch(g, s1), WP_ERROR_CUDA,
            "wp_graph_launch: cuda:0: CUDA_ERROR_INVALID_HANDLE");
  CHECK(wp_stream_destroy(CUDA1, s1) == WP_SUCCESS);
  CHECK(stats().graph_launches == s0.graph_launches + 4);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  /* The per-thread default stream can be captured. */
  l.stream = WP_STREAM_PER_THREAD;
  CHECK(wp_capture_begin(CUDA0, WP_STREAM_PER_THREAD) == WP_SUCCESS);
  CHECK(scale(&l, &k, x, 4.0f) == WP_SUCCESS);
  CHECK(wp_capture_end(CUDA0, WP_STREAM_PER_THREAD, &g) == WP_SUCCESS);
  CHECK(wp_graph_launch(g, WP_STREAM_PER_THREAD) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 22.5f * 0.5f));
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);

  /* A capture the driver cannot record fails at its end (the fake cannot
   * copy the parameters of a kernel registered without their size). */
  register_kernel("test_scale_cuda_fwd", emulate_scale_quiet);
  l.stream = s;
  CHECK(wp_capture_begin(CUDA0, s) == WP_SUCCESS);
  CHECK_ERR(scale(&l, &k, x, 4.0f), WP_ERROR_CUDA, "CUDA_ERROR_INVALID_VALUE");
  CHECK(wp_capture_end(CUDA0, s, &g) == WP_SUCCESS); /* an empty graph */
  CHECK(wp_graph_launch_count(g, &count) == WP_SUCCESS && count == 0);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
  register_kernel("test_scale_cuda_fwd", emulate_scale);
  /* the driver's refusal (a stream of cuda:0 captured on cuda:1) */
  CHECK_ERR(wp_capture_begin(CUDA1, s), WP_ERROR_CUDA,
            "wp_capture_begin: cuda:1: cannot capture stream ");
  CHECK(strstr(wp_last_error(), "CUDA_ERROR_INVALID_HANDLE") != NULL);
  CHECK(wp_capture_end(CUDA1, s, &g) == WP_ERROR_INVALID_VALUE); /* none */

  wp_array_free(&x);
  wp_array_free(&x1);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s2) == WP_SUCCESS);
}

/* A driver older than CUDA 11.3 (the fake built with
 * FAKECUDA_OMIT_GRAPHS): the optional functions are missing, the rest
 * works. */
void test_old_driver(void) {
  CHECK(find_hooks());
  register_kernel("test_scale_cuda_fwd", emulate_scale_quiet);
  wp_array x = device_floats(CUDA0, 100, 1.0f);
  wp_launch l = {.ndim = 1, .dims = {100}, .device = CUDA0};
  CHECK(scale(&l, &scale_desc, x, 2.0f) == WP_SUCCESS);
  CHECK(device_all_equal(&x, 2.0f));
  void *s = NULL, *e = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS);
  CHECK(wp_event_create(CUDA0, &e) == WP_SUCCESS);
  CHECK_ERR(wp_stream_wait_event(CUDA0, s, e), WP_ERROR_NOT_SUPPORTED,
            "wp_stream_wait_event: the CUDA driver lacks cuStreamWaitEvent "
            "(driver too old?)");
  CHECK_ERR(wp_stream_wait_stream(CUDA0, s, NULL), WP_ERROR_NOT_SUPPORTED,
            "lacks cuStreamWaitEvent");
  wp_size f, t;
  CHECK_ERR(wp_device_memory_info(CUDA0, &f, &t), WP_ERROR_NOT_SUPPORTED,
            "lacks cuMemGetInfo_v2");
  CHECK_ERR(wp_capture_begin(CUDA0, s), WP_ERROR_NOT_SUPPORTED,
            "wp_capture_begin: the CUDA driver lacks cuStreamBeginCapture_v2");
  test_old_driver_memory();
  /* and the CPU's graphs do not need the driver */
  wp_graph *g = NULL;
  CHECK(wp_capture_begin(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_capture_end(WP_DEVICE_CPU, NULL, &g) == WP_SUCCESS);
  CHECK(wp_graph_destroy(g) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, e) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
  wp_array_free(&x);
  check_fake_balance();
  check_cpu_still_works();
}
