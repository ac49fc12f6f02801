/* fake_memory.c - devices, device memory, streams and events on the fake
 * CUDA driver. */
#include "fixture.h"

#include <string.h>

void test_fake_devices(void) {
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

void test_fake_memory(void) {
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

void test_fake_streams(void) {
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
