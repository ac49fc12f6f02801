/* array_make.c - arrays made from other arrays or values: wp_array_clone,
 * wp_array_full, wp_array_empty (<warp/array_views.h>). */
#include "internal.h"

#include <stdio.h>
#include <string.h>

wp_status wp_array_clone(wp_array *out, const wp_array *src, wp_device device,
                         wp_int32 grad) {
  const char *what = "wp_array_clone";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  wp_status refused = wpi_graph_refuse_cpu_capture(what);
  if (refused != WP_SUCCESS) {
    memset(out, 0, sizeof *out);
    return refused;
  }
  if (!src) {
    memset(out, 0, sizeof *out);
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: src is NULL", what);
  }
  wp_array s = *src; /* out may alias src */
  memset(out, 0, sizeof *out);
  wp_status st = wpi_check_array(&s, "wp_array_clone: src");
  if (st != WP_SUCCESS)
    return st;
  if (grad != WP_CLONE_GRAD_NONE && grad != WP_CLONE_GRAD_ZERO &&
      grad != WP_CLONE_GRAD_COPY)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grad = %d is not WP_CLONE_GRAD_NONE (0), _ZERO "
                        "(1) or _COPY (2)",
                        what, (int)grad);
  if (grad == WP_CLONE_GRAD_COPY && !s.grad)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grad = WP_CLONE_GRAD_COPY but src has no grad",
                        what);
  wp_array c;
  st = wpi_array_alloc(&c, s.dtype, (wp_size)s.elem_size, s.ndim, s.shape,
                       grad != WP_CLONE_GRAD_NONE, device, 0, what);
  if (st != WP_SUCCESS)
    return st;
  st = wp_array_copy(&c, &s);
  if (st == WP_SUCCESS && grad == WP_CLONE_GRAD_COPY) {
    /* The grads as arrays of their own, with the data's layout. */
    wp_array cg = c, sg = s;
    cg.data = c.grad;
    sg.data = s.grad;
    cg.grad = sg.grad = NULL;
    cg.flags = sg.flags = 0;
    st = wp_array_copy(&cg, &sg);
  }
  if (st != WP_SUCCESS) {
    wp_array_free(&c);
    return st;
  }
  *out = c;
  return WP_SUCCESS;
}

wp_status wp_array_full(wp_array *out, wp_dtype dtype, wp_size elem_size,
                        wp_int32 ndim, const wp_int64 *shape, const void *value,
                        wp_int32 requires_grad, wp_device device) {
  const char *what = "wp_array_full";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  wp_status refused = wpi_graph_refuse_cpu_capture(what);
  if (refused != WP_SUCCESS) {
    memset(out, 0, sizeof *out);
    return refused;
  }
  memset(out, 0, sizeof *out);
  if (!value)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: value is NULL", what);
  wp_array a;
  wp_status st = wpi_array_alloc(&a, dtype, elem_size, ndim, shape,
                                 requires_grad, device, 0, what);
  if (st != WP_SUCCESS)
    return st;
  if ((st = wp_array_fill(&a, value)) != WP_SUCCESS) {
    wp_array_free(&a);
    return st;
  }
  *out = a;
  return WP_SUCCESS;
}

wp_status wp_array_empty(wp_array *out, wp_dtype dtype, wp_size elem_size,
                         wp_int32 ndim, const wp_int64 *shape,
                         wp_int32 requires_grad, wp_device device) {
  return wpi_array_alloc(out, dtype, elem_size, ndim, shape, requires_grad,
                         device, 0, "wp_array_empty");
}
