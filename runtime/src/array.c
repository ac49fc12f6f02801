/* array.c - making, describing and freeing arrays (wp_array), on the CPU
 * (aligned malloc) or a CUDA device (cuda_memory.c). */
#include "cuda_internal.h"

#include <stdlib.h>
#include <string.h>

/* wp_array_t is Warp's array_t (the array fields of structs): 56 bytes */
_Static_assert(sizeof(wp_array_t) == 56 && _Alignof(wp_array_t) == 8,
               "wp_array_t must have Warp's array_t layout");
_Static_assert(__builtin_offsetof(wp_array_t, shape) == 16 &&
                   __builtin_offsetof(wp_array_t, strides) == 32 &&
                   __builtin_offsetof(wp_array_t, ndim) == 48,
               "wp_array_t must have Warp's array_t layout");

/* Alignment of runtime allocations: a cache line, enough for any SIMD load
 * the C compiler may emit for a vectorized kernel loop. */
#define ARRAY_ALIGN 64

/* Checks ndim and extents and stores their product in *count. */
static wp_status check_shape(wp_int32 ndim, const wp_int64 *shape,
                             const char *what, wp_int64 *count) {
  if (ndim < 1 || ndim > 4)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: ndim %d is outside 1..4%s",
                        what, (int)ndim,
                        ndim == 0 ? " (array not initialised?)" : "");
  if (!shape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: shape is NULL", what);
  wp_int64 n = 1;
  for (int k = 0; k < ndim; k++) {
    if (shape[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] = %lld is negative", what, k,
                          (long long)shape[k]);
    if (!wpi_mul_i64(n, shape[k], &n))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the number of elements overflows", what);
  }
  *count = n;
  return WP_SUCCESS;
}

/* The alignment an array's data, grad and strides need (array.h). */
static wp_int64 array_align(const wp_array *a) {
  wp_size align = wp_dtype_alignment(a->dtype);
  return align ? (wp_int64)align : 1;
}

/* `p` (the array's data or grad, `which`) is aligned for its dtype. */
static wp_status check_pointer(const wp_array *a, const void *p,
                               const char *which, const char *what) {
  char name[32];
  wp_int64 align = array_align(a);
  if ((uintptr_t)p % (uintptr_t)align == 0)
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_INVALID_VALUE,
                      "%s: %s pointer %p is misaligned: an array of %s needs "
                      "it to be a multiple of %lld bytes",
                      what, which, p,
                      wp_dtype_name(a->dtype, name, sizeof name),
                      (long long)align);
}

/* The strides of a non-empty array: where a dimension is stepped (extent
 * > 1) its stride is 0 (every index the same element, a broadcast) or at
 * least one element in magnitude, and a multiple of the alignment; the
 * offset of every element fits in int64. */
static wp_status check_strides(const wp_array *a, const char *what) {
  char name[32];
  wp_int64 align = array_align(a), end = a->elem_size, off;
  for (int k = 0; k < a->ndim; k++) {
    wp_int64 s = a->strides[k];
    if (a->shape[k] <= 1)
      continue; /* never stepped */
    /* INT64_MIN has no magnitude; it overflows below anyway */
    wp_int64 mag = s < 0 ? (s == INT64_MIN ? INT64_MAX : -s) : s;
    if (s % align != 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld is not a multiple of %lld "
                          "bytes, the alignment of %s",
                          what, k, (long long)s, (long long)align,
                          wp_dtype_name(a->dtype, name, sizeof name));
    if (s != 0 && mag < a->elem_size)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld is smaller than an element "
                          "(%d bytes): elements would overlap (stride 0 "
                          "repeats one element)",
                          what, k, (long long)s, (int)a->elem_size);
    if (!wpi_mul_i64(a->shape[k] - 1, mag, &off) || off > INT64_MAX - end)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the strides overflow the address space", what);
    end += off;
  }
  return WP_SUCCESS;
}

wp_status wpi_check_array(const wp_array *a, const char *what) {
  if (!a)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: array is NULL", what);
  wp_int64 n = 0;
  wp_status st = check_shape(a->ndim, a->shape, what, &n);
  if (st != WP_SUCCESS)
    return st;
  if (a->elem_size <= 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: array has element size %d (unknown dtype?)", what,
                        (int)a->elem_size);
  if (n == 0)
    return WP_SUCCESS; /* nothing is ever addressed */
  if (!a->data)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: array data is NULL but it has %lld elements", what,
                        (long long)n);
  if ((st = check_pointer(a, a->data, "data", what)) == WP_SUCCESS &&
      (!a->grad ||
       (st = check_pointer(a, a->grad, "grad", what)) == WP_SUCCESS))
    st = check_strides(a, what);
  return st;
}

