/* array_ops.c - element-wise operations on arrays: copy, fill, zero, on the
 * CPU and on CUDA devices.
 *
 * CUDA arrays must be contiguous for these operations (the driver copies
 * and sets linear byte ranges); a strided CPU array copied to or from a
 * device goes through a contiguous host staging buffer. */
#include "cuda_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* What walk() does to each element. */
typedef enum { OP_COPY, OP_FILL, OP_ZERO } elem_op;

/* A strided view padded to 4 dimensions (extent 1, stride 0), so one loop
 * nest serves every ndim. */
typedef struct view {
  char *base;
  wp_int64 shape[4], strides[4];
} view;

static view make_view(void *base, const wp_array *a) {
  view v = {.base = base};
  for (int k = 0; k < 4; k++) {
    v.shape[k] = k < a->ndim ? a->shape[k] : 1;
    v.strides[k] = k < a->ndim ? a->strides[k] : 0;
  }
  return v;
}

static void apply(elem_op op, char *dst, const char *src, size_t n) {
  if (op == OP_ZERO)
    memset(dst, 0, n);
  else
    memmove(dst, src, n); /* memmove: a copy's views may overlap */
}

/* Applies `op` to every element of `dst`; OP_COPY reads the element at the
 * same index of `src`, OP_FILL always reads `value`. */
static void walk(elem_op op, const view *dst, const view *src,
                 const void *value, size_t esize) {
  const wp_int64 *n = dst->shape, *d = dst->strides;
  static const wp_int64 zero[4] = {0};
  const wp_int64 *s = op == OP_COPY ? src->strides : zero;
  /* OP_ZERO reads nothing; point it at dst so no NULL pointer is offset. */
  const char *sbase = op == OP_COPY   ? src->base
                      : op == OP_FILL ? (const char *)value
                                      : dst->base;
  for (wp_int64 i = 0; i < n[0]; i++)
    for (wp_int64 j = 0; j < n[1]; j++)
      for (wp_int64 k = 0; k < n[2]; k++)
        for (wp_int64 l = 0; l < n[3]; l++)
          apply(op, dst->base + i * d[0] + j * d[1] + k * d[2] + l * d[3],
                sbase + i * s[0] + j * s[1] + k * s[2] + l * s[3], esize);
}

/* Validates an array an operation touches: well formed, on a device that
 * exists. */
static wp_status check_array(const wp_array *a, const char *what) {
  wp_status st = wpi_check_array(a, what);
  return st != WP_SUCCESS ? st : wpi_check_device(a->device, what);
}

/* Refuses a non-contiguous array on a CUDA device. */
static wp_status check_cuda_contiguous(const wp_array *a, const char *what) {
  char name[WPI_DEVICE_NAME_MAX];
  if (a->device == WP_DEVICE_CPU || wp_array_is_contiguous(a))
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_INVALID_VALUE,
                      "%s: the array on %s is not contiguous; CUDA arrays "
                      "must be contiguous (row-major) here",
                      what, wpi_device_name(a->device, name));
}

/* "(3, 4)" */
static const char *shape_string(const wp_array *a, char *buf, size_t n) {
  int len = snprintf(buf, n, "(");
  for (int k = 0; k < a->ndim && len > 0 && (size_t)len < n; k++)
    len += snprintf(buf + len, n - (size_t)len, k ? ", %lld" : "%lld",
                    (long long)a->shape[k]);
  if (len > 0 && (size_t)len < n)
    snprintf(buf + len, n - (size_t)len, ")");
  return buf;
}

static wp_status check_same_layout(const wp_array *dst, const wp_array *src,
                                   const char *what) {
  char b1[96], b2[96];
  if (dst->dtype != src->dtype || dst->elem_size != src->elem_size)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: dtype mismatch (dst %s, src %s)", what,
                        wp_dtype_name(dst->dtype, b1, sizeof b1),
                        wp_dtype_name(src->dtype, b2, sizeof b2));
  int same = dst->ndim == src->ndim;
  for (int k = 0; same && k < dst->ndim; k++)
    same = dst->shape[k] == src->shape[k];
  if (!same)
    return wp_set_error(
        WP_ERROR_INVALID_VALUE, "%s: shape mismatch (dst %s, src %s)", what,
        shape_string(dst, b1, sizeof b1), shape_string(src, b2, sizeof b2));
  return WP_SUCCESS;
}

/* A row-major contiguous view of `a`'s elements at `base` (a staging
 * buffer). */
static view contiguous_view(void *base, const wp_array *a) {
  view v = make_view(base, a);
  wp_int64 s = a->elem_size;
  for (int k = 3; k >= 0; k--) {
    v.strides[k] = s;
    s *= v.shape[k];
  }
  return v;
}

/* Copies between a CUDA array and any other, staging a strided CPU side
 * through a contiguous host buffer.  Both arrays were checked. */
