/* test_cuda_runtime.c - libwarprt's CUDA paths: devices, device memory,
 * streams, events, module loading and launches.
 *
 * No GPU is needed.  $WARPRT_TEST_CUDA selects what the test expects:
 *   (unset)   whatever this machine has: without a usable driver, the
 *             no-device errors; with a real GPU, memory round trips and a
 *             launch of a hand-written PTX kernel on cuda:0;
 *   nodriver  the driver cannot be loaded (the message names dlerror's);
 *   fake      the fake driver of test/fakecuda is what dlopen finds
 *             (LD_LIBRARY_PATH), in the mode $FAKECUDA_MODE;
 *   incomplete the fake driver lacks an entry point.
 * test/cli/cuda_fake_driver.sh runs every case.  CPU launches are checked
 * to work in every case.
 */
#include <warp/warp.h>

#include "../fakecuda/fakecuda.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cuda_fixture.h"

CHECK_TALLY;

/* CPU launches and arrays work whatever CUDA's state. */
static void check_cpu_still_works(void) {
  enum { N = 5000 };
  wp_array x;
  wp_int64 n = N;
  CHECK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  float one = 1.0f;
  CHECK(wp_array_fill(&x, &one) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), &scale_desc, x, 3.0f) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), &cpu_only_desc, x, 2.0f) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)x.data)[i] == 6.0f;
  CHECK(ok);
  CHECK(wp_synchronize(WP_DEVICE_CPU) == WP_SUCCESS);
  wp_array_free(&x);
}

/* ---- no usable CUDA -------------------------------------------------------
 * Every CUDA entry point fails with WP_ERROR_NO_DEVICE and `reason`. */

static void check_no_cuda(const char *reason) {
  int count = -1;
  CHECK(wp_cuda_device_count(&count) == WP_SUCCESS && count == 0);
  CHECK_ERR(wp_cuda_device_count(NULL), WP_ERROR_INVALID_VALUE, "NULL");
  CHECK_ERR(wp_cuda_init(), WP_ERROR_NO_DEVICE, reason);
  CHECK(strncmp(wp_last_error(), "CUDA is not available: ", 23) == 0);

  wp_array a;
  wp_int64 n = 10;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, CUDA0),
            WP_ERROR_NO_DEVICE, reason);
  CHECK(strncmp(wp_last_error(), "wp_array_alloc: device cuda:0: ", 31) == 0);
  CHECK(a.data == NULL);
  float buf[10];
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 1, &n, NULL, CUDA1),
            WP_ERROR_NO_DEVICE, "wp_array_wrap: device cuda:1: ");
  char name[64];
  CHECK_ERR(wp_device_name(CUDA0, name, sizeof name), WP_ERROR_NO_DEVICE,
            reason);
  int sm;
  CHECK_ERR(wp_cuda_device_arch(CUDA0, &sm), WP_ERROR_NO_DEVICE, reason);
  CHECK_ERR(wp_synchronize(CUDA0), WP_ERROR_NO_DEVICE, reason);
  void *s;
  CHECK_ERR(wp_stream_create(CUDA0, &s), WP_ERROR_NO_DEVICE, reason);
  CHECK(s == NULL);
  CHECK_ERR(wp_event_create(CUDA0, &s), WP_ERROR_NO_DEVICE, reason);

  /* A launch: the documented message, then the reason. */
  wp_array x;
  float host[4] = {1, 2, 3, 4};
  wp_int64 four = 4;
  CHECK(wp_array_wrap(&x, host, WP_FLOAT32, 0, 1, &four, NULL, 0) ==
        WP_SUCCESS);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {4}, .device = CUDA0};
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 0, &args), WP_ERROR_NO_DEVICE,
            reason);
  CHECK(strncmp(wp_last_error(),
                "kernel test_scale: cannot launch on cuda:0: ", 44) == 0);
  /* A CPU-only object says so before looking for a driver. */
  CHECK_ERR(wp_launch_kernel(&l, &cpu_only_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_cpu_only: this object was compiled without CUDA "
               "code (warpc --no-cuda or no toolkit)") == 0);
  CHECK(host[0] == 1.0f); /* nothing ran */
  check_cpu_still_works();
}

/* ---- device-independent API ---------------------------------------------- */