/* The element size to use for (dtype, elem_size) as documented in array.h:
 * 0 takes the dtype's size; structs must pass theirs; a size that disagrees
 * with a known dtype is refused, since kernels index by the dtype. */
static wp_status element_size(wp_dtype dtype, wp_size elem_size,
                              const char *what, wp_int32 *out) {
  char name[32];
  wp_size known = wp_dtype_size(dtype);
  int is_struct = WP_DTYPE_KIND(dtype) == WP_KIND_STRUCT;
  if (!is_struct && known == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: unknown dtype 0x%08x",
                        what, (unsigned)dtype);
  if (is_struct && elem_size == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: a struct dtype needs its elem_size", what);
  if (!is_struct && elem_size != 0 && elem_size != known)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: elem_size %zu does not match dtype %s (%zu bytes)",
                        what, (size_t)elem_size,
                        wp_dtype_name(dtype, name, sizeof name), (size_t)known);
  wp_size size = elem_size ? elem_size : known;
  if (size > INT32_MAX)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: elem_size %zu is too big",
                        what, (size_t)size);
  *out = (wp_int32)size;
  return WP_SUCCESS;
}

/* Row-major strides in bytes, computed as Warp does (from the real extents,
 * so an empty dimension gives zero strides to its left).  0 when one
 * overflows: the byte count of a non-empty array was checked, but extents
 * right of an empty dimension can still multiply past 64 bits, as in
 * (0, 2**62, 3), which numpy refuses too ("array is too big"). */
static int contiguous_strides(wp_int32 ndim, const wp_int64 *shape,
                              wp_int64 elem_size, wp_int64 *strides) {
  wp_int64 s = elem_size;
  for (int k = ndim - 1; k >= 0; k--) {
    strides[k] = s;
    if (!wpi_mul_i64(s, shape[k], &s))
      return 0;
  }
  return 1;
}

/* Fills every field of *out except data/grad/flags. */
static wp_status describe(wp_array *out, wp_dtype dtype, wp_size elem_size,
                          wp_int32 ndim, const wp_int64 *shape,
                          wp_device device, const char *what, wp_int64 *bytes) {
  wp_int64 n = 0;
  wp_int32 esize = 0;
  wp_status st = check_shape(ndim, shape, what, &n);
  if (st == WP_SUCCESS)
    st = element_size(dtype, elem_size, what, &esize);
  if (st == WP_SUCCESS)
    st = wpi_check_device(device, what);
  if (st != WP_SUCCESS)
    return st;
  if (!wpi_mul_i64(n, esize, bytes) || (uint64_t)*bytes > SIZE_MAX)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: %lld elements of %d bytes do not fit in memory",
                        what, (long long)n, (int)esize);
  wp_int64 strides[4];
  if (!contiguous_strides(ndim, shape, esize, strides))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the extents are too big: their row-major strides "
                        "overflow 64 bits",
                        what);
  out->ndim = ndim;
  out->dtype = dtype;
  out->elem_size = esize;
  out->device = device;
  memcpy(out->shape, shape, (size_t)ndim * sizeof *shape);
  memcpy(out->strides, strides, (size_t)ndim * sizeof *strides);
  return WP_SUCCESS;
}

/* Aligned, zero-filled when `zero` is set; never NULL for 0 bytes so that
 * a successful allocation always has a pointer to free. */
static void *alloc_host(wp_int64 bytes, int zero) {
  size_t n = bytes > 0 ? (size_t)bytes : 1;
  void *p = NULL;
  if (posix_memalign(&p, ARRAY_ALIGN, n) != 0)
    return NULL;
  if (zero)
    memset(p, 0, n);
  return p;
}

/* A buffer of `bytes` on `device` (never NULL on success), zero-filled
 * when `zero` is set (CUDA memory always is). */
static wp_status alloc_buffer_z(wp_device device, wp_int64 bytes, int zero,
                                void **out, const char *what) {
  if (device != WP_DEVICE_CPU)
    return wpi_cuda_alloc(device, (wp_size)bytes, out, what);
  if (!(*out = alloc_host(bytes, zero)))
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: cannot allocate %lld bytes", what,
                        (long long)bytes);
  return WP_SUCCESS;
}

/* A zero-filled buffer of `bytes` on `device` (never NULL on success). */
static wp_status alloc_buffer(wp_device device, wp_int64 bytes, void **out,
                              const char *what) {
  return alloc_buffer_z(device, bytes, 1, out, what);
}

static void free_buffer(wp_device device, void *p) {
  if (device == WP_DEVICE_CPU)
    free(p);
  else
    wpi_cuda_free(device, p);
}

