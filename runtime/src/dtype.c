/* dtype.c - sizes and Warp names of element types (wp_dtype codes). */
#include "internal.h"

#include <stdio.h>

/* Per scalar code: Warp's name, the suffix Warp uses in vector/matrix names
 * (vec3f, mat22d) and the size in bytes.  bool and bfloat16 have no suffix
 * in Warp (there are no such vector types); they are named "vec3<bool>". */
static const struct {
  const char *name;
  const char *suffix;
  wp_size size;
  wp_size align; /* the C alignment of the scalar type on this target */
} scalars[] = {
    [WP_SCALAR_BOOL] = {"bool", NULL, 1, _Alignof(wp_bool)},
    [WP_SCALAR_INT8] = {"int8", "b", 1, _Alignof(wp_int8)},
    [WP_SCALAR_UINT8] = {"uint8", "ub", 1, _Alignof(wp_uint8)},
    [WP_SCALAR_INT16] = {"int16", "s", 2, _Alignof(wp_int16)},
    [WP_SCALAR_UINT16] = {"uint16", "us", 2, _Alignof(wp_uint16)},
    [WP_SCALAR_INT32] = {"int32", "i", 4, _Alignof(wp_int32)},
    [WP_SCALAR_UINT32] = {"uint32", "ui", 4, _Alignof(wp_uint32)},
    [WP_SCALAR_INT64] = {"int64", "l", 8, _Alignof(wp_int64)},
    [WP_SCALAR_UINT64] = {"uint64", "ul", 8, _Alignof(wp_uint64)},
    [WP_SCALAR_FLOAT16] = {"float16", "h", 2, _Alignof(wp_half)},
    [WP_SCALAR_FLOAT32] = {"float32", "f", 4, _Alignof(float)},
    [WP_SCALAR_FLOAT64] = {"float64", "d", 8, _Alignof(double)},
    [WP_SCALAR_BFLOAT16] = {"bfloat16", NULL, 2, _Alignof(wp_bfloat16)},
};

#define NUM_SCALARS ((int)(sizeof scalars / sizeof scalars[0]))

static int scalar_known(int s) {
  return s > 0 && s < NUM_SCALARS && scalars[s].name != NULL;
}

static int scalar_is_float(int s) {
  return s == WP_SCALAR_FLOAT16 || s == WP_SCALAR_FLOAT32 ||
         s == WP_SCALAR_FLOAT64 || s == WP_SCALAR_BFLOAT16;
}

/* Number of scalars in one element, or 0 for a struct or malformed code:
 * a shape the kind does not have (the WP_*_DTYPE macros give scalars 1x1,
 * vectors Nx1, quaternions 4x1 and transforms 7x1), or a quaternion or
 * transform of no float type (what WP_MAT_DTYPE(WP_FLOAT32, 3, 3) makes:
 * the macros take a WP_SCALAR_* code, not a dtype). */
static wp_size scalar_count(wp_dtype d) {
  int rows = WP_DTYPE_ROWS(d), cols = WP_DTYPE_COLS(d);
  int s = WP_DTYPE_SCALAR(d);
  switch (WP_DTYPE_KIND(d)) {
  case WP_KIND_SCALAR: return rows == 1 && cols == 1;
  case WP_KIND_VECTOR: return cols == 1 ? (wp_size)rows : 0;
  case WP_KIND_MATRIX: return (wp_size)rows * (wp_size)cols;
  case WP_KIND_QUAT:
    return rows == 4 && cols == 1 && scalar_is_float(s) ? 4 : 0;
  case WP_KIND_TRANSFORM:
    return rows == 7 && cols == 1 && scalar_is_float(s) ? 7 : 0;
  default: return 0;
  }
}

int wpi_dtype_element_shape(wp_dtype d, wp_int64 shape[2]) {
  switch (WP_DTYPE_KIND(d)) {
  case WP_KIND_VECTOR:
  case WP_KIND_QUAT:
  case WP_KIND_TRANSFORM: shape[0] = WP_DTYPE_ROWS(d); return 1;
  case WP_KIND_MATRIX:
    shape[0] = WP_DTYPE_ROWS(d);
    shape[1] = WP_DTYPE_COLS(d);
    return 2;
  default: return 0;
  }
}

wp_size wp_dtype_size(wp_dtype dtype) {
  int s = WP_DTYPE_SCALAR(dtype);
  if (!scalar_known(s))
    return 0;
  return scalar_count(dtype) * scalars[s].size;
}

wp_size wp_dtype_alignment(wp_dtype dtype) {
  if (WP_DTYPE_KIND(dtype) == WP_KIND_STRUCT)
    return 1; /* not known here: not checked */
  if (wp_dtype_size(dtype) == 0)
    return 0;
  return scalars[WP_DTYPE_SCALAR(dtype)].align;
}

/* "f" for float32; "<bool>" where Warp has no suffix. */
static int write_suffix(char *buf, wp_size n, int s) {
  if (scalars[s].suffix)
    return snprintf(buf, n, "%s", scalars[s].suffix);
  return snprintf(buf, n, "<%s>", scalars[s].name);
}

const char *wp_dtype_name(wp_dtype dtype, char *buf, wp_size bufsize) {
  if (!buf || bufsize == 0)
    return "";
  int kind = WP_DTYPE_KIND(dtype), s = WP_DTYPE_SCALAR(dtype);
  if (kind == WP_KIND_STRUCT) {
    snprintf(buf, bufsize, "struct");
    return buf;
  }
  if (wp_dtype_size(dtype) == 0) {
    snprintf(buf, bufsize, "unknown(0x%08x)", (unsigned)dtype);
    return buf;
  }
  int len = 0;
  switch (kind) {
  case WP_KIND_SCALAR:
    snprintf(buf, bufsize, "%s", scalars[s].name);
    return buf;
  case WP_KIND_VECTOR:
    len = snprintf(buf, bufsize, "vec%d", WP_DTYPE_ROWS(dtype));
    break;
  case WP_KIND_MATRIX:
    len = snprintf(buf, bufsize, "mat%d%d", WP_DTYPE_ROWS(dtype),
                   WP_DTYPE_COLS(dtype));
    break;
  case WP_KIND_QUAT: len = snprintf(buf, bufsize, "quat"); break;
  case WP_KIND_TRANSFORM: len = snprintf(buf, bufsize, "transform"); break;
  }
  if (len >= 0 && (wp_size)len < bufsize)
    write_suffix(buf + len, bufsize - (wp_size)len, s);
  return buf;
}