static wp_status copy_with_cuda(wp_array *dst, const wp_array *src, int async,
                                void *stream, const char *what) {
  wp_status st = check_cuda_contiguous(dst, what);
  if (st == WP_SUCCESS)
    st = check_cuda_contiguous(src, what);
  if (st != WP_SUCCESS)
    return st;
  wp_int64 n = wp_array_size(dst);
  size_t esize = (size_t)dst->elem_size, bytes = (size_t)n * esize;
  int stage_src = !wp_array_is_contiguous(src); /* only ever a CPU array */
  int stage_dst = !wp_array_is_contiguous(dst);
  if (!stage_src && !stage_dst)
    return wpi_cuda_copy(dst->device, dst->data, src->device, src->data, bytes,
                         async, stream, what);
  void *tmp = malloc(bytes);
  if (!tmp)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: cannot allocate %zu bytes of staging memory", what,
                        bytes);
  view t = contiguous_view(tmp, dst);
  if (stage_src) {
    view s = make_view(src->data, src);
    walk(OP_COPY, &t, &s, NULL, esize);
  }
  st = wpi_cuda_copy(dst->device, stage_dst ? tmp : dst->data, src->device,
                     stage_src ? tmp : src->data, bytes, async, stream, what);
  /* The staging buffer must outlive the copy. */
  wp_device cuda = stage_src ? dst->device : src->device;
  if (st == WP_SUCCESS && async)
    st = wpi_cuda_stream_wait(cuda, stream, what);
  if (st == WP_SUCCESS && stage_dst) {
    view d = make_view(dst->data, dst);
    walk(OP_COPY, &d, &t, NULL, esize);
  }
  free(tmp);
  return st;
}

static wp_status copy_arrays(wp_array *dst, const wp_array *src, int async,
                             void *stream, const char *what) {
  char w1[64], w2[64];
  snprintf(w1, sizeof w1, "%s: dst", what);
  snprintf(w2, sizeof w2, "%s: src", what);
  wp_status st = check_array(dst, w1);
  if (st == WP_SUCCESS)
    st = check_array(src, w2);
  if (st == WP_SUCCESS)
    st = check_same_layout(dst, src, what);
  if (st != WP_SUCCESS)
    return st;
  wp_int64 n = wp_array_size(dst);
  if (n == 0)
    return WP_SUCCESS;
  if (dst->device != WP_DEVICE_CPU || src->device != WP_DEVICE_CPU)
    return copy_with_cuda(dst, src, async, stream, what);
  if (wp_array_is_contiguous(dst) && wp_array_is_contiguous(src)) {
    memmove(dst->data, src->data, (size_t)n * (size_t)dst->elem_size);
    return WP_SUCCESS;
  }
  view d = make_view(dst->data, dst), s = make_view(src->data, src);
  walk(OP_COPY, &d, &s, NULL, (size_t)dst->elem_size);
  return WP_SUCCESS;
}

wp_status wp_array_copy(wp_array *dst, const wp_array *src) {
  wp_status st = wpi_graph_refuse_cpu_capture("wp_array_copy");
  return st != WP_SUCCESS ? st
                          : copy_arrays(dst, src, 0, NULL, "wp_array_copy");
}

wp_status wp_array_copy_async(wp_array *dst, const wp_array *src,
                              void *stream) {
  wp_status st = wpi_graph_refuse_cpu_capture("wp_array_copy_async");
  return st != WP_SUCCESS
             ? st
             : copy_arrays(dst, src, 1, stream, "wp_array_copy_async");
}

/* Fills n contiguous elements with one value by doubling the filled prefix:
 * log2(n) memcpy calls instead of n. */
static void fill_contiguous(char *p, wp_int64 n, const void *value,
                            size_t esize) {
  size_t total = (size_t)n * esize, done = esize;
  memmove(p, value, esize); /* value may point into the array */
  while (done < total) {
    size_t chunk = done < total - done ? done : total - done;
    memcpy(p + done, p, chunk);
    done += chunk;
  }
}

/* Fill (value non-NULL) or zero (value NULL) the elements at `base`, laid
 * out like `a`. */
static wp_status set_elements(const wp_array *a, void *base, const void *value,
                              const char *what) {
  wp_int64 n = wp_array_size(a);
  size_t esize = (size_t)a->elem_size;
  if (n == 0)
    return WP_SUCCESS;
  if (a->device != WP_DEVICE_CPU) {
    wp_status st = check_cuda_contiguous(a, what);
    if (st != WP_SUCCESS)
      return st;
    return wpi_cuda_fill(a->device, base, value, esize, (wp_size)n, what);
  }
  if (wp_array_is_contiguous(a)) {
    if (value)
      fill_contiguous(base, n, value, esize);
    else
      memset(base, 0, (size_t)n * esize);
    return WP_SUCCESS;
  }
  view v = make_view(base, a);
  walk(value ? OP_FILL : OP_ZERO, &v, NULL, value, esize);
  return WP_SUCCESS;
}

wp_status wp_array_fill(wp_array *a, const void *value) {
  const char *what = "wp_array_fill";
  wp_status st = wpi_graph_refuse_cpu_capture(what);
  if (st == WP_SUCCESS)
    st = check_array(a, what);
  if (st != WP_SUCCESS)
    return st;
  if (!value)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: value is NULL", what);
  return set_elements(a, a->data, value, what);
}

wp_status wp_array_zero(wp_array *a) {
  const char *what = "wp_array_zero";
  wp_status st = wpi_graph_refuse_cpu_capture(what);
  if (st == WP_SUCCESS)
    st = check_array(a, what);
  return st != WP_SUCCESS ? st : set_elements(a, a->data, NULL, what);
}

wp_status wp_array_zero_grad(wp_array *a) {
  const char *what = "wp_array_zero_grad";
  wp_status st = wpi_graph_refuse_cpu_capture(what);
  if (st == WP_SUCCESS)
    st = check_array(a, what);
  if (st != WP_SUCCESS || !a->grad)
    return st;
  return set_elements(a, a->grad, NULL, what); /* grad shares the strides */
}
