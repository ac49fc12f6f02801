/* array_views.c - views of arrays sharing the source's data and grad:
 * slice, index, reshape, transpose, flatten, dtype views
 * (<warp/array_views.h>). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

/* The source checked and copied (out may alias a), as the base of a view:
 * the same data, grad and layout, no ownership. */
static wp_status begin_view(wp_array *out, const wp_array *a, const char *what,
                            wp_array *v) {
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  if (!a)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: a is NULL", what);
  char w[96];
  snprintf(w, sizeof w, "%s: a", what);
  wp_status st = wpi_check_array(a, w);
  if (st != WP_SUCCESS)
    return st;
  *v = *a;
  v->flags &= ~WPI_ARRAY_OWNERSHIP;
  v->reserved = 0;
  return WP_SUCCESS;
}

/* Clears the entries past ndim (abi.h: they are 0). */
static void clear_tail(wp_array *v) {
  for (int k = v->ndim; k < WP_ARRAY_MAX_DIMS; k++)
    v->shape[k] = v->strides[k] = 0;
}

/* Moves data and grad (when set) by `bytes` (>= 0, inside the memory:
 * element offsets of a valid array). */
static void offset_pointers(wp_array *v, wp_int64 bytes) {
  if (v->data)
    v->data = (char *)v->data + bytes;
  if (v->grad)
    v->grad = (char *)v->grad + bytes;
}

static wp_status check_dim(const wp_array *a, wp_int32 dim, const char *what) {
  if (dim < 0 || dim >= a->ndim)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: dim = %d is outside 0..%d (a has %d dimensions)",
                        what, (int)dim, (int)a->ndim - 1, (int)a->ndim);
  return WP_SUCCESS;
}

/* numpy's clamping of a slice bound for step > 0. */
static wp_int64 clamp_bound(wp_int64 v, wp_int64 n) {
  if (v < 0)
    v = v < -n ? 0 : v + n;
  return v > n ? n : v;
}

wp_status wp_array_slice(wp_array *out, const wp_array *a, wp_int32 dim,
                         wp_int64 start, wp_int64 stop, wp_int64 step) {
  const char *what = "wp_array_slice";
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st == WP_SUCCESS)
    st = check_dim(a, dim, what);
  if (st != WP_SUCCESS)
    return st;
  if (step < 1)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: step = %lld must be at least 1 (negative strides "
                        "are not supported: reverse in the kernel)",
                        what, (long long)step);
  wp_int64 n = a->shape[dim], s = a->strides[dim];
  wp_int64 lo = clamp_bound(start, n), hi = clamp_bound(stop, n);
  wp_int64 count = hi > lo ? (hi - lo - 1) / step + 1 : 0;
  /* No overflow: with count >= 2, stride * step <= (count - 1) * step *
   * stride <= (n - 1) * stride, an offset of the valid source. */
  wp_int64 stride = count > 1 ? s * step : s; /* else never stepped */
  v.shape[dim] = count;
  v.strides[dim] = stride;
  /* lo < n here unless the slice is empty; an empty view keeps element 0's
   * address (nothing is addressed, and the pointer stays inside or one
   * past the memory). */
  if (count > 0)
    offset_pointers(&v, lo * s);
  *out = v;
  return WP_SUCCESS;
}

wp_status wp_array_index(wp_array *out, const wp_array *a, wp_int32 dim,
                         wp_int64 index) {
  const char *what = "wp_array_index";
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st == WP_SUCCESS)
    st = check_dim(a, dim, what);
  if (st != WP_SUCCESS)
    return st;
  if (a->ndim < 2)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: a has 1 dimension; indexing it would leave a "
                        "0-dimensional array, which does not exist (read the "
                        "element with wp_array_at or a 1-element slice)",
                        what);
  wp_int64 n = a->shape[dim], i = index < 0 ? index + n : index;
  if (i < 0 || i >= n)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: index = %lld is outside -%lld..%lld (extent of "
                        "dimension %d)",
                        what, (long long)index, (long long)n, (long long)n - 1,
                        (int)dim);
  offset_pointers(&v, i * a->strides[dim]);
  for (int k = dim; k + 1 < a->ndim; k++) {
    v.shape[k] = a->shape[k + 1];
    v.strides[k] = a->strides[k + 1];
  }
  v.ndim = a->ndim - 1;
  clear_tail(&v);
  *out = v;
  return WP_SUCCESS;
}

static wp_status require_contiguous(const wp_array *a, const char *what,
                                    const char *op) {
  if (wp_array_is_contiguous(a))
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_INVALID_VALUE,
                      "%s: a is not contiguous (strides (%lld, %lld, %lld, "
                      "%lld)); %s needs a row-major contiguous array (copy it "
                      "with wp_array_clone first)",
                      what, (long long)a->strides[0], (long long)a->strides[1],
                      (long long)a->strides[2], (long long)a->strides[3], op);
}