/* The flags of arrays whose memory is not from wp_array_alloc. */
#define SPECIAL_MEMORY (WP_ARRAY_PINNED | WP_ARRAY_STREAM_ORDERED)

/* Frees a buffer `a` owns, the way `a`'s memory is allocated. */
static void free_owned(const wp_array *a, void *p) {
  if (a->flags & SPECIAL_MEMORY)
    wpi_array_free_buffers(a, p, NULL, NULL);
  else
    free_buffer(a->device, p);
}

wp_status wp_array_alloc(wp_array *out, wp_dtype dtype, wp_size elem_size,
                         wp_int32 ndim, const wp_int64 *shape,
                         wp_int32 requires_grad, wp_device device) {
  return wpi_array_alloc(out, dtype, elem_size, ndim, shape, requires_grad,
                         device, 1, "wp_array_alloc");
}

wp_status wpi_array_alloc(wp_array *out, wp_dtype dtype, wp_size elem_size,
                          wp_int32 ndim, const wp_int64 *shape,
                          wp_int32 requires_grad, wp_device device,
                          int zero_data, const char *what) {
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  memset(out, 0, sizeof *out);
  wp_array a = {0};
  wp_int64 bytes;
  wp_status st =
      describe(&a, dtype, elem_size, ndim, shape, device, what, &bytes);
  if (st == WP_SUCCESS)
    st = alloc_buffer_z(device, bytes, zero_data, &a.data, what);
  if (st == WP_SUCCESS && requires_grad &&
      (st = alloc_buffer(device, bytes, &a.grad, what)) != WP_SUCCESS)
    free_buffer(device, a.data);
  if (st != WP_SUCCESS)
    return st;
  a.flags = WP_ARRAY_OWNS_DATA | (requires_grad ? WP_ARRAY_OWNS_GRAD : 0u);
  *out = a;
  return WP_SUCCESS;
}

/* Bytes from element 0 to the end of the last element (strides >= 0). */
static wp_status strided_span(const wp_array *a, const char *what,
                              wp_int64 *span) {
  wp_int64 end = a->elem_size, off;
  for (int k = 0; k < a->ndim; k++) {
    if (a->shape[k] == 0) {
      *span = 0;
      return WP_SUCCESS;
    }
    if (a->strides[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld is negative", what, k,
                          (long long)a->strides[k]);
    if (!wpi_mul_i64(a->shape[k] - 1, a->strides[k], &off) ||
        off > INT64_MAX - end)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the strides overflow the address space", what);
    end += off;
  }
  *span = end;
  return WP_SUCCESS;
}

wp_status wp_array_wrap(wp_array *out, void *data, wp_dtype dtype,
                        wp_size elem_size, wp_int32 ndim, const wp_int64 *shape,
                        const wp_int64 *strides, wp_device device) {
  const char *what = "wp_array_wrap";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  memset(out, 0, sizeof *out);
  wp_array a = {0};
  wp_int64 bytes;
  wp_status st =
      describe(&a, dtype, elem_size, ndim, shape, device, what, &bytes);
  if (st != WP_SUCCESS)
    return st;
  if (strides) {
    memcpy(a.strides, strides, (size_t)ndim * sizeof *strides);
    if ((st = strided_span(&a, what, &bytes)) != WP_SUCCESS)
      return st;
  }
  if (!data && bytes > 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: data is NULL for a non-empty array", what);
  a.data = data;
  if (bytes > 0 && (st = wpi_check_array(&a, what)) != WP_SUCCESS)
    return st; /* alignment and strides */
  *out = a;
  return WP_SUCCESS;
}

/* Validates an array that is about to get a grad buffer. */
static wp_status check_own_array(const wp_array *a, const char *what) {
  wp_status st = wpi_check_array(a, what);
  return st != WP_SUCCESS ? st : wpi_check_device(a->device, what);
}

wp_status wp_array_set_grad(wp_array *a, void *grad) {
  const char *what = "wp_array_set_grad";
  wp_status st = check_own_array(a, what);
  if (st != WP_SUCCESS)
    return st;
  if (!grad && wp_array_size(a) > 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grad is NULL for a non-empty array", what);
  if (wp_array_size(a) > 0 &&
      (st = check_pointer(a, grad, "grad", what)) != WP_SUCCESS)
    return st;
  if (a->flags & WP_ARRAY_OWNS_GRAD)
    free_owned(a, a->grad);
  a->grad = grad;
  a->flags &= ~WP_ARRAY_OWNS_GRAD;
  return WP_SUCCESS;
}

wp_status wp_array_alloc_grad(wp_array *a) {
  const char *what = "wp_array_alloc_grad";
  wp_status st = check_own_array(a, what);
  if (st != WP_SUCCESS || a->grad)
    return st;
  /* Same strides as the data (abi.h), so a wrapped strided array gets a
   * buffer as long as the span of its elements, not just size * elem_size. */
  wp_int64 span;
  if ((st = strided_span(a, what, &span)) != WP_SUCCESS)
    return st;
  if ((uint64_t)span > SIZE_MAX)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: cannot allocate %lld bytes", what,
                        (long long)span);
  /* a grad of the data's kind (pinned, stream-ordered), so that
     wp_array_free releases both the same way */
  st = a->flags & SPECIAL_MEMORY
           ? wpi_array_alloc_special(a, span, &a->grad, what)
           : alloc_buffer(a->device, span, &a->grad, what);
  if (st != WP_SUCCESS)
    return st;
  a->flags |= WP_ARRAY_OWNS_GRAD;
  return WP_SUCCESS;
}

wp_status wpi_array_describe(wp_array *out, wp_dtype dtype, wp_size elem_size,
                             wp_int32 ndim, const wp_int64 *shape,
                             wp_device device, const char *what,
                             wp_int64 *bytes) {
  return describe(out, dtype, elem_size, ndim, shape, device, what, bytes);
}

void wp_array_free(wp_array *a) {
  if (!a)
    return;
  /* a view of a pinned array keeps WP_ARRAY_PINNED but owns nothing */
  if ((a->flags & SPECIAL_MEMORY) &&
      (a->flags & (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD))) {
    wpi_array_free_special(a, NULL); /* array_memory.c */
    return;
  }
  /* A negative device never owns memory (wp_array_alloc refuses it). */
  if (a->device >= 0) {
    if (a->flags & WP_ARRAY_OWNS_DATA)
      free_buffer(a->device, a->data);
    if (a->flags & WP_ARRAY_OWNS_GRAD)
      free_buffer(a->device, a->grad);
  }
  if (a->flags & WP_ARRAY_OWNS_DLPACK)
    wpi_dlpack_release(a); /* after the grad: the data is its */
  memset(a, 0, sizeof *a);
}

wp_int64 wp_array_size(const wp_array *a) {
  if (!a || a->ndim < 1 || a->ndim > 4)
    return 0;
  wp_int64 n = 1;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] < 0 || !wpi_mul_i64(n, a->shape[k], &n))
      return 0;
  return n;
}

