/* real_gpu.c - a real GPU as cuda:0: memory round trips, streams, events
 * and a launch of the hand-written PTX kernel. */
#include "fixture.h"

#include <stdio.h>

/* ---- a real GPU -----------------------------------------------------------
 * Only when the driver is NVIDIA's and has a device. */

void test_real_gpu(void) {
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
