/* warp/array.h - arrays: allocation, wrapping, copying, filling.
 *
 * A wp_array (layout in <warp/abi.h>) describes up to 4 dimensions of
 * elements of one dtype on one device.  Arrays made by wp_array_alloc own
 * their memory and must be released with wp_array_free; wrapped arrays
 * (wp_array_wrap) borrow the caller's buffer and wp_array_free leaves it
 * alone.
 *
 * The device of an array is WP_DEVICE_CPU or WP_DEVICE_CUDA(n) (see
 * <warp/device.h>).  The data and grad of a CUDA array are device pointers
 * (CUdeviceptr values), which the host must not dereference; move data with
 * wp_array_copy.  Functions given a CUDA device load the driver on first use
 * and return WP_ERROR_NO_DEVICE (message giving the reason) when it or the
 * device is missing, WP_ERROR_CUDA when a driver call fails.  Operations on
 * CUDA arrays other than copies between CPU and CUDA need them contiguous.
 */
#ifndef WARP_ARRAY_H
#define WARP_ARRAY_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of one element of a non-struct dtype (vec3f -> 12), or 0 for a struct
 * dtype or an unknown or malformed code (a shape its kind does not have, a
 * quaternion or transform of no float type: e.g. WP_MAT_DTYPE(WP_FLOAT32, 3,
 * 3), which passes a dtype where the macro takes a WP_SCALAR_* code). */
wp_size wp_dtype_size(wp_dtype dtype);

/* The alignment in bytes that the data and grad pointers and the strides of
 * an array of `dtype` need: the C alignment of its scalar type, whatever the
 * shape (bool, int8, uint8: 1; int16, uint16, float16, bfloat16: 2; int32,
 * uint32, float32: 4, so vec3f, mat33f, quatf and transformf need 4; int64,
 * uint64, float64: 8, so vec3d needs 8).  Kernels load and store elements
 * (and do atomics) at that alignment.  1 for a struct dtype, whose
 * alignment the runtime does not know: it is not checked, so align such
 * arrays as the struct (wp_array_alloc and malloc do).  0 for an unknown
 * code. */
wp_size wp_dtype_alignment(wp_dtype dtype);

/* Warp's name of a non-struct dtype ("float32", "vec3f", "mat22d", "vec5h"
 * ...), written into `buf` (at least 32 bytes); returns buf. */
const char *wp_dtype_name(wp_dtype dtype, char *buf, wp_size bufsize);

/* Allocates a zero-filled, contiguous (row-major) array of `ndim` (1..4)
 * dimensions with extents shape[0..ndim) on `device`.  elem_size 0 takes
 * wp_dtype_size(dtype) (pass the size for struct dtypes).  A dimension may be
 * 0 (data is still a valid, freeable pointer).  When `requires_grad` is
 * non-zero a zero-filled grad buffer is allocated too.  CPU memory is
 * 64-byte aligned; CUDA memory comes from cuMemAlloc (256-byte aligned) and
 * is zeroed, before this returns, on the calling thread's per-thread stream
 * (not the legacy stream, so another thread's graph capture on the device
 * is not disturbed; the capturing thread itself cannot allocate: the
 * driver refuses, WP_ERROR_CUDA).  On failure `*out` is zeroed and
 * WP_ERROR_INVALID_VALUE (bad ndim, negative extent, unknown dtype),
 * WP_ERROR_OUT_OF_MEMORY (host or device memory), WP_ERROR_NO_DEVICE or
 * WP_ERROR_CUDA is returned. */
wp_status wp_array_alloc(wp_array *out, wp_dtype dtype, wp_size elem_size,
                         wp_int32 ndim, const wp_int64 *shape,
                         wp_int32 requires_grad, wp_device device);