static void test_device_strings(void) {
  char buf[32];
  wp_device d = -5;
  CHECK(wp_device_alias(WP_DEVICE_CPU, buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cpu") == 0);
  CHECK(wp_device_alias(WP_DEVICE_CUDA(3), buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cuda:3") == 0);
  CHECK(wp_device_alias(WP_DEVICE_CUDA(3), buf, 4) == WP_SUCCESS &&
        strcmp(buf, "cud") == 0);
  CHECK_ERR(wp_device_alias(-2, buf, sizeof buf), WP_ERROR_NO_DEVICE,
            "not a device");
  CHECK_ERR(wp_device_alias(0, NULL, 3), WP_ERROR_INVALID_VALUE, "buf");
  CHECK(wp_device_from_string("cpu", &d) == WP_SUCCESS && d == WP_DEVICE_CPU);
  CHECK(wp_device_from_string("cuda", &d) == WP_SUCCESS && d == CUDA0);
  CHECK(wp_device_from_string("cuda:12", &d) == WP_SUCCESS &&
        d == WP_DEVICE_CUDA(12));
  const char *bad[] = {"gpu", "cuda:", "cuda:-1", "cuda:1x", "CPU", ""};
  for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
    CHECK_ERR(wp_device_from_string(bad[i], &d), WP_ERROR_INVALID_VALUE,
              "is not a device (expected cpu, cuda or cuda:N)");
  CHECK_ERR(wp_device_from_string(NULL, &d), WP_ERROR_INVALID_VALUE, "NULL");
  CHECK(wp_device_name(WP_DEVICE_CPU, buf, sizeof buf) == WP_SUCCESS &&
        strcmp(buf, "cpu") == 0);
  int sm;
  CHECK_ERR(wp_cuda_device_arch(WP_DEVICE_CPU, &sm), WP_ERROR_INVALID_VALUE,
            "the cpu is not a CUDA device");
  void *s = &s;
  CHECK_ERR(wp_stream_create(WP_DEVICE_CPU, &s), WP_ERROR_NOT_SUPPORTED,
            "the cpu has no streams");
  CHECK(wp_stream_synchronize(WP_DEVICE_CPU, NULL) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, NULL) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_event_record(CUDA0, NULL, NULL), WP_ERROR_INVALID_VALUE,
            "event is NULL");
  float ms;
  CHECK_ERR(wp_event_elapsed_ms(CUDA0, NULL, s, &ms), WP_ERROR_INVALID_VALUE,
            "start is NULL");
  wp_launch neg = {.ndim = 1, .dims = {4}, .device = -3};
  CHECK_ERR(wp_launch_kernel(&neg, &scale_desc, 0, &neg), WP_ERROR_NO_DEVICE,
            "kernel test_scale: invalid device -3");
  wp_array a;
  wp_int64 n = 4;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, -3), WP_ERROR_NO_DEVICE,
            "device -3 is not a device");
}

static void test_fake_devices(void) {
  int count = 0, sm = 0;
  char name[64];
  CHECK(wp_cuda_init() == WP_SUCCESS);
  CHECK(wp_cuda_device_count(&count) == WP_SUCCESS && count == 2);
  CHECK(wp_device_name(CUDA1, name, sizeof name) == WP_SUCCESS &&
        strcmp(name, "Fake CUDA Device 1") == 0);
  CHECK(wp_cuda_device_arch(CUDA0, &sm) == WP_SUCCESS && sm == 86);
  CHECK_ERR(wp_cuda_device_arch(WP_DEVICE_CUDA(2), &sm), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(), "wp_cuda_device_arch: device cuda:2: cuda:2 "
                                "does not exist: this machine has 2 CUDA "
                                "devices") == 0);
  CHECK(stats().init_calls == 1);
  /* Device queries need no context. */
  CHECK(stats().ctx_retains == 0);
}

