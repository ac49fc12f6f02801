/* cuda_memory.c - device memory: allocate, free, fill and copy.
 *
 * Synchronous operations go through the legacy default stream, as the
 * driver's cuMemset and cuMemcpy do, so they are ordered after earlier
 * launches on the default stream and on streams made by wp_stream_create
 * (which are blocking streams).  The zeroing of a new allocation is the
 * exception: it runs on the calling thread's per-thread stream, so that
 * allocating does not touch the legacy stream (which would invalidate
 * another thread's capture on the device).
 */
#include "cuda_internal.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Device pointers travel in wp_array.data, a void *. */
static CUdeviceptr dptr(const void *p) {
  return (CUdeviceptr)(uintptr_t)p;
}

wp_status wpi_cuda_alloc(wp_device device, wp_size bytes, void **out,
                         const char *what) {
  const wpi_cuda_api *api;
  *out = NULL;
  wp_status st = wpi_cuda_enter(device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUdeviceptr p = 0;
  CUresult r = api->cuMemAlloc(&p, bytes > 0 ? bytes : 1);
  /* Zeroed on this thread's per-thread stream, not the legacy stream: new
   * memory waits for no earlier work, and legacy-stream work would
   * invalidate another thread's capture of a blocking stream of the device
   * (the driver's CUDA_ERROR_STREAM_CAPTURE_IMPLICIT). */
  if (r == CUDA_SUCCESS && bytes > 0) {
    if (api->cuMemsetD8Async) {
      r = api->cuMemsetD8Async(p, 0, bytes, (CUstream)WP_STREAM_PER_THREAD);
      if (r == CUDA_SUCCESS)
        r = api->cuStreamSynchronize((CUstream)WP_STREAM_PER_THREAD);
    } else {
      r = api->cuMemsetD8(p, 0, bytes);
    }
    if (r != CUDA_SUCCESS)
      api->cuMemFree(p);
  }
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot allocate %zu bytes on cuda:%d", what,
                         (size_t)bytes, (int)device - 1);
  *out = (void *)(uintptr_t)p;
  return WP_SUCCESS;
}

void wpi_cuda_free(wp_device device, void *ptr) {
  const wpi_cuda_api *api;
  if (!ptr)
    return;
  /* Keep the caller's last error: wp_array_free reports nothing. */
  char saved[1024];
  snprintf(saved, sizeof saved, "%s", wp_last_error());
  if (wpi_cuda_enter(device, "wp_array_free", &api, NULL) == WP_SUCCESS) {
    api->cuMemFree(dptr(ptr));
    wpi_cuda_leave();
  }
  wp_set_error(WP_SUCCESS, "%s", saved);
}

/* The period (1, 2 or 4 bytes) of the pattern `esize` bytes at `value`
 * form, if cuMemsetD8/D16/D32 can write it at `dst`; 0 otherwise. */
static unsigned memset_period(const unsigned char *value, wp_size esize,
                              const void *dst) {
  for (unsigned p = 1; p <= 4; p *= 2) {
    if (esize % p != 0 || (uintptr_t)dst % p != 0)
      continue;
    wp_size i = p;
    while (i < esize && value[i] == value[i - p])
      i++;
    if (i == esize)
      return p;
  }
  return 0;
}

/* Fills by uploading up to FILL_CHUNK bytes of elements once and doubling
 * the filled prefix with device-to-device copies: log2(count) copies, and
 * host memory independent of the array's size. */
#define FILL_CHUNK (64 * 1024)
static CUresult fill_by_copies(const wpi_cuda_api *api, CUdeviceptr dst,
                               const void *value, wp_size esize,
                               wp_size count) {
  wp_size per = FILL_CHUNK / esize ? FILL_CHUNK / esize : 1;
  wp_size n = count < per ? count : per;
  unsigned char *chunk = malloc(n * esize);
  if (!chunk)
    return CUDA_ERROR_OUT_OF_MEMORY;
  for (wp_size i = 0; i < n; i++)
    memcpy(chunk + i * esize, value, esize);
  CUresult r = api->cuMemcpyHtoD(dst, chunk, n * esize);
  free(chunk);
  wp_size total = count * esize, done = n * esize;
  while (r == CUDA_SUCCESS && done < total) {
    wp_size step = done < total - done ? done : total - done;
    r = api->cuMemcpyDtoD(dst + done, dst, step);
    done += step;
  }
  return r;
}

