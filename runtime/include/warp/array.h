/* warp/array.h - arrays: allocation, wrapping, copying, filling.
 *
 * A wp_array (layout in <warp/abi.h>) describes up to 4 dimensions of
 * elements of one dtype on one device.  Arrays made by wp_array_alloc own
 * their memory and must be released with wp_array_free; wrapped arrays
 * (wp_array_wrap) borrow the caller's buffer and wp_array_free leaves it
 * alone.  Only WP_DEVICE_CPU memory exists in this version of the runtime.
 */
#ifndef WARP_ARRAY_H
#define WARP_ARRAY_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Bytes of one element of a non-struct dtype (vec3f -> 12), or 0 for a struct
 * dtype or an unknown code. */
wp_size wp_dtype_size(wp_dtype dtype);

/* Warp's name of a non-struct dtype ("float32", "vec3f", "mat22d", "vec5h"
 * ...), written into `buf` (at least 32 bytes); returns buf. */
const char *wp_dtype_name(wp_dtype dtype, char *buf, wp_size bufsize);

/* Allocates a zero-filled, contiguous (row-major) array of `ndim` (1..4)
 * dimensions with extents shape[0..ndim) on `device`.  elem_size 0 takes
 * wp_dtype_size(dtype) (pass the size for struct dtypes).  A dimension may be
 * 0.  When `requires_grad` is non-zero a zero-filled grad buffer is allocated
 * too.  On failure `*out` is zeroed and WP_ERROR_INVALID_VALUE (bad ndim,
 * negative extent, unknown dtype) or WP_ERROR_OUT_OF_MEMORY is returned. */
wp_status wp_array_alloc(wp_array *out, wp_dtype dtype, wp_size elem_size,
                         wp_int32 ndim, const wp_int64 *shape,
                         wp_int32 requires_grad, wp_device device);

/* Describes the caller's buffer `data` as an array without copying.
 * `strides` (bytes) may be NULL for contiguous row-major.  The caller keeps
 * ownership of `data` and must keep it alive while the array is used. */
wp_status wp_array_wrap(wp_array *out, void *data, wp_dtype dtype,
                        wp_size elem_size, wp_int32 ndim, const wp_int64 *shape,
                        const wp_int64 *strides, wp_device device);

/* Attaches the caller's buffer `grad` (same shape and strides as the data) as
 * the array's gradient; the caller keeps ownership. */
wp_status wp_array_set_grad(wp_array *a, void *grad);

/* Allocates a zero-filled grad buffer owned by the array (no-op if it has
 * one already). */
wp_status wp_array_alloc_grad(wp_array *a);

/* Releases owned memory and zeroes `*a`.  Safe on a zeroed or wrapped array
 * and on NULL. */
void wp_array_free(wp_array *a);

/* Number of elements (product of the extents). */
wp_int64 wp_array_size(const wp_array *a);

/* True (1) when the array is row-major contiguous. */
int wp_array_is_contiguous(const wp_array *a);

/* Address of element idx[0..ndim) (no bounds check beyond a NULL return for
 * idx out of range). */
void *wp_array_at(const wp_array *a, const wp_int64 *idx);

/* Copies elements of `src` into `dst`; both must have the same dtype and
 * shape (strides may differ).  WP_ERROR_INVALID_VALUE otherwise. */
wp_status wp_array_copy(wp_array *dst, const wp_array *src);

/* Sets every element to the elem_size bytes at `value`. */
wp_status wp_array_fill(wp_array *a, const void *value);

/* Sets every element (and not the grad) to zero bytes. */
wp_status wp_array_zero(wp_array *a);

/* Sets every element of the grad buffer to zero (no-op without one). */
wp_status wp_array_zero_grad(wp_array *a);

#ifdef __cplusplus
}
#endif
#endif