static void test_fake_memory(void) {
  enum { N = 1000 };
  wp_int64 n = N;
  wp_array d, h, h2;
  fakecuda_stats s0 = stats();
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(d.device == CUDA0 && d.data && d.grad && d.strides[0] == 4);
  CHECK(d.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD));
  CHECK(stats().live_allocs == s0.live_allocs + 2);
  CHECK(stats().ctx_retains == 1);   /* once per device, ever */
  CHECK(device_all_equal(&d, 0.0f)); /* zeroed, not the driver's garbage */

  /* Host -> device -> host. */
  CHECK(wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&h2, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)h.data)[i] = (float)i * 0.5f;
  CHECK(wp_array_copy(&d, &h) == WP_SUCCESS);
  CHECK(wp_array_copy(&h2, &d) == WP_SUCCESS);
  CHECK(memcmp(h.data, h2.data, N * 4) == 0);
  CHECK(stats().htod == s0.htod + 1);

  /* Device -> device on one device, and across devices (peer). */
  wp_array d1, d0b;
  CHECK(wp_array_alloc(&d1, WP_FLOAT32, 0, 1, &n, 0, CUDA1) == WP_SUCCESS);
  CHECK(wp_array_alloc(&d0b, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_copy(&d1, &d) == WP_SUCCESS);
  CHECK(stats().peer == s0.peer + 1);
  CHECK(wp_array_copy(&d0b, &d1) == WP_SUCCESS);
  CHECK(stats().peer == s0.peer + 2);
  wp_array d0c;
  CHECK(wp_array_alloc(&d0c, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_copy(&d0c, &d0b) == WP_SUCCESS);
  CHECK(stats().dtod == s0.dtod + 1);
  memset(h2.data, 0, N * 4);
  CHECK(wp_array_copy(&h2, &d0c) == WP_SUCCESS);
  CHECK(memcmp(h.data, h2.data, N * 4) == 0);

  /* A strided host array goes through a staging buffer, both ways. */
  static float buf34[12];
  for (int i = 0; i < 12; i++)
    buf34[i] = (float)i;
  wp_array t, dt, back;
  wp_int64 shape[2] = {4, 3}, strides[2] = {4, 16};
  CHECK(wp_array_wrap(&t, buf34, WP_FLOAT32, 0, 2, shape, strides, 0) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc(&dt, WP_FLOAT32, 0, 2, shape, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&back, WP_FLOAT32, 0, 2, shape, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_copy(&dt, &t) == WP_SUCCESS);
  CHECK(wp_array_copy(&back, &dt) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 3; j++)
      ok &= ((float *)back.data)[i * 3 + j] == (float)(j * 4 + i);
  CHECK(ok);
  for (int i = 0; i < 12; i++)
    ((float *)back.data)[i] = -(float)i;
  CHECK(wp_array_copy(&dt, &back) == WP_SUCCESS);
  CHECK(wp_array_copy(&t, &dt) == WP_SUCCESS); /* into the strided view */
  CHECK(buf34[1 * 4 + 3] == -(float)(3 * 3 + 1));

  /* A strided device array is refused. */
  wp_array dstrided = dt;
  dstrided.strides[0] = 4;
  dstrided.strides[1] = 16;
  dstrided.flags = 0;
  CHECK_ERR(wp_array_copy(&back, &dstrided), WP_ERROR_INVALID_VALUE,
            "wp_array_copy: the array on cuda:0 is not contiguous");
  float v = 1.0f;
  CHECK_ERR(wp_array_fill(&dstrided, &v), WP_ERROR_INVALID_VALUE,
            "wp_array_fill: the array on cuda:0 is not contiguous");
  CHECK_ERR(wp_array_copy(&d, &dt), WP_ERROR_INVALID_VALUE, "shape mismatch");

  /* Fills pick the cheapest driver call. */
  fakecuda_stats s1 = stats();
  v = 1.5f;
  CHECK(wp_array_fill(&d, &v) == WP_SUCCESS);
  CHECK(stats().memset32 == s1.memset32 + 1);
  CHECK(device_all_equal(&d, 1.5f));
  CHECK(wp_array_zero(&d) == WP_SUCCESS);
  CHECK(stats().memset8 == s1.memset8 + 1);
  CHECK(device_all_equal(&d, 0.0f));
  wp_array u16;
  CHECK(wp_array_alloc(&u16, WP_UINT16, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  s1 = stats();
  uint16_t w = 0x0102;
  CHECK(wp_array_fill(&u16, &w) == WP_SUCCESS);
  CHECK(stats().memset16 == s1.memset16 + 1);
  w = 0x0707; /* one repeated byte */
  CHECK(wp_array_fill(&u16, &w) == WP_SUCCESS);
  CHECK(stats().memset8 == s1.memset8 + 1);
  wp_array_free(&u16);
  /* vec3f (1, 2, 3) has no short period: upload a block, copy on device. */
  wp_array v3, v3h;
  wp_int64 m = 50000; /* more than one 64 KiB upload */
  CHECK(wp_array_alloc(&v3, WP_VEC3F, 0, 1, &m, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&v3h, WP_VEC3F, 0, 1, &m, 0, 0) == WP_SUCCESS);
  float vec[3] = {1, 2, 3};
  fakecuda_stats s2 = stats();
  CHECK(wp_array_fill(&v3, vec) == WP_SUCCESS);
  CHECK(stats().htod == s2.htod + 1 && stats().dtod > s2.dtod);
  CHECK(wp_array_copy(&v3h, &v3) == WP_SUCCESS);
  ok = 1;
  for (wp_int64 i = 0; i < m; i++)
    ok &= memcmp((float *)v3h.data + 3 * i, vec, sizeof vec) == 0;
  CHECK(ok);
  wp_array_free(&v3);
  wp_array_free(&v3h);
  /* The grad. */
  CHECK(wp_array_fill(&d, &v) == WP_SUCCESS);
  wp_array g = d;
  g.data = d.grad;
  g.flags = 0;
  CHECK(wp_array_fill(&g, &v) == WP_SUCCESS);
  CHECK(wp_array_zero_grad(&d) == WP_SUCCESS);
  CHECK(device_all_equal(&g, 0.0f) && device_all_equal(&d, 1.5f));

  /* Wrapped device memory and an owned grad on it. */
  wp_array wr;
  CHECK(wp_array_wrap(&wr, d0c.data, WP_FLOAT32, 0, 1, &n, NULL, CUDA0) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc_grad(&wr) == WP_SUCCESS && wr.grad);
  CHECK(wp_array_set_grad(&wr, d0b.data) == WP_SUCCESS); /* frees the own */
  wp_array_free(&wr);
  CHECK_ERR(wp_array_wrap(&wr, d0c.data, WP_FLOAT32, 0, 1, &n, NULL,
                          WP_DEVICE_CUDA(7)),
            WP_ERROR_NO_DEVICE, "cuda:7 does not exist");

  /* Empty arrays still have a pointer and copy nothing. */
  wp_array e, eh;
  wp_int64 zero = 0;
  CHECK(wp_array_alloc(&e, WP_FLOAT32, 0, 1, &zero, 1, CUDA1) == WP_SUCCESS);
  CHECK(e.data != NULL);
  CHECK(wp_array_alloc(&eh, WP_FLOAT32, 0, 1, &zero, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_copy(&e, &eh) == WP_SUCCESS);
  CHECK(wp_array_zero(&e) == WP_SUCCESS);
  wp_array_free(&e);
  wp_array_free(&eh);

  /* The last error survives a free. */
  wp_set_error(WP_ERROR_CUDA, "keep me");
  wp_array_free(&d);
  CHECK(strcmp(wp_last_error(), "keep me") == 0);
  wp_array_free(&d1);
  wp_array_free(&d0b);
  wp_array_free(&d0c);
  wp_array_free(&dt);
  wp_array_free(&t);
  wp_array_free(&back);
  wp_array_free(&h);
  wp_array_free(&h2);
  CHECK(stats().live_allocs == s0.live_allocs);
  CHECK(stats().bad_pointer == 0);
}

static void test_fake_streams(void) {
  enum { N = 256 };
  wp_int64 n = N;
  void *s = NULL, *s1 = NULL, *e0 = NULL, *e1 = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS && s);
  CHECK(wp_stream_create(CUDA1, &s1) == WP_SUCCESS && s1);
  CHECK(stats().live_streams == 2);
  wp_array d, h, h2;
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&h2, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)h.data)[i] = (float)i;
  fakecuda_stats s0 = stats();
  CHECK(wp_event_create(CUDA0, &e0) == WP_SUCCESS && e0);
  CHECK(wp_event_create(CUDA0, &e1) == WP_SUCCESS && e1);
  CHECK(wp_event_record(CUDA0, e0, s) == WP_SUCCESS);
  CHECK(wp_array_copy_async(&d, &h, s) == WP_SUCCESS);
  CHECK(wp_array_copy_async(&h2, &d, s) == WP_SUCCESS);
  CHECK(wp_event_record(CUDA0, e1, s) == WP_SUCCESS);
  CHECK(wp_stream_synchronize(CUDA0, s) == WP_SUCCESS);
  CHECK(wp_event_synchronize(CUDA0, e1) == WP_SUCCESS);
  float ms = -1.0f;
  CHECK(wp_event_elapsed_ms(CUDA0, e0, e1, &ms) == WP_SUCCESS && ms >= 0.0f);
  CHECK(stats().async_copies == s0.async_copies + 2);
  CHECK(memcmp(h.data, h2.data, N * 4) == 0);
  /* A stream of another device: the driver's error, named. */
  CHECK_ERR(wp_stream_synchronize(CUDA0, s1), WP_ERROR_CUDA,
            "wp_stream_synchronize: cuda:0: CUDA_ERROR_INVALID_HANDLE: "
            "invalid resource handle");
  void *e2;
  CHECK(wp_event_create(CUDA0, &e2) == WP_SUCCESS);
  CHECK_ERR(wp_event_elapsed_ms(CUDA0, e0, e2, &ms), WP_ERROR_CUDA,
            "CUDA_ERROR_INVALID_HANDLE");
  CHECK(ms == 0.0f);
  CHECK(wp_event_destroy(CUDA0, e2) == WP_SUCCESS);
  /* Two CPU arrays: copied at once. */
  CHECK(wp_array_copy_async(&h2, &h, NULL) == WP_SUCCESS);
  CHECK(wp_synchronize(CUDA0) == WP_SUCCESS);
  CHECK(wp_synchronize(CUDA1) == WP_SUCCESS);
  CHECK(stats().ctx_syncs == s0.ctx_syncs + 2);
  CHECK(wp_event_destroy(CUDA0, e0) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, e1) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA1, s1) == WP_SUCCESS);
  CHECK(stats().live_streams == 0 && stats().live_events == 0);
  wp_array_free(&d);
  wp_array_free(&h);
  wp_array_free(&h2);
}

