/* warp/memory.h - pinned host arrays and stream-ordered (memory pool)
 * device arrays.
 *
 * Both are ordinary wp_array values (<warp/array.h>) with a flag saying
 * where their memory came from (<warp/abi.h>): wp_array_free releases each
 * kind the right way, and every other array function takes them.
 * wp_array_alloc_grad gives such an array (or a view of a pinned one) a
 * grad of the same kind (pinned; stream-ordered, ordered on the legacy
 * default stream), and wp_array_set_grad releases an owned grad the way it
 * was allocated.
 */
#ifndef WARP_MEMORY_H
#define WARP_MEMORY_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Allocates a zero-filled, contiguous CPU array (device WP_DEVICE_CPU) in
 * page-locked ("pinned") host memory, from cuMemHostAlloc with
 * CU_MEMHOSTALLOC_PORTABLE (pinned for every CUDA context), so copies
 * between it and CUDA arrays run at full bus speed and wp_array_copy_async
 * with it is truly asynchronous (Warp's wp.empty(..., pinned=True)).
 * Arguments as wp_array_alloc with the device fixed to the CPU; the flags
 * are WP_ARRAY_OWNS_DATA (| WP_ARRAY_OWNS_GRAD) | WP_ARRAY_PINNED.  CPU
 * kernels use it like any CPU array.  Needs the CUDA driver (the
 * allocation goes through cuda:0's primary context); pinned memory is a
 * scarce system resource: use it for staging buffers.  Release with
 * wp_array_free (cuMemFreeHost).  Errors: as wp_array_alloc;
 * WP_ERROR_NO_DEVICE without a driver or device, WP_ERROR_NOT_SUPPORTED (a
 * driver without cuMemHostAlloc), WP_ERROR_OUT_OF_MEMORY. */
wp_status wp_array_alloc_pinned(wp_array *out, wp_dtype dtype,
                                wp_size elem_size, wp_int32 ndim,
                                const wp_int64 *shape, wp_int32 requires_grad);

/* Allocates a zero-filled, contiguous array on a CUDA device, ordered on
 * `stream` (NULL: the legacy default stream): from the device's default
 * memory pool with cuMemAllocAsync, zeroed with cuMemsetD8Async, both queued
 * on the stream, so the memory may be used by work queued on that stream
 * afterwards, and by other streams only after synchronising with it (Warp's
 * mempool allocator).  Allowed during a graph capture of `stream` (the
 * allocation becomes part of the graph).  Flags: WP_ARRAY_OWNS_DATA (|
 * WP_ARRAY_OWNS_GRAD) | WP_ARRAY_STREAM_ORDERED.
 *
 * Fallback: on a device whose CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED is
 * 0 (or a driver before CUDA 11.2, without cuMemAllocAsync) it allocates
 * exactly as wp_array_alloc does (cuMemAlloc, synchronous, no
 * WP_ARRAY_STREAM_ORDERED flag): the same array, without the ordering.
 * wp_device_has_mempool tells which one a device gets.
 *
 * Release with wp_array_free_async(a, stream) (queued on the stream) or
 * wp_array_free (queued on the legacy default stream).  Errors: as
 * wp_array_alloc; WP_ERROR_NOT_SUPPORTED for the CPU. */
wp_status wp_array_alloc_async(wp_array *out, wp_dtype dtype, wp_size elem_size,
                               wp_int32 ndim, const wp_int64 *shape,
                               wp_int32 requires_grad, wp_device device,
                               void *stream);

/* Frees `a` as wp_array_free does, except that stream-ordered memory
 * (WP_ARRAY_STREAM_ORDERED) is released with cuMemFreeAsync queued on
 * `stream` (NULL: the legacy default stream): work queued on it before
 * still sees the memory.  Zeroes *a.  NULL is a no-op.  Errors are not
 * reported (as wp_array_free); the caller's last error is kept. */
void wp_array_free_async(wp_array *a, void *stream);

/* Stores 1 in *supported when wp_array_alloc_async on `device` uses a
 * memory pool (CU_DEVICE_ATTRIBUTE_MEMORY_POOLS_SUPPORTED and a driver with
 * cuMemAllocAsync), 0 when it falls back to cuMemAlloc; 0 for the CPU.
 * Errors: WP_ERROR_INVALID_VALUE (NULL supported), WP_ERROR_NO_DEVICE,
 * WP_ERROR_CUDA. */
wp_status wp_device_has_mempool(wp_device device, int *supported);

#ifdef __cplusplus
}
#endif
#endif