/* Describes the caller's buffer `data` as an array without copying.
 * `strides` (bytes) may be NULL for contiguous row-major.  The caller keeps
 * ownership of `data` and must keep it alive while the array is used.  For
 * a CUDA device, `data` is a device pointer (CUdeviceptr) of that device's
 * primary context, e.g. from cudaMalloc; the device must exist
 * (WP_ERROR_NO_DEVICE otherwise).
 *
 * Layout rules, checked for a non-empty array (WP_ERROR_INVALID_VALUE with
 * a message naming the pointer or stride otherwise):
 *  - `data` is a multiple of wp_dtype_alignment(dtype) (4 for float32 and
 *    vec3f, 8 for float64 ...): kernels would make misaligned accesses;
 *  - each stride of a dimension of extent > 1 is a multiple of that
 *    alignment and either 0 (every index of the dimension is one element, a
 *    broadcast, as numpy and Warp allow) or at least the element size
 *    (elements may not partly overlap); strides of extent-1 dimensions are
 *    never used and not checked, except that they may not be negative;
 *  - strides are not negative (Warp accepts negative strides; here make the
 *    reversed view in the kernel instead);
 *  - the offset of the last element fits in int64.
 * The same rules (negative strides aside) hold for arrays built by hand and
 * passed to launchers or the functions below: wp_check_array_arg and the
 * array functions refuse a misaligned data or grad pointer or a bad stride
 * with WP_ERROR_INVALID_VALUE. */
wp_status wp_array_wrap(wp_array *out, void *data, wp_dtype dtype,
                        wp_size elem_size, wp_int32 ndim, const wp_int64 *shape,
                        const wp_int64 *strides, wp_device device);

/* Makes `*out` the indexed view of `base` (Warp's
 * wp.indexedarray(base, indices)): `indices` has base->ndim entries, each
 * NULL (that dimension is not indexed) or a contiguous 1-d int32 array on
 * base's device whose elements index that dimension of base.  Nothing is
 * copied or owned: base and the index arrays must outlive *out.  The
 * indices' values are not checked against base's extents (Warp does not
 * either; out-of-range values are out-of-bounds accesses in kernels).
 * WP_ERROR_INVALID_VALUE (and `*out` zeroed) when out, base or indices is
 * NULL, base is not a valid array, or an index array is not a contiguous
 * 1-d int32 array; WP_ERROR_DEVICE_MISMATCH when one is on another
 * device. */
wp_status wp_indexedarray_init(wp_indexedarray *out, const wp_array *base,
                               const wp_array *const *indices);

/* Attaches the caller's buffer `grad` (same shape and strides as the data, on
 * the array's device) as the array's gradient; the caller keeps ownership.
 * A grad the array owned is freed.  WP_ERROR_INVALID_VALUE for an invalid
 * array, or a grad that is NULL or misaligned (wp_dtype_alignment) while
 * the array is non-empty. */
wp_status wp_array_set_grad(wp_array *a, void *grad);

/* Allocates a zero-filled grad buffer owned by the array, on its device
 * (no-op if it has one already).  Errors as wp_array_alloc. */
wp_status wp_array_alloc_grad(wp_array *a);

/* Releases owned memory and zeroes `*a`.  Safe on a zeroed or wrapped array
 * and on NULL.  CUDA memory is released with cuMemFree, which waits for work
 * still using it. */
void wp_array_free(wp_array *a);

/* Number of elements (product of the extents). */
wp_int64 wp_array_size(const wp_array *a);

/* True (1) when the array is row-major contiguous. */
int wp_array_is_contiguous(const wp_array *a);

/* Address of element idx[0..ndim) (no bounds check beyond a NULL return for
 * idx out of range).  A device address for a CUDA array. */
void *wp_array_at(const wp_array *a, const wp_int64 *idx);