/* A device array of n floats, all `v`. */
static wp_array device_floats(wp_device dev, wp_int64 n, float v) {
  wp_array a;
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, dev) == WP_SUCCESS);
  CHECK(wp_array_fill(&a, &v) == WP_SUCCESS);
  return a;
}

static void test_fake_launch(void) {
  register_kernel("test_scale_cuda_fwd", emulate_scale);
  register_kernel("test_scale2_cuda_fwd", emulate_scale_quiet);
  register_kernel("test_scale2_cuda_bwd", emulate_scale_quiet);
  fakecuda_stats s0 = stats();
  CHECK(s0.module_loads == 0);

  /* 1000 threads: 4 blocks of 256, params {&args, &bounds}. */
  wp_array x = device_floats(CUDA0, 1000, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {1000}, .device = CUDA0};
  memset(visits, 0, sizeof visits);
  CHECK(wp_launch_kernel(&l, &scale_desc, 0, &args) == WP_SUCCESS);
  fakecuda_stats s = stats();
  CHECK(s.launches == s0.launches + 1);
  CHECK(strcmp(s.last.name, "test_scale_cuda_fwd") == 0);
  CHECK(s.last.device == 0);
  CHECK(s.last.grid[0] == 4 && s.last.grid[1] == 1 && s.last.grid[2] == 1);
  CHECK(s.last.block[0] == 256 && s.last.block[1] == 1 && s.last.block[2] == 1);
  CHECK(s.last.shared == 0 && s.last.stream == NULL && s.last.extra_null);
  CHECK(s.last.params[0] == (void *)&args);
  wp_launch_bounds b;
  memcpy(&b, s.last.bounds, sizeof b);
  CHECK(b.ndim == 1 && b.size == 1000 && b.shape[0] == 1000 && b.shape[1] == 0);
  CHECK(device_all_equal(&x, 2.0f));
  int once = 1;
  for (int i = 0; i < 1000; i++)
    once &= visits[i] == 1;
  CHECK(once);
  CHECK(s.module_loads == 1 && s.module_loads_on[0] == 1);

  /* Through a generated-style launcher; a 2-D launch's bounds. */
  wp_launch l2 = {.ndim = 2, .dims = {30, 40}, .device = CUDA0};
  wp_array x2 = device_floats(CUDA0, 1200, 1.0f);
  CHECK(scale(&l2, &scale_desc, x2, 3.0f) == WP_SUCCESS);
  s = stats();
  memcpy(&b, s.last.bounds, sizeof b);
  CHECK(b.ndim == 2 && b.shape[0] == 30 && b.shape[1] == 40 && b.size == 1200);
  CHECK(s.last.grid[0] == 5); /* ceil(1200 / 256) */
  CHECK(device_all_equal(&x2, 3.0f));
  /* A CPU array in a CUDA launch never reaches the driver. */
  wp_array hx;
  wp_int64 four = 4;
  CHECK(wp_array_alloc(&hx, WP_FLOAT32, 0, 1, &four, 0, 0) == WP_SUCCESS);
  CHECK_ERR(scale(&l2, &scale_desc, hx, 1.0f), WP_ERROR_DEVICE_MISMATCH,
            "array is on device cpu, but the launch is on device cuda:0");
  wp_array_free(&hx);

  /* block_dim and max_blocks. */
  wp_launch lb = {.ndim = 1, .dims = {1000}, .device = CUDA0, .block_dim = 128};
  CHECK(wp_launch_kernel(&lb, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 8 && stats().last.block[0] == 128);
  wp_array big = device_floats(CUDA0, 10000, 1.0f);
  scale_args bargs = {big, 5.0f};
  wp_launch lm = {.ndim = 1, .dims = {10000}, .device = CUDA0, .max_blocks = 2};
  memset(visits, 0, sizeof visits);
  CHECK(wp_launch_kernel(&lm, &scale_desc, 0, &bargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 2 && stats().last.block[0] == 256);
  CHECK(device_all_equal(&big, 5.0f)); /* the grid-stride loop covers all */
  once = 1;
  for (int i = 0; i < 10000; i++)
    once &= visits[i] == 1;
  CHECK(once);
  /* The device's grid limit (FAKECUDA_MAX_GRID=64 set by main). */
  wp_launch lg = {.ndim = 1, .dims = {100000}, .device = CUDA0};
  wp_array huge = device_floats(CUDA0, 100000, 1.0f);
  scale_args hargs = {huge, 2.0f};
  CHECK(wp_launch_kernel(&lg, &scale_desc, 0, &hargs) == WP_SUCCESS);
  CHECK(stats().last.grid[0] == 64);
  CHECK(device_all_equal(&huge, 2.0f));
  wp_launch bad = {.ndim = 1, .dims = {10}, .device = CUDA0, .block_dim = 2048};
  CHECK_ERR(wp_launch_kernel(&bad, &scale_desc, 0, &args),
            WP_ERROR_INVALID_VALUE,
            "kernel test_scale: block_dim 2048 exceeds cuda:0's limit of 1024 "
            "threads per block");
  bad.block_dim = -1;
  CHECK_ERR(wp_launch_kernel(&bad, &scale_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "block_dim -1 is negative");

  /* Zero threads: no launch, no module load. */
  s0 = stats();
  wp_launch l0 = {.ndim = 2, .dims = {0, 5}, .device = CUDA1};
  CHECK(wp_launch_kernel(&l0, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().launches == s0.launches && stats().module_loads == 1);

  /* On a stream. */
  void *stream;
  CHECK(wp_stream_create(CUDA0, &stream) == WP_SUCCESS);
  l.stream = stream;
  CHECK(wp_launch_kernel(&l, &scale_desc, 0, &args) == WP_SUCCESS);
  CHECK(stats().last.stream == stream);
  CHECK(wp_stream_synchronize(CUDA0, stream) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, stream) == WP_SUCCESS);
  l.stream = NULL;

  /* The module cache: one load per (object, device), one lookup per entry.
   * The fake refuses a module used on another device than it was loaded
   * on, so the second device really gets its own. */
  s0 = stats();
  wp_array y = device_floats(CUDA1, 1000, 1.0f);
  scale_args yargs = {y, 4.0f};
  wp_launch l1 = {.ndim = 1, .dims = {1000}, .device = CUDA1};
  CHECK(wp_launch_kernel(&l1, &scale_desc, 0, &yargs) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&l1, &scale_desc, 0, &yargs) == WP_SUCCESS);
  CHECK(stats().last.device == 1);
  CHECK(device_all_equal(&y, 16.0f));
  CHECK(wp_launch_kernel(&l, &scale2_desc, 0, &args) == WP_SUCCESS);
  CHECK(wp_launch_kernel(&l, &scale2_desc, 1, &args) == WP_SUCCESS);
  CHECK(strcmp(stats().last.name, "test_scale2_cuda_bwd") == 0);
  CHECK(wp_launch_kernel(&l, &scale2_desc, 1, &args) == WP_SUCCESS);
  s = stats();
  CHECK(s.module_loads == 2 && s.module_loads_on[0] == 1 &&
        s.module_loads_on[1] == 1);
  CHECK(s.get_functions == s0.get_functions + 3);
  CHECK(s.ctx_retains == 2);

  /* Errors. */
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 1, &args), WP_ERROR_NOT_SUPPORTED,
            "kernel test_scale has no backward");
  CHECK_ERR(wp_launch_kernel(&l, &cpu_only_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "kernel test_cpu_only: this object was compiled without CUDA "
            "code (warpc --no-cuda or no toolkit)");
  CHECK_ERR(wp_launch_kernel(&l, &missing_desc, 0, &args), WP_ERROR_CUDA,
            "kernel test_missing: its CUDA code has no entry 'missing_entry' "
            "on cuda:0");
  CHECK(strstr(wp_last_error(), "CUDA_ERROR_NOT_FOUND: named symbol not "
                                "found") != NULL);
  wp_launch l5 = {.ndim = 1, .dims = {8}, .device = WP_DEVICE_CUDA(5)};
  CHECK_ERR(wp_launch_kernel(&l5, &scale_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_scale: cannot launch on cuda:5: cuda:5 does not "
               "exist: this machine has 2 CUDA devices") == 0);
  wp_launch taped = {
      .ndim = 1, .dims = {8}, .device = CUDA0, .tape = (struct wp_tape *)&args};
  CHECK_ERR(wp_launch_kernel(&taped, &scale2_desc, 1, &args),
            WP_ERROR_INVALID_VALUE, "a backward launch cannot be recorded");
  /* A kernel without parameters still gets a valid pointer. */
  static const wp_kernel_desc noargs = {.name = "test_noargs",
                                        .cpu_forward = scale_cpu,
                                        .cuda_module = fatbin,
                                        .cuda_forward = "test_noargs_fwd"};
  CHECK(wp_launch_kernel(&l, &noargs, 0, NULL) == WP_SUCCESS);
  CHECK(stats().last.params[0] != NULL);

  wp_array_free(&x);
  wp_array_free(&x2);
  wp_array_free(&big);
  wp_array_free(&huge);
  wp_array_free(&y);
}

/* x -> y = 2x -> z = 3y on cuda:0 (the second launch on a stream),
 * recorded; backward from z seeds z.grad with cuMemsetD32 and replays
 * both adjoints on the recorded streams. */
static void test_fake_tape(void) {
  enum { N = 300 };
  register_kernel("test_tscale_cuda_fwd", emulate_tscale);
  register_kernel("test_tscale_cuda_bwd", emulate_tscale_adj);
  wp_int64 n = N;
  wp_array x, y, z;
  CHECK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_alloc(&z, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  float one = 1.0f;
  CHECK(wp_array_fill(&x, &one) == WP_SUCCESS);
  wp_tape *tape;
  void *stream;
  CHECK(wp_tape_create(&tape) == WP_SUCCESS);
  CHECK(wp_stream_create(CUDA0, &stream) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .tape = tape};
  tscale_args a1 = {x, y, 2.0f}, a2 = {y, z, 3.0f};
  fakecuda_stats s0 = stats();
  CHECK(wp_launch_kernel(&l, &tscale_desc, 0, &a1) == WP_SUCCESS);
  l.stream = stream;
  CHECK(wp_launch_kernel(&l, &tscale_desc, 0, &a2) == WP_SUCCESS);
  CHECK(wp_tape_launch_count(tape) == 2);
  CHECK(stats().launches == s0.launches + 2);
  CHECK(device_all_equal(&z, 6.0f));

  s0 = stats();
  CHECK(wp_tape_backward(tape, &z) == WP_SUCCESS);
  fakecuda_stats s = stats();
  CHECK(s.launches == s0.launches + 2);
  CHECK(s.memset32 == s0.memset32 + 1); /* the seed, on the device */
  CHECK(strcmp(s.last.name, "test_tscale_cuda_bwd") == 0);
  CHECK(s.last.stream == NULL); /* the first launch, replayed last */
  wp_array gx = x, gy = y, gz = z;
  gx.data = x.grad, gy.data = y.grad, gz.data = z.grad;
  gx.grad = gy.grad = gz.grad = NULL;
  CHECK(device_all_equal(&gz, 1.0f));
  CHECK(device_all_equal(&gy, 3.0f));
  CHECK(device_all_equal(&gx, 6.0f));

  /* Zeroing: three distinct grads, on the device. */
  s0 = stats();
  CHECK(wp_tape_zero(tape) == WP_SUCCESS);
  CHECK(device_all_equal(&gx, 0.0f) && device_all_equal(&gy, 0.0f) &&
        device_all_equal(&gz, 0.0f));
  /* Explicit output grads from the host (a Jacobian row, scaled). */
  wp_array hg;
  CHECK(wp_array_alloc(&hg, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)hg.data)[i] = 0.5f;
  wp_array *outs[1] = {&z};
  const wp_array *grads[1] = {&hg};
  CHECK(wp_tape_backward_grads(tape, 1, outs, grads) == WP_SUCCESS);
  CHECK(device_all_equal(&gx, 3.0f));
  CHECK(wp_synchronize(CUDA0) == WP_SUCCESS);

  /* A kernel whose CUDA code has no adjoint: refused before seeding. */
  wp_kernel_desc noadj = tscale_desc;
  noadj.cuda_backward = NULL;
  wp_tape_reset(tape);
  l.stream = NULL;
  CHECK(wp_launch_kernel(&l, &noadj, 0, &a1) == WP_SUCCESS);
  CHECK(wp_tape_zero(tape) == WP_SUCCESS);
  CHECK_ERR(wp_tape_backward(tape, &y), WP_ERROR_NOT_SUPPORTED,
            "wp_tape_backward: kernel test_tscale has no backward");
  CHECK(device_all_equal(&gy, 0.0f));

  wp_tape_destroy(tape);
  CHECK(wp_stream_destroy(CUDA0, stream) == WP_SUCCESS);
  wp_array_free(&hg);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
}

/* Launches and allocations from several threads on both devices. */
static void *launch_thread(void *arg) {
  int dev = (int)(intptr_t)arg;
  int ok = 1;
  for (int i = 0; i < 50; i++) {
    wp_array a;
    wp_int64 n = 300;
    ok &= wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CUDA(dev)) ==
          WP_SUCCESS;
    scale_args args = {a, 2.0f};
    wp_launch l = {.ndim = 1, .dims = {300}, .device = WP_DEVICE_CUDA(dev)};
    ok &= wp_launch_kernel(&l, &scale2_desc, 0, &args) == WP_SUCCESS;
    ok &= wp_synchronize(WP_DEVICE_CUDA(dev)) == WP_SUCCESS;
    wp_array_free(&a);
  }
  return (void *)(intptr_t)ok;
}

static void test_fake_threads(void) {
  pthread_t t[4];
  for (int i = 0; i < 4; i++)
    pthread_create(&t[i], NULL, launch_thread, (void *)(intptr_t)(i % 2));
  for (int i = 0; i < 4; i++) {
    void *ok;
    pthread_join(t[i], &ok);
    CHECK(ok == (void *)1);
  }
  fakecuda_stats s = stats();
  CHECK(s.module_loads == 2); /* still */
  CHECK(s.ctx_retains == 2);
}

/* Every push popped, every call made in a context, nothing leaked. */
static void check_fake_balance(void) {
  fakecuda_stats s = stats();
  CHECK(s.pushes == s.pops);
  CHECK(s.max_depth == 1);
  CHECK(s.no_context == 0);
  CHECK(s.bad_pointer == 0);
  CHECK(s.live_allocs == 0);
  CHECK(s.live_streams == 0 && s.live_events == 0);
}

static void test_fake_ok(void) {
  /* No CUDA use yet: the driver has not even been loaded. */
  check_cpu_still_works();
  CHECK(dlopen("libcuda.so.1", RTLD_NOW | RTLD_NOLOAD) == NULL);
  int count = 0;
  CHECK(wp_cuda_device_count(&count) == WP_SUCCESS && count == 2);
  CHECK(find_hooks());
  if (!get_stats)
    return;
  test_fake_devices();
  test_fake_memory();
  test_fake_streams();
  test_fake_launch();
  test_fake_tape();
  test_fake_threads();
  check_fake_balance();
  check_cpu_still_works();
}

/* A module load the driver refuses: the message names the archs. */
static void test_fake_nobinary(int old_ptx) {
  CHECK(find_hooks());
  wp_array x = device_floats(CUDA0, 100, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {100}, .device = CUDA0};
  wp_kernel_desc k = scale_desc;
  k.cuda_module = module_image;
  int real = module_image != fatbin; /* a fatbinary-made file */
  CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
            "kernel test_scale: cannot load its CUDA code on cuda:0 (sm_86): ");
  const char *e = wp_last_error();
  if (old_ptx) {
    CHECK(strstr(e, "CUDA_ERROR_UNSUPPORTED_PTX_VERSION") != NULL);
    CHECK(strstr(e, "its PTX is newer than this driver accepts; update the "
                    "driver or rebuild with warpc --cuda-arch sm_86") != NULL);
  } else {
    CHECK(strstr(e, "CUDA_ERROR_NO_BINARY_FOR_GPU: no kernel image is "
                    "available for execution on the device; the object "
                    "holds ") != NULL);
    CHECK(strstr(e, real ? "cubins for sm_75 and sm_90, and PTX for "
                           "compute_75, none of them usable on sm_86"
                         : "cubins for sm_75 and sm_90, and PTX for "
                           "compute_90, none of them usable on sm_86") != NULL);
    CHECK(strstr(e, "; rebuild with warpc --cuda-arch sm_86") != NULL);
  }
  /* Not cached: the next launch tries again. */
  CHECK(wp_launch_kernel(&l, &k, 0, &args) == WP_ERROR_CUDA);
  CHECK(stats().module_loads == 2 && stats().launches == 0);
  if (!old_ptx) {
    /* An image that is no fatbin: no list, still the advice. */
    k.cuda_module = "garbage";
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds no cubin or PTX usable on sm_86; rebuild with "
              "warpc --cuda-arch sm_86");
    /* An entry whose header size runs past the image ends the list. */
    static _Alignas(8) unsigned char cut[sizeof fatbin];
    memcpy(cut, fatbin, sizeof fatbin);
    put32(cut + 16 + 80 + 4, 0xffffff00u);
    put32(cut + 16 + 80 + 28, 99);
    k.cuda_module = cut;
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds a cubin for sm_75, none of them usable");
    /* A size that wraps around: no entries. */
    put64(cut + 8, UINT64_MAX - 8);
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds no cubin and no PTX, none of them usable");
    /* Plain PTX text names its target. */
    k.cuda_module = scale_ptx;
    CHECK_ERR(wp_launch_kernel(&l, &k, 0, &args), WP_ERROR_CUDA,
              "the object holds PTX for compute_52, none of them usable");
  }
  wp_array_free(&x);
  check_fake_balance();
  check_cpu_still_works();
}

