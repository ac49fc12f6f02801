/* warp/array_views.h - views of arrays (slice, index, reshape, transpose,
 * flatten, dtype views) and the clone/full/empty helpers.
 *
 * A view is a wp_array describing part or all of another array's memory, as
 * Warp's a[1:5], a[i], a.reshape(), a.transpose(), a.flatten() and
 * a.view(dtype) are: nothing is copied.  The view shares the source's data
 * and its grad (the grad pointer moves and is strided exactly as the data,
 * since a grad has the data's strides).  A view owns nothing: its flags are
 * the source's without WP_ARRAY_OWNS_DATA, WP_ARRAY_OWNS_GRAD or any other
 * ownership bit (WP_ARRAY_RETAIN_GRAD is kept), its `reserved` is 0, and
 * wp_array_free on it releases nothing.  The source (and whatever owns its
 * memory) must outlive every view made from it; views of views are fine.
 *
 * Common rules of the view functions:
 *  - `out` and `a` may be the same pointer (the result replaces the
 *    description; an array that owned memory then loses track of it, so do
 *    that only with views or wrapped arrays);
 *  - `a` must be a valid array (as the array functions check it: ndim 1..4,
 *    known element size, data aligned, strides as wp_array_wrap's rules);
 *  - on any error `*out` is left unchanged (unless it is `a`, also
 *    unchanged), and the status is WP_ERROR_INVALID_VALUE with a message
 *    naming the function, the argument and its value, e.g.
 *    "wp_array_reshape: shape[1] = -2 is negative (only one -1 is
 *    inferred)".
 * The runtime refuses negative strides (see wp_array_wrap in
 * <warp/array.h>), so there is no reversed slice (step < 0): reverse in the
 * kernel instead.  The views work on CPU and CUDA arrays alike (nothing is
 * read or written); note that operations on CUDA arrays other than kernel
 * launches need them contiguous (<warp/array.h>).
 */
#ifndef WARP_ARRAY_VIEWS_H
#define WARP_ARRAY_VIEWS_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* `stop` of wp_array_slice meaning "to the end of the dimension" (Python's
 * a[start:]); any stop at or past the extent means the same. */
#define WP_SLICE_END ((wp_int64)0x7fffffffffffffffLL)

/* *out = the slice start:stop:step of dimension `dim` (0..ndim-1) of `a`,
 * the other dimensions whole (Python's a[:, start:stop:step]).  start and
 * stop follow Python and numpy: a negative value counts from the end
 * (-1 is the last index), then values are clamped to 0..extent, so the
 * result has ceil((stop - start) / step) elements, or 0 when stop <= start
 * (an empty dimension is allowed).  Warp's a[start:stop] raises where numpy
 * clamps (start or stop out of range, stop < start); this function clamps.
 * step >= 1 (a negative step would need a negative stride).  The view's
 * data (and grad) point at element `start` of the dimension, its stride is
 * the source's times step.  Errors: out or a NULL, a invalid, dim outside
 * 0..ndim-1, step < 1. */
wp_status wp_array_slice(wp_array *out, const wp_array *a, wp_int32 dim,
                         wp_int64 start, wp_int64 stop, wp_int64 step);

/* *out = `a` with dimension `dim` fixed at `index`, so it has ndim - 1
 * dimensions (Python's a[index] for dim 0, a[:, index] for dim 1).
 * A negative index counts from the end.  `a` needs at least 2 dimensions:
 * a 0-dimensional array does not exist here (as in Warp, where indexing
 * every dimension of an array from Python is refused).  Errors: out or a
 * NULL, a invalid, a 1-d, dim outside 0..ndim-1, index outside
 * -extent..extent-1. */
wp_status wp_array_index(wp_array *out, const wp_array *a, wp_int32 dim,
                         wp_int64 index);

/* *out = `a` with the extents shape[0..ndim) (ndim 1..4), as Warp's
 * a.reshape(shape): the element count must stay the same; one entry may be
 * -1, inferred from the others (size / product of the others, which must
 * divide exactly).  `a` must be contiguous (wp_array_is_contiguous); the
 * result is contiguous with row-major strides.  Errors: out, a or shape
 * NULL, a invalid, a not contiguous, ndim outside 1..4, an extent below -1,
 * more than one -1, a -1 that cannot be inferred (the others' product is 0
 * or does not divide the size), a different element count. */
wp_status wp_array_reshape(wp_array *out, const wp_array *a, wp_int32 ndim,
                           const wp_int64 *shape);

/* *out = `a` with its dimensions permuted: dimension k of the result is
 * dimension axes[k] of `a` (extent and stride), as Warp's
 * a.transpose(axes) and numpy's.  axes has a->ndim entries, a permutation of
 * 0..ndim-1; NULL reverses the dimensions (a 2-d array's transpose).  The
 * result is in general not contiguous.  Errors: out or a NULL, a invalid,
 * an axis outside 0..ndim-1 or repeated. */