wp_status wpi_cuda_fill(wp_device device, void *dst, const void *value,
                        wp_size esize, wp_size count, const char *what) {
  const wpi_cuda_api *api;
  if (count == 0 || esize == 0)
    return WP_SUCCESS;
  wp_status st = wpi_cuda_enter(device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUdeviceptr d = dptr(dst);
  wp_size bytes = esize * count;
  const unsigned char *v = value;
  CUresult r;
  unsigned short u16;
  unsigned int u32;
  switch (v ? memset_period(v, esize, dst) : 1) {
  case 1: r = api->cuMemsetD8(d, v ? v[0] : 0, bytes); break;
  case 2:
    memcpy(&u16, v, 2);
    r = api->cuMemsetD16(d, u16, bytes / 2);
    break;
  case 4:
    memcpy(&u32, v, 4);
    r = api->cuMemsetD32(d, u32, bytes / 4);
    break;
  default: r = fill_by_copies(api, d, v, esize, count); break;
  }
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cannot set %zu bytes on cuda:%d", what,
                         (size_t)bytes, (int)device - 1);
  return WP_SUCCESS;
}

wp_status wpi_cuda_copy(wp_device dst_device, void *dst, wp_device src_device,
                        const void *src, wp_size bytes, int async, void *stream,
                        const char *what) {
  const wpi_cuda_api *api;
  char d1[WPI_DEVICE_NAME_MAX], d2[WPI_DEVICE_NAME_MAX];
  if (bytes == 0)
    return WP_SUCCESS;
  CUstream s = stream;
  CUcontext src_ctx = NULL, dst_ctx = NULL;
  int peer = dst_device != WP_DEVICE_CPU && src_device != WP_DEVICE_CPU &&
             dst_device != src_device;
  wp_status st = WP_SUCCESS;
  if (peer) {
    st = wpi_cuda_context(src_device, what, &src_ctx);
    if (st == WP_SUCCESS)
      st = wpi_cuda_context(dst_device, what, &dst_ctx);
  }
  /* The context current for the copy: the CUDA side's (dst's when both). */
  wp_device side = dst_device != WP_DEVICE_CPU ? dst_device : src_device;
  if (st == WP_SUCCESS)
    st = wpi_cuda_enter(side, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUresult r;
  if (peer)
    r = async
            ? api->cuMemcpyPeerAsync(dptr(dst), dst_ctx, dptr(src), src_ctx,
                                     bytes, s)
            : api->cuMemcpyPeer(dptr(dst), dst_ctx, dptr(src), src_ctx, bytes);
  else if (src_device == WP_DEVICE_CPU)
    r = async ? api->cuMemcpyHtoDAsync(dptr(dst), src, bytes, s)
              : api->cuMemcpyHtoD(dptr(dst), src, bytes);
  else if (dst_device == WP_DEVICE_CPU)
    r = async ? api->cuMemcpyDtoHAsync(dst, dptr(src), bytes, s)
              : api->cuMemcpyDtoH(dst, dptr(src), bytes);
  else
    r = async ? api->cuMemcpyDtoDAsync(dptr(dst), dptr(src), bytes, s)
              : api->cuMemcpyDtoD(dptr(dst), dptr(src), bytes);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: copying %zu bytes from %s to %s failed", what,
                         (size_t)bytes, wpi_device_name(src_device, d1),
                         wpi_device_name(dst_device, d2));
  return WP_SUCCESS;
}

wp_status wpi_cuda_stream_wait(wp_device device, void *stream,
                               const char *what) {
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUresult r = api->cuStreamSynchronize((CUstream)stream);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: waiting for a stream of cuda:%d failed", what,
                         (int)device - 1);
  return WP_SUCCESS;
}