static void test_fake_launchfail(void) {
  CHECK(find_hooks());
  wp_array x = device_floats(CUDA0, 1000, 1.0f);
  scale_args args = {x, 2.0f};
  wp_launch l = {.ndim = 1, .dims = {1000}, .device = CUDA0};
  CHECK_ERR(wp_launch_kernel(&l, &scale_desc, 0, &args), WP_ERROR_CUDA, "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_scale: launch on cuda:0 (4 blocks of 256 threads) "
               "failed: CUDA_ERROR_LAUNCH_OUT_OF_RESOURCES: too many resources "
               "requested for launch") == 0);
  CHECK(device_all_equal(&x, 1.0f));
  wp_array_free(&x);
  check_fake_balance();
  check_cpu_still_works();
}

static void test_fake_oom(void) {
  CHECK(find_hooks());
  wp_array a;
  wp_int64 n = 1000;
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, &n, 1, CUDA0),
            WP_ERROR_OUT_OF_MEMORY, "");
  CHECK(strcmp(wp_last_error(),
               "wp_array_alloc: cannot allocate 4000 bytes on cuda:0: "
               "CUDA_ERROR_OUT_OF_MEMORY: out of memory") == 0);
  CHECK(a.data == NULL && a.ndim == 0);
  check_fake_balance();
  check_cpu_still_works();
}

