/* array_memory.c - pinned host arrays and stream-ordered device arrays
 * (<warp/memory.h>), and freeing them (wp_array_free calls
 * wpi_array_free_special for arrays with WP_ARRAY_PINNED or
 * WP_ARRAY_STREAM_ORDERED). */
#include "cuda_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <string.h>

static CUdeviceptr dptr(const void *p) {
  return (CUdeviceptr)(uintptr_t)p;
}

wp_status wp_array_alloc_pinned(wp_array *out, wp_dtype dtype,
                                wp_size elem_size, wp_int32 ndim,
                                const wp_int64 *shape, wp_int32 requires_grad) {
  const char *what = "wp_array_alloc_pinned";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  memset(out, 0, sizeof *out);
  wp_array a = {0};
  wp_int64 bytes;
  wp_status st = wpi_array_describe(&a, dtype, elem_size, ndim, shape,
                                    WP_DEVICE_CPU, what, &bytes);
  if (st != WP_SUCCESS)
    return st;
  const wpi_cuda_api *api;
  /* cuMemHostAlloc needs a current context; PORTABLE pins the memory for
   * all of them. */
  if ((st = wpi_cuda_enter(WP_DEVICE_CUDA(0), what, &api, NULL)) != WP_SUCCESS)
    return st;
  if (!api->cuMemHostAlloc || !api->cuMemFreeHost) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, "cuMemHostAlloc");
  }
  size_t n = bytes > 0 ? (size_t)bytes : 1;
  CUresult r = api->cuMemHostAlloc(&a.data, n, CU_MEMHOSTALLOC_PORTABLE);
  if (r == CUDA_SUCCESS && requires_grad &&
      (r = api->cuMemHostAlloc(&a.grad, n, CU_MEMHOSTALLOC_PORTABLE)) !=
          CUDA_SUCCESS)
    api->cuMemFreeHost(a.data);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot allocate %lld bytes of pinned memory",
                         what, (long long)bytes);
  memset(a.data, 0, n);
  if (a.grad)
    memset(a.grad, 0, n);
  a.flags = WP_ARRAY_OWNS_DATA | WP_ARRAY_PINNED |
            (requires_grad ? WP_ARRAY_OWNS_GRAD : 0u);
  *out = a;
  return WP_SUCCESS;
}

/* Whether `dev` allocates from a memory pool; a driver that does not know
 * the attribute (before CUDA 11.2) has none. */
static int has_mempool(const wpi_cuda_api *api, const wpi_cuda_device *dev) {
  int v = 0;
  if (!api->cuMemAllocAsync || !api->cuMemFreeAsync || !api->cuMemsetD8Async)
    return 0;
  if (api->cuDeviceGetAttribute(&v, CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED,
                                dev->handle) != CUDA_SUCCESS)
    return 0;
  return v == 1;
}

wp_status wp_device_has_mempool(wp_device device, int *supported) {
  const char *what = "wp_device_has_mempool";
  if (!supported)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: supported is NULL", what);
  *supported = 0;
  if (device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  const wpi_cuda_api *api;
  wpi_cuda_device *dev;
  wp_status st = wpi_cuda_enter(device, what, &api, &dev);
  if (st != WP_SUCCESS)
    return st;
  *supported = has_mempool(api, dev);
  wpi_cuda_leave();
  return WP_SUCCESS;
}

/* A zero-filled stream-ordered buffer; context entered. */
static CUresult alloc_async(const wpi_cuda_api *api, size_t n, CUstream s,
                            void **out) {
  CUdeviceptr p = 0;
  CUresult r = api->cuMemAllocAsync(&p, n, s);
  if (r == CUDA_SUCCESS &&
      (r = api->cuMemsetD8Async(p, 0, n, s)) != CUDA_SUCCESS)
    api->cuMemFreeAsync(p, s);
  if (r == CUDA_SUCCESS)
    *out = (void *)(uintptr_t)p;
  return r;
}

wp_status wp_array_alloc_async(wp_array *out, wp_dtype dtype, wp_size elem_size,
                               wp_int32 ndim, const wp_int64 *shape,
                               wp_int32 requires_grad, wp_device device,
                               void *stream) {
  const char *what = "wp_array_alloc_async";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  memset(out, 0, sizeof *out);
  if (device == WP_DEVICE_CPU)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: stream-ordered memory is for CUDA devices (use "
                        "wp_array_alloc on the cpu)",
                        what);
  wp_array a = {0};
  wp_int64 bytes;
  wp_status st = wpi_array_describe(&a, dtype, elem_size, ndim, shape, device,
                                    what, &bytes);
  if (st != WP_SUCCESS)
    return st;
  const wpi_cuda_api *api;
  wpi_cuda_device *dev;
  if ((st = wpi_cuda_enter(device, what, &api, &dev)) != WP_SUCCESS)
    return st;
  if (!has_mempool(api, dev)) { /* the documented fallback */
    wpi_cuda_leave();
    return wp_array_alloc(out, dtype, elem_size, ndim, shape, requires_grad,
                          device);
  }
  size_t n = bytes > 0 ? (size_t)bytes : 1;
  CUstream s = (CUstream)stream;
  CUresult r = alloc_async(api, n, s, &a.data);
  if (r == CUDA_SUCCESS && requires_grad &&
      (r = alloc_async(api, n, s, &a.grad)) != CUDA_SUCCESS)
    api->cuMemFreeAsync(dptr(a.data), s);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot allocate %lld bytes on cuda:%d", what,
                         (long long)bytes, (int)device - 1);
  a.flags = WP_ARRAY_OWNS_DATA | WP_ARRAY_STREAM_ORDERED |
            (requires_grad ? WP_ARRAY_OWNS_GRAD : 0u);
  *out = a;
  return WP_SUCCESS;
}