/* Copies elements of `src` into `dst`; both must have the same dtype and
 * shape (strides may differ), WP_ERROR_INVALID_VALUE otherwise.  The arrays
 * may live on any two devices (CPU and CUDA, two CUDA devices).  A CUDA
 * array must be contiguous (WP_ERROR_INVALID_VALUE otherwise); a strided CPU
 * array is staged through a contiguous host buffer.  Copies involving CUDA
 * go through the default stream: they start after work queued there before,
 * and a copy to the CPU returns when the data has arrived.  Errors also
 * WP_ERROR_NO_DEVICE, WP_ERROR_CUDA, WP_ERROR_OUT_OF_MEMORY (staging). */
wp_status wp_array_copy(wp_array *dst, const wp_array *src);

/* As wp_array_copy, but queued on `stream` (a stream of the CUDA device
 * involved, of dst's device when both are CUDA; NULL: its default stream)
 * and returning before the copy completes: keep both arrays alive and
 * unmodified until wp_stream_synchronize.  Copies from or into pageable CPU
 * memory may be synchronous anyway (the driver's rule); a strided CPU array
 * makes the call wait for the copy.  A copy between two CPU arrays is done
 * at once. */
wp_status wp_array_copy_async(wp_array *dst, const wp_array *src, void *stream);

/* Sets every element to the elem_size bytes at `value`.  On a CUDA device
 * (contiguous arrays only) the fill is queued on the default stream: with
 * cuMemsetD8/D16/D32 when the value is a repeated 1-, 2- or 4-byte pattern,
 * else by uploading one block of elements and copying it on the device. */
wp_status wp_array_fill(wp_array *a, const void *value);

/* Sets every element (and not the grad) to zero bytes.  CUDA arrays: as
 * wp_array_fill. */
wp_status wp_array_zero(wp_array *a);

/* Sets every element of the grad buffer to zero (no-op without one). */
wp_status wp_array_zero_grad(wp_array *a);

/* The array_t (Warp's layout, <warp/abi.h>) describing `a`, for an array
 * field of a @wp.struct value: same data, grad, extents, byte strides and
 * ndim.  NULL gives an empty one (data NULL, ndim 0), as a default-constructed
 * struct has.  The wp_array keeps ownership: keep it alive while the struct
 * value is used.  Extents and strides must fit in int32 (as in Warp): this
 * inline version truncates them unchecked; wp_array_to_view checks.  The
 * dtype and device are not kept, so pass an array of the field's dtype and
 * ndim, on the device the kernel is launched on. */
static inline wp_array_t wp_array_view(const wp_array *a) {
  wp_array_t v;
  v.data = a ? a->data : (void *)0;
  v.grad = a ? a->grad : (void *)0;
  for (int k = 0; k < 4; k++) {
    v.shape[k] = a ? (wp_int32)a->shape[k] : 0;
    v.strides[k] = a ? (wp_int32)a->strides[k] : 0;
  }
  v.ndim = a ? a->ndim : 0;
  return v;
}

/* The indexedarray_t (Warp's layout, <warp/abi.h>) describing `a`, for an
 * indexed-array field of a @wp.struct value: its base as wp_array_view
 * gives it, the same index arrays, the extents as int32 (truncated
 * unchecked, as wp_array_view).  NULL gives an empty one.  Nothing is
 * owned: keep `a`'s base and index arrays alive while the struct value is
 * used. */
static inline wp_indexedarray_t wp_indexedarray_view(const wp_indexedarray *a) {
  wp_indexedarray_t v;
  v.arr = wp_array_view(a ? &a->arr : (const wp_array *)0);
  for (int k = 0; k < 4; k++) {
    v.indices[k] = a ? a->indices[k] : (wp_int32 *)0;
    v.shape[k] = a ? (wp_int32)a->shape[k] : 0;
  }
  return v;
}

/* wp_array_view with checks: *out is the view of `a` (the empty view for
 * NULL) and WP_SUCCESS, or, with *out the empty view,
 * WP_ERROR_INVALID_VALUE for an invalid array (as the array functions
 * check it) or one whose extents or strides do not fit in int32. */
wp_status wp_array_to_view(const wp_array *a, wp_array_t *out);

#ifdef __cplusplus
}
#endif
#endif