wp_status wp_array_transpose(wp_array *out, const wp_array *a,
                             const wp_int32 *axes);

/* *out = `a` as one dimension of wp_array_size(a) elements, as Warp's
 * a.flatten().  `a` must be contiguous.  Errors: out or a NULL, a invalid,
 * a not contiguous. */
wp_status wp_array_flatten(wp_array *out, const wp_array *a);

/* *out = `a`'s memory read as elements of `dtype`, following warp-lang
 * 1.19's array.view(dtype) (warp/_src/types.py):
 *  1. wp_dtype_size(dtype) equal to a's element size: the same shape and
 *     strides, the new dtype (int32 <-> uint32, vec4f <-> quatf <-> mat22f,
 *     vec4ub -> uint32, ...);
 *  2. else, `dtype` a scalar and `a`'s dtype a vector, matrix, quaternion or
 *     transform whose scalar has dtype's size: the element's own shape is
 *     appended (vec3f -> float32 gives (..., 3), mat33f -> float32
 *     (..., 3, 3); strides: the element's row-major ones), so the result has
 *     a->ndim + 1 or + 2 dimensions, at most 4;
 *  3. else, `a`'s dtype a scalar and `dtype` a vector/matrix/quaternion/
 *     transform of a scalar of a's element size: the trailing extents of
 *     `a` must be the element's shape ((..., 3) for vec3f, (..., 3, 3) for
 *     mat33f, (..., 4) for quatf) with contiguous strides (the scalar's
 *     size, then rows * that for a matrix); they are consumed, and when no
 *     dimension is left the result has shape (1,), as in Warp.
 * Anything else is refused (vec4f -> vec2f, float64 -> vec3f, ...), as
 * are struct dtypes on either side whose size is unknown here (a struct
 * source with an elem_size equal to dtype's size follows rule 1).
 * Errors: out or a NULL, a invalid, dtype unknown, sizes that fit no rule,
 * trailing extents or strides not the element's (rule 3), more than 4
 * dimensions (rule 2). */
wp_status wp_array_view_dtype(wp_array *out, const wp_array *a, wp_dtype dtype);

/* What wp_array_clone does with the gradient. */
enum {
  WP_CLONE_GRAD_NONE = 0, /* no grad (Warp's clone with requires_grad off) */
  WP_CLONE_GRAD_ZERO = 1, /* a new zero-filled grad (requires_grad=True) */
  WP_CLONE_GRAD_COPY = 2, /* a new grad holding a copy of src's grad */
};

/* Allocates on `device` a contiguous array of src's dtype, element size and
 * shape, and copies src's elements into it (wp_array_copy: any two devices;
 * a CUDA side must be contiguous; copies with CUDA go through the default
 * stream and are complete on return), as Warp's wp.clone(src, device).
 * `grad` is one of WP_CLONE_GRAD_*: by default (NONE) the grad is not
 * cloned, as in Warp; COPY needs src to have a grad.  The flags of *out are
 * the owning ones only (WP_ARRAY_RETAIN_GRAD is not copied, as Warp's
 * retain_grad defaults to off).  Free *out with wp_array_free.  On failure
 * *out is zeroed (nothing is left allocated) and the status is
 * WP_ERROR_INVALID_VALUE (out or src NULL, src invalid, grad not one of the
 * modes, COPY without a grad in src, a strided CUDA side), or an error of
 * wp_array_alloc or wp_array_copy. */
wp_status wp_array_clone(wp_array *out, const wp_array *src, wp_device device,
                         wp_int32 grad);

/* wp_array_alloc, then every element set to the elem_size bytes at `value`
 * (wp_array_fill), as Warp's wp.full(shape, value, dtype).  The grad, when
 * requires_grad is set, is zero-filled.  On failure *out is zeroed and the
 * status is wp_array_alloc's or wp_array_fill's (WP_ERROR_INVALID_VALUE for
 * a NULL value). */
wp_status wp_array_full(wp_array *out, wp_dtype dtype, wp_size elem_size,
                        wp_int32 ndim, const wp_int64 *shape, const void *value,
                        wp_int32 requires_grad, wp_device device);

/* wp_array_alloc without the zero-fill of the data, as Warp's wp.empty():
 * the elements are uninitialised (unspecified values: write them before
 * reading).  Today the CPU skips the fill and CUDA memory is still zeroed by
 * the runtime's allocator; do not rely on either.  A grad (requires_grad)
 * is zero-filled, as wp_array_alloc_grad's.  Arguments and errors as
 * wp_array_alloc. */
wp_status wp_array_empty(wp_array *out, wp_dtype dtype, wp_size elem_size,
                         wp_int32 ndim, const wp_int64 *shape,
                         wp_int32 requires_grad, wp_device device);

#ifdef __cplusplus
}
#endif
#endif