/* Row-major strides of v's extents (the byte count fits: the array is
 * valid and has the same element count; an empty one may still overflow,
 * as in wp_array_alloc). */
static wp_status set_contiguous_strides(wp_array *v, const char *what) {
  wp_int64 s = v->elem_size;
  for (int k = v->ndim - 1; k >= 0; k--) {
    v->strides[k] = s;
    if (!wpi_mul_i64(s, v->shape[k], &s))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the extents are too big: their row-major "
                          "strides overflow 64 bits",
                          what);
  }
  return WP_SUCCESS;
}

wp_status wp_array_reshape(wp_array *out, const wp_array *a, wp_int32 ndim,
                           const wp_int64 *shape) {
  const char *what = "wp_array_reshape";
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st == WP_SUCCESS)
    st = require_contiguous(a, what, "reshape");
  if (st != WP_SUCCESS)
    return st;
  if (!shape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: shape is NULL", what);
  if (ndim < 1 || ndim > WP_ARRAY_MAX_DIMS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: ndim = %d is outside 1..%d", what, (int)ndim,
                        WP_ARRAY_MAX_DIMS);
  int infer = -1;
  wp_int64 known = 1, size = wp_array_size(a);
  for (int k = 0; k < ndim; k++) {
    if (shape[k] == -1 && infer < 0) {
      infer = k;
      continue;
    }
    if (shape[k] == -1)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] = -1 and shape[%d] = -1: only one "
                          "extent can be inferred",
                          what, infer, k);
    if (shape[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] = %lld is negative (only -1, "
                          "inferred, is allowed)",
                          what, k, (long long)shape[k]);
    if (!wpi_mul_i64(known, shape[k], &known))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the product of shape overflows int64", what);
  }
  v.ndim = ndim;
  memcpy(v.shape, shape, (size_t)ndim * sizeof *shape);
  if (infer >= 0) {
    if (known == 0 || size % known != 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] = -1 cannot be inferred: a has %lld "
                          "elements, the other extents multiply to %lld",
                          what, infer, (long long)size, (long long)known);
    v.shape[infer] = size / known;
    known = size;
  }
  if (known != size)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: shape has %lld elements, a has %lld", what,
                        (long long)known, (long long)size);
  clear_tail(&v);
  if ((st = set_contiguous_strides(&v, what)) != WP_SUCCESS)
    return st;
  *out = v;
  return WP_SUCCESS;
}

wp_status wp_array_transpose(wp_array *out, const wp_array *a,
                             const wp_int32 *axes) {
  const char *what = "wp_array_transpose";
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st != WP_SUCCESS)
    return st;
  int seen[WP_ARRAY_MAX_DIMS] = {0};
  for (int k = 0; k < a->ndim; k++) {
    wp_int32 ax = axes ? axes[k] : a->ndim - 1 - k;
    if (ax < 0 || ax >= a->ndim)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: axes[%d] = %d is outside 0..%d", what, k,
                          (int)ax, (int)a->ndim - 1);
    if (seen[ax]++)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: axes[%d] = %d repeats an axis (axes must be a "
                          "permutation of 0..%d)",
                          what, k, (int)ax, (int)a->ndim - 1);
    v.shape[k] = a->shape[ax];
    v.strides[k] = a->strides[ax];
  }
  *out = v;
  return WP_SUCCESS;
}

wp_status wp_array_flatten(wp_array *out, const wp_array *a) {
  const char *what = "wp_array_flatten";
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st == WP_SUCCESS)
    st = require_contiguous(a, what, "flatten");
  if (st != WP_SUCCESS)
    return st;
  v.ndim = 1;
  v.shape[0] = wp_array_size(a);
  v.strides[0] = a->elem_size;
  clear_tail(&v);
  *out = v;
  return WP_SUCCESS;
}

/* Bytes of d's scalar type (d known, not a struct). */
static wp_int64 scalar_size(wp_dtype d) {
  return (wp_int64)wp_dtype_size(WP_SCALAR_DTYPE(WP_DTYPE_SCALAR(d)));
}