/* ---- a real GPU -----------------------------------------------------------
 * Only when the driver is NVIDIA's and has a device. */

static void test_real_gpu(void) {
  char name[256];
  int sm = 0;
  CHECK(wp_device_name(CUDA0, name, sizeof name) == WP_SUCCESS);
  CHECK(wp_cuda_device_arch(CUDA0, &sm) == WP_SUCCESS && sm >= 50);
  printf("cuda:0 is %s (sm_%d)\n", name, sm);
  enum { N = 100003 };
  wp_int64 n = N;
  wp_array d, h;
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 1, CUDA0) == WP_SUCCESS);
  CHECK(device_all_equal(&d, 0.0f));
  CHECK(wp_array_alloc(&h, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  for (int i = 0; i < N; i++)
    ((float *)h.data)[i] = (float)(i % 1000);
  CHECK(wp_array_copy(&d, &h) == WP_SUCCESS);
  wp_kernel_desc k = scale_desc;
  k.cuda_module = scale_ptx;
  scale_args args = {d, 2.0f};
  void *stream, *e0, *e1;
  CHECK(wp_stream_create(CUDA0, &stream) == WP_SUCCESS);
  CHECK(wp_event_create(CUDA0, &e0) == WP_SUCCESS);
  CHECK(wp_event_create(CUDA0, &e1) == WP_SUCCESS);
  CHECK(wp_event_record(CUDA0, e0, stream) == WP_SUCCESS);
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = stream};
  CHECK(wp_launch_kernel(&l, &k, 0, &args) == WP_SUCCESS);
  l.max_blocks = 3;
  CHECK(wp_launch_kernel(&l, &k, 0, &args) == WP_SUCCESS);
  CHECK(wp_event_record(CUDA0, e1, stream) == WP_SUCCESS);
  CHECK(wp_event_synchronize(CUDA0, e1) == WP_SUCCESS);
  float ms = -1;
  CHECK(wp_event_elapsed_ms(CUDA0, e0, e1, &ms) == WP_SUCCESS && ms >= 0);
  wp_array h2;
  CHECK(wp_array_alloc(&h2, WP_FLOAT32, 0, 1, &n, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_copy_async(&h2, &d, stream) == WP_SUCCESS);
  CHECK(wp_stream_synchronize(CUDA0, stream) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)h2.data)[i] == 4.0f * (float)(i % 1000);
  CHECK(ok);
  float v = 0.25f;
  CHECK(wp_array_fill(&d, &v) == WP_SUCCESS);
  CHECK(device_all_equal(&d, 0.25f));
  float vec[3] = {1, 2, 3};
  wp_array v3;
  CHECK(wp_array_alloc(&v3, WP_VEC3F, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_fill(&v3, vec) == WP_SUCCESS);
  CHECK(wp_synchronize(CUDA0) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, e0) == WP_SUCCESS);
  CHECK(wp_event_destroy(CUDA0, e1) == WP_SUCCESS);
  CHECK(wp_stream_destroy(CUDA0, stream) == WP_SUCCESS);
  wp_array_free(&v3);
  wp_array_free(&d);
  wp_array_free(&h);
  wp_array_free(&h2);
  check_cpu_still_works();
}