int wp_array_is_contiguous(const wp_array *a) {
  if (!a || a->ndim < 1 || a->ndim > 4)
    return 0;
  if (wp_array_size(a) == 0)
    return 1; /* nothing to lay out */
  /* As numpy: an extent-1 dimension is never stepped, so its stride does
   * not matter. */
  wp_int64 expect = a->elem_size;
  for (int k = a->ndim - 1; k >= 0; k--) {
    if (a->shape[k] != 1 && a->strides[k] != expect)
      return 0;
    if (!wpi_mul_i64(expect, a->shape[k], &expect))
      return 0;
  }
  return 1;
}

void *wp_array_at(const wp_array *a, const wp_int64 *idx) {
  if (!a || !idx || !a->data || a->ndim < 1 || a->ndim > 4)
    return NULL;
  wp_int64 off = 0, step;
  for (int k = 0; k < a->ndim; k++) {
    if (idx[k] < 0 || idx[k] >= a->shape[k])
      return NULL;
    /* a hand-made array's strides may overflow: no address then */
    if (__builtin_mul_overflow(idx[k], a->strides[k], &step) ||
        __builtin_add_overflow(off, step, &off))
      return NULL;
  }
  return (char *)a->data + off;
}

wp_status wp_array_to_view(const wp_array *a, wp_array_t *out) {
  const char *what = "wp_array_to_view";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  *out = wp_array_view(NULL);
  if (!a)
    return WP_SUCCESS;
  wp_status st = wpi_check_array(a, what);
  if (st != WP_SUCCESS)
    return st;
  for (int k = 0; k < a->ndim; k++) {
    const char *field = NULL;
    wp_int64 v = 0;
    if (a->shape[k] > INT32_MAX)
      field = "shape", v = a->shape[k];
    else if (a->strides[k] > INT32_MAX || a->strides[k] < INT32_MIN)
      field = "strides", v = a->strides[k];
    if (field)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: %s[%d] = %lld does not fit in the int32 of an "
                          "array field of a struct (Warp's array_t)",
                          what, field, k, (long long)v);
  }
  *out = wp_array_view(a);
  return WP_SUCCESS;
}
