/* fake_mempool.c - pinned host arrays and stream-ordered device arrays
 * (<warp/memory.h>) on the fake CUDA driver. */
#include "fixture.h"

#include <stdlib.h>
#include <string.h>

/* All n floats of a host buffer equal `want`. */
static int host_all(const void *p, int n, float want) {
  for (int i = 0; i < n; i++)
    if (((const float *)p)[i] != want)
      return 0;
  return 1;
}

static void test_pinned(void) {
  enum { N = 1000 };
  wp_int64 n = N;
  fakecuda_stats s0 = stats();
  wp_array p, d;
  CHECK(wp_array_alloc_pinned(&p, WP_FLOAT32, 0, 1, &n, 1) == WP_SUCCESS);
  CHECK(p.device == WP_DEVICE_CPU && p.ndim == 1 && p.shape[0] == N &&
        p.strides[0] == 4);
  CHECK(p.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD | WP_ARRAY_PINNED));
  CHECK(stats().host_allocs == s0.host_allocs + 2);
  CHECK(stats().live_host_allocs == s0.live_host_allocs + 2);
  /* zeroed (the fake fills new memory with 0xCD) */
  CHECK(host_all(p.data, N, 0.0f) && host_all(p.grad, N, 0.0f));
  /* a CPU array like any other: fill, CPU kernels, copies to a device */
  float one = 1.0f;
  CHECK(wp_array_fill(&p, &one) == WP_SUCCESS);
  CHECK(scale(&WP_LAUNCH_1D(N), &scale_desc, p, 3.0f) == WP_SUCCESS);
  CHECK(host_all(p.data, N, 3.0f));
  CHECK(wp_array_alloc(&d, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_copy(&d, &p) == WP_SUCCESS);
  CHECK(device_all_equal(&d, 3.0f));
  wp_array_free(&d);
  wp_array_free(&p);
  CHECK(p.data == NULL && p.flags == 0);
  CHECK(stats().live_host_allocs == s0.live_host_allocs);
  CHECK(stats().bad_pointer == s0.bad_pointer);

  CHECK_ERR(wp_array_alloc_pinned(NULL, WP_FLOAT32, 0, 1, &n, 0),
            WP_ERROR_INVALID_VALUE, "wp_array_alloc_pinned: out is NULL");
  CHECK_ERR(wp_array_alloc_pinned(&p, WP_FLOAT32, 0, 5, &n, 0),
            WP_ERROR_INVALID_VALUE, "wp_array_alloc_pinned");
  CHECK(p.data == NULL);
  CHECK(stats().host_allocs == s0.host_allocs + 2);
}

/* Grads given to pinned and stream-ordered arrays after allocation are of
 * the data's kind, and every free matches its allocation (the fake counts
 * a free of a pointer it did not allocate in bad_pointer; a pinned buffer
 * not freed stays in live_host_allocs). */
static void test_special_grads(int pools) {
  enum { N = 64 };
  wp_int64 n = N;
  static float user_grad[N];
  fakecuda_stats s0 = stats();
  wp_array p, v, d;
  /* wp_array_alloc_grad on a pinned array: a pinned grad */
  CHECK(wp_array_alloc_pinned(&p, WP_FLOAT32, 0, 1, &n, 0) == WP_SUCCESS);
  CHECK(wp_array_alloc_grad(&p) == WP_SUCCESS && p.grad);
  CHECK(stats().live_host_allocs == s0.live_host_allocs + 2);
  CHECK(host_all(p.grad, N, 0.0f));
  /* ... and on a view of it, whose free releases only that grad */
  CHECK(wp_array_slice(&v, &p, 0, 0, 8, 1) == WP_SUCCESS);
  v.grad = NULL;
  CHECK(wp_array_alloc_grad(&v) == WP_SUCCESS && v.grad);
  CHECK(stats().live_host_allocs == s0.live_host_allocs + 3);
  wp_array_free(&v);
  CHECK(stats().live_host_allocs == s0.live_host_allocs + 2);
  /* wp_array_set_grad frees the owned pinned grad with cuMemFreeHost */
  CHECK(wp_array_set_grad(&p, user_grad) == WP_SUCCESS);
  CHECK(stats().live_host_allocs == s0.live_host_allocs + 1);
  wp_array_free(&p); /* the data only: the grad is the caller's */
  CHECK(stats().live_host_allocs == s0.live_host_allocs);
  CHECK(stats().bad_pointer == s0.bad_pointer);

  /* the same on a stream-ordered array (a plain one without pools) */
  CHECK(wp_array_alloc_async(&d, WP_FLOAT32, 0, 1, &n, 0, CUDA0, NULL) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc_grad(&d) == WP_SUCCESS && d.grad);
  CHECK(stats().async_allocs == s0.async_allocs + (pools ? 2 : 0));
  CHECK(device_all_equal(&d, 0.0f));
  wp_array_free(&d);
  CHECK(stats().async_frees == s0.async_frees + (pools ? 2 : 0));
  CHECK(stats().live_allocs == s0.live_allocs);
  CHECK(stats().bad_pointer == s0.bad_pointer);
}

