/* array_ops.c - element-wise host operations on arrays: copy, fill, zero. */
#include "internal.h"

#include <stdio.h>
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

/* Validates an array a host operation touches: well formed and on the CPU. */
static wp_status check_host_array(const wp_array *a, const char *what) {
  wp_status st = wpi_check_array(a, what);
  return st != WP_SUCCESS ? st : wpi_require_cpu(a->device);
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

static wp_status check_same_layout(const wp_array *dst, const wp_array *src) {
  char b1[96], b2[96];
  if (dst->dtype != src->dtype || dst->elem_size != src->elem_size)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_array_copy: dtype mismatch (dst %s, src %s)",
                        wp_dtype_name(dst->dtype, b1, sizeof b1),
                        wp_dtype_name(src->dtype, b2, sizeof b2));
  int same = dst->ndim == src->ndim;
  for (int k = 0; same && k < dst->ndim; k++)
    same = dst->shape[k] == src->shape[k];
  if (!same)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_array_copy: shape mismatch (dst %s, src %s)",
                        shape_string(dst, b1, sizeof b1),
                        shape_string(src, b2, sizeof b2));
  return WP_SUCCESS;
}

wp_status wp_array_copy(wp_array *dst, const wp_array *src) {
  wp_status st = check_host_array(dst, "wp_array_copy: dst");
  if (st == WP_SUCCESS)
    st = check_host_array(src, "wp_array_copy: src");
  if (st == WP_SUCCESS)
    st = check_same_layout(dst, src);
  if (st != WP_SUCCESS)
    return st;
  wp_int64 n = wp_array_size(dst);
  if (n == 0)
    return WP_SUCCESS;
  if (wp_array_is_contiguous(dst) && wp_array_is_contiguous(src)) {
    memmove(dst->data, src->data, (size_t)n * (size_t)dst->elem_size);
    return WP_SUCCESS;
  }
  view d = make_view(dst->data, dst), s = make_view(src->data, src);
  walk(OP_COPY, &d, &s, NULL, (size_t)dst->elem_size);
  return WP_SUCCESS;
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
static void set_elements(const wp_array *a, void *base, const void *value) {
  wp_int64 n = wp_array_size(a);
  size_t esize = (size_t)a->elem_size;
  if (n == 0)
    return;
  if (wp_array_is_contiguous(a)) {
    if (value)
      fill_contiguous(base, n, value, esize);
    else
      memset(base, 0, (size_t)n * esize);
    return;
  }
  view v = make_view(base, a);
  walk(value ? OP_FILL : OP_ZERO, &v, NULL, value, esize);
}

wp_status wp_array_fill(wp_array *a, const void *value) {
  wp_status st = check_host_array(a, "wp_array_fill");
  if (st != WP_SUCCESS)
    return st;
  if (!value)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "wp_array_fill: value is NULL");
  set_elements(a, a->data, value);
  return WP_SUCCESS;
}

wp_status wp_array_zero(wp_array *a) {
  wp_status st = check_host_array(a, "wp_array_zero");
  if (st == WP_SUCCESS)
    set_elements(a, a->data, NULL);
  return st;
}

wp_status wp_array_zero_grad(wp_array *a) {
  wp_status st = check_host_array(a, "wp_array_zero_grad");
  if (st == WP_SUCCESS && a->grad)
    set_elements(a, a->grad, NULL); /* grad shares the data's strides */
  return st;
}