/* Rule 2 of array_views.h: a vector/matrix source read as its scalars. */
static wp_status view_as_scalars(wp_array *v, const wp_array *a, wp_dtype dtype,
                                 const char *what) {
  wp_int64 eshape[2] = {0, 0};
  int edims = wpi_dtype_element_shape(a->dtype, eshape);
  if (a->ndim + edims > WP_ARRAY_MAX_DIMS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: a has %d dimensions and its element %d more: the "
                        "view would have %d, more than %d",
                        what, (int)a->ndim, edims, (int)a->ndim + edims,
                        WP_ARRAY_MAX_DIMS);
  wp_int64 s = (wp_int64)wp_dtype_size(dtype);
  for (int k = edims - 1; k >= 0; k--) {
    v->shape[a->ndim + k] = eshape[k];
    v->strides[a->ndim + k] = s;
    s *= eshape[k];
  }
  v->ndim = a->ndim + edims;
  return WP_SUCCESS;
}

/* Rule 3: trailing scalar dimensions of `a` read as one element of dtype. */
static wp_status view_as_elements(wp_array *v, const wp_array *a,
                                  wp_dtype dtype, const char *what) {
  char name[32];
  wp_int64 eshape[2] = {0, 0};
  int edims = wpi_dtype_element_shape(dtype, eshape);
  int first = a->ndim - edims;
  wp_int64 s = a->elem_size;
  char want[48];
  if (edims == 2)
    snprintf(want, sizeof want, "(%lld, %lld)", (long long)eshape[0],
             (long long)eshape[1]);
  else
    snprintf(want, sizeof want, "(%lld)", (long long)eshape[0]);
  for (int k = edims - 1; first >= 0 && k >= 0; k--) {
    if (a->shape[first + k] != eshape[k])
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: a's shape[%d] = %lld, but a view as %s needs "
                          "the trailing extents to be the element's shape %s",
                          what, first + k, (long long)a->shape[first + k],
                          wp_dtype_name(dtype, name, sizeof name), want);
    if (a->strides[first + k] != s)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: a's strides[%d] = %lld, but a view as %s needs "
                          "contiguous trailing dimensions (stride %lld)",
                          what, first + k, (long long)a->strides[first + k],
                          wp_dtype_name(dtype, name, sizeof name),
                          (long long)s);
    s *= eshape[k];
  }
  if (first < 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: a has %d dimension(s), a view as %s needs at "
                        "least %d (the element's shape)",
                        what, (int)a->ndim,
                        wp_dtype_name(dtype, name, sizeof name), edims);
  if (first == 0) { /* Warp's corner case: one element, shape (1,) */
    v->ndim = 1;
    v->shape[0] = 1;
    v->strides[0] = (wp_int64)wp_dtype_size(dtype);
  } else {
    v->ndim = first;
  }
  clear_tail(v);
  return WP_SUCCESS;
}

wp_status wp_array_view_dtype(wp_array *out, const wp_array *a,
                              wp_dtype dtype) {
  const char *what = "wp_array_view_dtype";
  char n1[32], n2[32];
  wp_array v;
  wp_status st = begin_view(out, a, what, &v);
  if (st != WP_SUCCESS)
    return st;
  wp_int64 size = (wp_int64)wp_dtype_size(dtype);
  if (size == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: dtype 0x%08x is %s; a view needs a dtype of known "
                        "size",
                        what, (unsigned)dtype,
                        WP_DTYPE_KIND(dtype) == WP_KIND_STRUCT
                            ? "a struct (its size is not known here)"
                            : "unknown");
  int src_known = WP_DTYPE_KIND(a->dtype) != WP_KIND_STRUCT;
  int src_scalar = src_known && WP_DTYPE_KIND(a->dtype) == WP_KIND_SCALAR;
  int dst_scalar = WP_DTYPE_KIND(dtype) == WP_KIND_SCALAR;
  if (size == a->elem_size) {
    /* rule 1: reinterpret, same shape and strides */
  } else if (src_known && !src_scalar && dst_scalar &&
             scalar_size(a->dtype) == size) {
    st = view_as_scalars(&v, a, dtype, what);
  } else if (src_scalar && !dst_scalar && scalar_size(dtype) == a->elem_size) {
    st = view_as_elements(&v, a, dtype, what);
  } else {
    return wp_set_error(
        WP_ERROR_INVALID_VALUE,
        "%s: cannot view a of dtype %s (%d bytes) as dtype %s (%lld bytes): "
        "the sizes differ and neither is the scalar of the other",
        what, src_known ? wp_dtype_name(a->dtype, n1, sizeof n1) : "struct",
        (int)a->elem_size, wp_dtype_name(dtype, n2, sizeof n2),
        (long long)size);
  }
  if (st != WP_SUCCESS)
    return st;
  v.dtype = dtype;
  v.elem_size = (wp_int32)size;
  /* The result must itself be valid (alignment of the new dtype). */
  if ((st = wpi_check_array(&v, what)) != WP_SUCCESS)
    return st;
  *out = v;
  return WP_SUCCESS;
}