static void test_stream_ordered(int pools) {
  enum { N = 1000 };
  wp_int64 n = N;
  int has = -1;
  CHECK(wp_device_has_mempool(CUDA0, &has) == WP_SUCCESS && has == pools);
  CHECK(wp_device_has_mempool(WP_DEVICE_CPU, &has) == WP_SUCCESS && has == 0);
  CHECK_ERR(wp_device_has_mempool(CUDA0, NULL), WP_ERROR_INVALID_VALUE,
            "supported is NULL");
  CHECK_ERR(wp_device_has_mempool(WP_DEVICE_CUDA(9), &has), WP_ERROR_NO_DEVICE,
            "cuda:9");
  void *s = NULL;
  CHECK(wp_stream_create(CUDA0, &s) == WP_SUCCESS);
  fakecuda_stats s0 = stats();
  wp_array a, b;
  CHECK(wp_array_alloc_async(&a, WP_FLOAT32, 0, 1, &n, 1, CUDA0, s) ==
        WP_SUCCESS);
  CHECK(a.device == CUDA0 && a.shape[0] == N && a.data && a.grad);
  CHECK(a.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD |
                    (pools ? WP_ARRAY_STREAM_ORDERED : 0u)));
  CHECK(stats().async_allocs == s0.async_allocs + (pools ? 2 : 0));
  CHECK(stats().allocs == s0.allocs + 2);
  CHECK(device_all_equal(&a, 0.0f));
  wp_launch l = {.ndim = 1, .dims = {N}, .device = CUDA0, .stream = s};
  float two = 2.0f;
  CHECK(wp_array_fill(&a, &two) == WP_SUCCESS);
  CHECK(scale(&l, &scale_desc, a, 4.0f) == WP_SUCCESS);
  CHECK(device_all_equal(&a, 8.0f));
  wp_array_free_async(&a, s);
  CHECK(a.data == NULL && a.flags == 0);
  CHECK(stats().async_frees == s0.async_frees + (pools ? 2 : 0));
  CHECK(stats().live_allocs == s0.live_allocs);
  /* wp_array_free releases stream-ordered memory too */
  CHECK(wp_array_alloc_async(&b, WP_FLOAT32, 0, 1, &n, 0, CUDA0, NULL) ==
        WP_SUCCESS);
  wp_array_free(&b);
  CHECK(stats().async_frees == s0.async_frees + (pools ? 3 : 0));
  CHECK(stats().live_allocs == s0.live_allocs);
  wp_array_free_async(NULL, s);
  /* a plain array given to wp_array_free_async is freed as usual */
  CHECK(wp_array_alloc(&b, WP_FLOAT32, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  wp_array_free_async(&b, s);
  CHECK(stats().live_allocs == s0.live_allocs);

  CHECK_ERR(
      wp_array_alloc_async(&a, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU, NULL),
      WP_ERROR_NOT_SUPPORTED,
      "wp_array_alloc_async: stream-ordered memory is for CUDA devices");
  CHECK_ERR(wp_array_alloc_async(NULL, WP_FLOAT32, 0, 1, &n, 0, CUDA0, NULL),
            WP_ERROR_INVALID_VALUE, "out is NULL");
  wp_int64 neg = -1;
  CHECK_ERR(wp_array_alloc_async(&a, WP_FLOAT32, 0, 1, &neg, 0, CUDA0, NULL),
            WP_ERROR_INVALID_VALUE, "wp_array_alloc_async");
  CHECK_ERR(
      wp_array_alloc_async(&a, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CUDA(4), s),
      WP_ERROR_NO_DEVICE, "cuda:4 does not exist");
  CHECK(a.data == NULL);
  CHECK(wp_stream_destroy(CUDA0, s) == WP_SUCCESS);
}

void test_fake_mempool(void) {
  const char *pools = getenv("FAKECUDA_MEMPOOLS");
  int have_pools = !(pools && strcmp(pools, "0") == 0);
  test_pinned();
  test_special_grads(have_pools);
  test_stream_ordered(have_pools);
}

/* A driver without the optional functions: no pinned memory, and
 * stream-ordered arrays fall back to cuMemAlloc. */
void test_old_driver_memory(void) {
  wp_int64 n = 10;
  wp_array a;
  CHECK_ERR(wp_array_alloc_pinned(&a, WP_FLOAT32, 0, 1, &n, 0),
            WP_ERROR_NOT_SUPPORTED,
            "wp_array_alloc_pinned: the CUDA driver lacks cuMemHostAlloc");
  test_stream_ordered(0);
}