int main(void) {
  const char *expect = getenv("WARPRT_TEST_CUDA");
  const char *mode = getenv("FAKECUDA_MODE");
  if (!expect)
    expect = "";
  if (!mode || !*mode)
    mode = "ok";
  setenv("FAKECUDA_MAX_GRID", "64", 0); /* read by the fake when loaded */
  build_fatbin();
  test_device_strings();
  if (strcmp(expect, "nodriver") == 0) {
    const char *path = getenv("WARP_CUDA_DRIVER");
    char reason[512];
    snprintf(reason, sizeof reason, "the CUDA driver (%s) is not available: ",
             path && *path ? path : "libcuda.so.1");
    check_no_cuda(reason);
  } else if (strcmp(expect, "incomplete") == 0) {
    check_no_cuda("it lacks cuMemsetD32_v2 (driver too old?)");
  } else if (strcmp(expect, "fake") == 0) {
    if (strcmp(mode, "ok") == 0)
      test_fake_ok();
    else if (strcmp(mode, "nodevice") == 0)
      check_no_cuda("no CUDA device is present (cuInit: CUDA_ERROR_NO_DEVICE: "
                    "no CUDA-capable device is detected)");
    else if (strcmp(mode, "nobinary") == 0)
      test_fake_nobinary(0);
    else if (strcmp(mode, "oldptx") == 0)
      test_fake_nobinary(1);
    else if (strcmp(mode, "launchfail") == 0)
      test_fake_launchfail();
    else if (strcmp(mode, "oom") == 0)
      test_fake_oom();
    else
      CHECK(!"unknown FAKECUDA_MODE");
  } else {
    int count = 0;
    CHECK(wp_cuda_device_count(&count) == WP_SUCCESS);
    if (count == 0) {
      wp_cuda_init(); /* whatever the reason is, it is the one reported */
      char reason[1024];
      snprintf(reason, sizeof reason, "%s",
               wp_last_error() + strlen("CUDA is not available: "));
      check_no_cuda(reason);
    } else if (find_hooks()) {
      printf("the fake driver is installed; run cuda_fake_driver.sh\n");
    } else {
      test_real_gpu();
    }
  }
  wp_shutdown();
  return check_report(NULL);
}