/* Frees one buffer of `kind` (WP_ARRAY_PINNED or WP_ARRAY_STREAM_ORDERED)
 * on `device`; context entered. */
static void free_kind(const wpi_cuda_api *api, wp_uint32 kind, void *p,
                      void *stream) {
  if (!p)
    return;
  if (kind & WP_ARRAY_PINNED) {
    if (api->cuMemFreeHost)
      api->cuMemFreeHost(p);
  } else if (api->cuMemFreeAsync) {
    api->cuMemFreeAsync(dptr(p), (CUstream)stream);
  }
}

/* The device whose context frees or allocates `a`'s special memory: pinned
 * memory is the CPU's, made through cuda:0's context (PORTABLE). */
static wp_device special_device(const wp_array *a) {
  return a->flags & WP_ARRAY_PINNED ? WP_DEVICE_CUDA(0) : a->device;
}

void wpi_array_free_buffers(const wp_array *a, void *data, void *grad,
                            void *stream) {
  const wpi_cuda_api *api;
  char saved[1024]; /* frees report nothing: keep the last error */
  snprintf(saved, sizeof saved, "%s", wp_last_error());
  wp_device device = special_device(a);
  if (device > 0 &&
      wpi_cuda_enter(device, "wp_array_free", &api, NULL) == WP_SUCCESS) {
    free_kind(api, a->flags, data, stream);
    free_kind(api, a->flags, grad, stream);
    wpi_cuda_leave();
  }
  wp_set_error(WP_SUCCESS, "%s", saved);
}

void wpi_array_free_special(wp_array *a, void *stream) {
  wpi_array_free_buffers(a, a->flags & WP_ARRAY_OWNS_DATA ? a->data : NULL,
                         a->flags & WP_ARRAY_OWNS_GRAD ? a->grad : NULL,
                         stream);
  memset(a, 0, sizeof *a);
}

wp_status wpi_array_alloc_special(const wp_array *a, wp_int64 bytes, void **out,
                                  const char *what) {
  const wpi_cuda_api *api;
  wpi_cuda_device *dev;
  wp_status st = wpi_cuda_enter(special_device(a), what, &api, &dev);
  if (st != WP_SUCCESS)
    return st;
  size_t n = bytes > 0 ? (size_t)bytes : 1;
  CUresult r;
  if (a->flags & WP_ARRAY_PINNED) {
    if (!api->cuMemHostAlloc) {
      wpi_cuda_leave();
      return wpi_cuda_missing(what, "cuMemHostAlloc");
    }
    if ((r = api->cuMemHostAlloc(out, n, CU_MEMHOSTALLOC_PORTABLE)) ==
        CUDA_SUCCESS)
      memset(*out, 0, n);
  } else if (!has_mempool(api, dev)) { /* only pool memory is flagged so */
    wpi_cuda_leave();
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: cuda:%d has no memory pool for a stream-ordered "
                        "buffer",
                        what, (int)a->device - 1);
  } else {
    r = alloc_async(api, n, NULL, out);
  }
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot allocate %lld bytes of %s memory", what,
                         (long long)bytes,
                         a->flags & WP_ARRAY_PINNED ? "pinned"
                                                    : "stream-ordered");
  return WP_SUCCESS;
}

void wp_array_free_async(wp_array *a, void *stream) {
  if (!a)
    return;
  if (a->flags & WP_ARRAY_STREAM_ORDERED)
    wpi_array_free_special(a, stream);
  else
    wp_array_free(a);
}
