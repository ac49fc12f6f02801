/* test_array_views.c - array views (<warp/array_views.h>): slice, index,
 * reshape, transpose, flatten, dtype views, and wp_array_clone,
 * wp_array_full, wp_array_empty, on the CPU.
 *
 * The source is a (3, 4, 5) int32 array holding 100*i + 10*j + k at
 * [i, j, k]; every view's elements are read back through wp_array_at and
 * compared with the value the view's indices select, computed by hand
 * from that formula (e.g. the slice 1:4:2 of dimension 1 holds
 * 100*i + 10*(1 + 2*m) + k at [i, m, k]). */
#include <warp/warp.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

#define BAD WP_ERROR_INVALID_VALUE

static int32_t val(wp_int64 i, wp_int64 j, wp_int64 k) {
  return (int32_t)(100 * i + 10 * j + k);
}

/* The (3, 4, 5) source; with a grad holding -val when grad is set. */
static wp_array make_source(int grad) {
  wp_array a;
  wp_int64 shape[3] = {3, 4, 5};
  CHECK(wp_array_alloc(&a, WP_INT32, 0, 3, shape, grad, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++) {
        ((int32_t *)a.data)[i * 20 + j * 5 + k] = val(i, j, k);
        if (grad)
          ((int32_t *)a.grad)[i * 20 + j * 5 + k] = -val(i, j, k);
      }
  return a;
}

/* Element idx of v (NULL pointer -> a value no test expects). */
static int32_t at(const wp_array *v, wp_int64 i0, wp_int64 i1, wp_int64 i2) {
  wp_int64 idx[3] = {i0, i1, i2};
  const int32_t *p = wp_array_at(v, idx);
  return p ? *p : INT32_MIN;
}

/* The same element of v's grad. */
static int32_t grad_at(const wp_array *v, wp_int64 i0, wp_int64 i1,
                       wp_int64 i2) {
  wp_array g = *v;
  g.data = v->grad;
  return at(&g, i0, i1, i2);
}

static void test_slice(void) {
  wp_array a = make_source(1), v;
  /* dimension 1, 1:4:2 -> j = 1, 3 */
  CHECK(wp_array_slice(&v, &a, 1, 1, 4, 2) == WP_SUCCESS);
  CHECK(v.ndim == 3 && v.shape[0] == 3 && v.shape[1] == 2 && v.shape[2] == 5);
  CHECK(v.strides[0] == 80 && v.strides[1] == 40 && v.strides[2] == 4);
  CHECK((char *)v.data == (char *)a.data + 20);
  CHECK((char *)v.grad == (char *)a.grad + 20);
  CHECK(v.flags == 0 && v.reserved == 0); /* owns nothing */
  int ok = 1;
  for (int i = 0; i < 3; i++)
    for (int m = 0; m < 2; m++)
      for (int k = 0; k < 5; k++)
        ok &= at(&v, i, m, k) == val(i, 1 + 2 * m, k) &&
              grad_at(&v, i, m, k) == -val(i, 1 + 2 * m, k);
  CHECK(ok);
  /* writes through the view land in the source */
  wp_int64 idx[3] = {2, 1, 4};
  *(int32_t *)wp_array_at(&v, idx) = 7;
  CHECK(at(&a, 2, 3, 4) == 7);
  ((int32_t *)a.data)[2 * 20 + 3 * 5 + 4] = val(2, 3, 4);

  /* negative start counts from the end: k = 2, 3, 4 */
  CHECK(wp_array_slice(&v, &a, 2, -3, WP_SLICE_END, 1) == WP_SUCCESS);
  CHECK(v.shape[2] == 3 && at(&v, 1, 2, 0) == val(1, 2, 2) &&
        at(&v, 1, 2, 2) == val(1, 2, 4));
  /* negative stop: 0:-1 -> k = 0..3 */
  CHECK(wp_array_slice(&v, &a, 2, 0, -1, 1) == WP_SUCCESS);
  CHECK(v.shape[2] == 4 && at(&v, 0, 0, 3) == val(0, 0, 3));
  /* clamped as numpy: -10:10 is everything */
  CHECK(wp_array_slice(&v, &a, 0, -10, 10, 1) == WP_SUCCESS);
  CHECK(v.shape[0] == 3 && v.data == a.data && at(&v, 2, 3, 4) == val(2, 3, 4));
  /* 0:5:3 -> k = 0, 3 (ceil(5 / 3) = 2) */
  CHECK(wp_array_slice(&v, &a, 2, 0, 5, 3) == WP_SUCCESS);
  CHECK(v.shape[2] == 2 && v.strides[2] == 12 &&
        at(&v, 1, 1, 1) == val(1, 1, 3));
  /* stop <= start: empty, still a valid array */
  CHECK(wp_array_slice(&v, &a, 1, 3, 1, 1) == WP_SUCCESS);
  CHECK(v.shape[1] == 0 && wp_array_size(&v) == 0);
  CHECK(wp_array_slice(&v, &a, 1, 4, WP_SLICE_END, 1) == WP_SUCCESS);
  CHECK(v.shape[1] == 0);
  /* out may be a: slice a view in place, twice (1:3, then 1: -> j = 2) */
  CHECK(wp_array_slice(&v, &a, 1, 1, 3, 1) == WP_SUCCESS);
  CHECK(wp_array_slice(&v, &v, 1, 1, WP_SLICE_END, 1) == WP_SUCCESS);
  CHECK(v.shape[1] == 1 && at(&v, 2, 0, 3) == val(2, 2, 3));
  /* the flags other than ownership stay */
  a.flags |= WP_ARRAY_RETAIN_GRAD;
  CHECK(wp_array_slice(&v, &a, 0, 0, 1, 1) == WP_SUCCESS);
  CHECK(v.flags == WP_ARRAY_RETAIN_GRAD);
  a.flags &= ~WP_ARRAY_RETAIN_GRAD;
  /* freeing a view releases nothing (the source stays readable: ASan and
   * valgrind would see a double free at wp_array_free(&a) otherwise) */
  wp_array_free(&v);
  CHECK(v.data == NULL && at(&a, 1, 1, 1) == val(1, 1, 1));

  /* errors leave out alone */
  wp_array keep = a;
  v = keep;
  CHECK_ERR(wp_array_slice(&v, &a, 1, 0, 4, 0), BAD,
            "wp_array_slice: step = 0 must be at least 1");
  CHECK_ERR(wp_array_slice(&v, &a, 1, 0, 4, -1), BAD, "step = -1");
  CHECK(memcmp(&v, &keep, sizeof v) == 0);
  CHECK_ERR(wp_array_slice(&v, &a, 3, 0, 1, 1), BAD,
            "wp_array_slice: dim = 3 is outside 0..2");
  CHECK_ERR(wp_array_slice(&v, &a, -1, 0, 1, 1), BAD, "dim = -1");
  CHECK_ERR(wp_array_slice(NULL, &a, 0, 0, 1, 1), BAD,
            "wp_array_slice: out is NULL");
  CHECK_ERR(wp_array_slice(&v, NULL, 0, 0, 1, 1), BAD,
            "wp_array_slice: a is NULL");
  wp_array zero = {0};
  CHECK_ERR(wp_array_slice(&v, &zero, 0, 0, 1, 1), BAD,
            "wp_array_slice: a: ndim 0");
  wp_array_free(&a);
}

static void test_index(void) {
  wp_array a = make_source(1), v;
  CHECK(wp_array_index(&v, &a, 0, 1) == WP_SUCCESS); /* a[1] */
  CHECK(v.ndim == 2 && v.shape[0] == 4 && v.shape[1] == 5 && v.shape[2] == 0);
  CHECK(v.strides[0] == 20 && v.strides[1] == 4 && v.strides[2] == 0);
  CHECK(at(&v, 3, 2, 0) == val(1, 3, 2) &&
        grad_at(&v, 3, 2, 0) == -val(1, 3, 2));
  CHECK(v.flags == 0);
  CHECK(wp_array_index(&v, &a, 2, -1) == WP_SUCCESS); /* a[:, :, -1] */
  CHECK(v.ndim == 2 && v.shape[0] == 3 && v.shape[1] == 4);
  CHECK(v.strides[0] == 80 && v.strides[1] == 20);
  CHECK(at(&v, 2, 1, 0) == val(2, 1, 4));
  CHECK(wp_array_index(&v, &a, 1, 2) == WP_SUCCESS); /* a[:, 2] */
  CHECK(at(&v, 2, 4, 0) == val(2, 2, 4));
  /* down to 1 dimension, then no further */
  CHECK(wp_array_index(&v, &v, 0, 0) == WP_SUCCESS);
  CHECK(v.ndim == 1 && v.shape[0] == 5 && at(&v, 3, 0, 0) == val(0, 2, 3));
  CHECK_ERR(wp_array_index(&v, &v, 0, 0), BAD,
            "wp_array_index: a has 1 dimension");
  CHECK_ERR(wp_array_index(&v, &a, 0, 3), BAD,
            "wp_array_index: index = 3 is outside -3..2");
  CHECK_ERR(wp_array_index(&v, &a, 0, -4), BAD, "index = -4");
  CHECK_ERR(wp_array_index(&v, &a, 4, 0), BAD, "dim = 4 is outside 0..2");
  wp_array_free(&a);
}

static void test_reshape_flatten(void) {
  wp_array a = make_source(1), v;
  wp_int64 shape[2] = {6, -1};
  CHECK(wp_array_reshape(&v, &a, 2, shape) == WP_SUCCESS);
  CHECK(v.ndim == 2 && v.shape[0] == 6 && v.shape[1] == 10);
  CHECK(v.strides[0] == 40 && v.strides[1] == 4 && v.shape[2] == 0 &&
        v.strides[2] == 0);
  CHECK(v.data == a.data && v.grad == a.grad && v.flags == 0);
  int ok = 1;
  for (int r = 0; r < 6; r++)
    for (int c = 0; c < 10; c++) {
      int L = r * 10 + c; /* row-major linear index */
      ok &= at(&v, r, c, 0) == val(L / 20, L / 5 % 4, L % 5);
      ok &= grad_at(&v, r, c, 0) == -val(L / 20, L / 5 % 4, L % 5);
    }
  CHECK(ok);
  wp_int64 s4[4] = {2, 2, 15, 1};
  CHECK(wp_array_reshape(&v, &a, 4, s4) == WP_SUCCESS);
  CHECK(v.ndim == 4 && v.strides[0] == 120 && v.strides[2] == 4);

  CHECK(wp_array_flatten(&v, &a) == WP_SUCCESS);
  CHECK(v.ndim == 1 && v.shape[0] == 60 && v.strides[0] == 4 &&
        v.shape[1] == 0 && v.strides[1] == 0);
  ok = 1;
  for (int L = 0; L < 60; L++)
    ok &= at(&v, L, 0, 0) == val(L / 20, L / 5 % 4, L % 5);
  CHECK(ok);

  /* errors */
  wp_int64 two[2] = {-1, -1}, neg[2] = {-2, 30}, wrong[2] = {7, 9};
  CHECK_ERR(wp_array_reshape(&v, &a, 2, two), BAD,
            "wp_array_reshape: shape[0] = -1 and shape[1] = -1");
  CHECK_ERR(wp_array_reshape(&v, &a, 2, neg), BAD,
            "wp_array_reshape: shape[0] = -2 is negative");
  CHECK_ERR(wp_array_reshape(&v, &a, 2, wrong), BAD,
            "wp_array_reshape: shape has 63 elements, a has 60");
  wp_int64 seven[2] = {7, -1};
  CHECK_ERR(wp_array_reshape(&v, &a, 2, seven), BAD,
            "shape[1] = -1 cannot be inferred: a has 60 elements, the other "
            "extents multiply to 7");
  wp_int64 zero_inf[2] = {0, -1};
  CHECK_ERR(wp_array_reshape(&v, &a, 2, zero_inf), BAD, "cannot be inferred");
  wp_int64 five[5] = {1, 1, 1, 1, 60};
  CHECK_ERR(wp_array_reshape(&v, &a, 5, five), BAD,
            "wp_array_reshape: ndim = 5 is outside 1..4");
  CHECK_ERR(wp_array_reshape(&v, &a, 2, NULL), BAD,
            "wp_array_reshape: shape is NULL");
  /* a non-contiguous source */
  wp_array t;
  CHECK(wp_array_transpose(&t, &a, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_array_reshape(&v, &t, 2, shape), BAD,
            "wp_array_reshape: a is not contiguous");
  CHECK_ERR(wp_array_flatten(&v, &t), BAD,
            "wp_array_flatten: a is not contiguous");
  wp_array s;
  CHECK(wp_array_slice(&s, &a, 2, 0, 5, 2) == WP_SUCCESS);
  CHECK_ERR(wp_array_flatten(&v, &s), BAD, "needs a row-major contiguous");
  /* a slice of whole rows is contiguous */
  CHECK(wp_array_slice(&s, &a, 0, 1, 3, 1) == WP_SUCCESS);
  CHECK(wp_array_flatten(&v, &s) == WP_SUCCESS);
  CHECK(v.shape[0] == 40 && at(&v, 0, 0, 0) == val(1, 0, 0) &&
        at(&v, 39, 0, 0) == val(2, 3, 4));
  wp_array_free(&a);
}

static void test_transpose(void) {
  wp_array a = make_source(1), v;
  CHECK(wp_array_transpose(&v, &a, NULL) == WP_SUCCESS); /* reversed */
  CHECK(v.shape[0] == 5 && v.shape[1] == 4 && v.shape[2] == 3);
  CHECK(v.strides[0] == 4 && v.strides[1] == 20 && v.strides[2] == 80);
  CHECK(!wp_array_is_contiguous(&v) && v.flags == 0);
  int ok = 1;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++)
        ok &= at(&v, k, j, i) == val(i, j, k) &&
              grad_at(&v, k, j, i) == -val(i, j, k);
  CHECK(ok);
  wp_int32 axes[3] = {1, 0, 2};
  CHECK(wp_array_transpose(&v, &a, axes) == WP_SUCCESS);
  CHECK(v.shape[0] == 4 && v.shape[1] == 3 && v.strides[0] == 20 &&
        v.strides[1] == 80 && at(&v, 3, 1, 2) == val(1, 3, 2));
  /* transposing back gives the source's layout */
  CHECK(wp_array_transpose(&v, &v, axes) == WP_SUCCESS);
  CHECK(wp_array_is_contiguous(&v) && at(&v, 1, 3, 2) == val(1, 3, 2));
  wp_int32 rep[3] = {0, 0, 2}, out3[3] = {0, 3, 1};
  CHECK_ERR(wp_array_transpose(&v, &a, rep), BAD,
            "wp_array_transpose: axes[1] = 0 repeats an axis");
  CHECK_ERR(wp_array_transpose(&v, &a, out3), BAD,
            "wp_array_transpose: axes[1] = 3 is outside 0..2");
  wp_array_free(&a);
}

static void test_view_dtype(void) {
  wp_array a, v;
  /* rule 1: same size, reinterpreted: 1.0f is 0x3f800000 */
  wp_int64 n4[1] = {4};
  float one = 1.0f;
  CHECK(wp_array_full(&a, WP_FLOAT32, 0, 1, n4, &one, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_view_dtype(&v, &a, WP_UINT32) == WP_SUCCESS);
  CHECK(v.dtype == WP_UINT32 && v.shape[0] == 4 && v.strides[0] == 4);
  CHECK(((uint32_t *)v.data)[3] == 0x3f800000u && v.grad == a.grad &&
        v.flags == 0);
  wp_array_free(&a);

  /* rule 2: two vec3f as (2, 3) float32 */
  wp_int64 n2[1] = {2};
  CHECK(wp_array_alloc(&a, WP_VEC3F, 0, 1, n2, 0, WP_DEVICE_CPU) == WP_SUCCESS);
  for (int i = 0; i < 6; i++)
    ((float *)a.data)[i] = (float)(i + 1);
  CHECK(wp_array_view_dtype(&v, &a, WP_FLOAT32) == WP_SUCCESS);
  CHECK(v.ndim == 2 && v.shape[0] == 2 && v.shape[1] == 3 &&
        v.strides[0] == 12 && v.strides[1] == 4 && v.elem_size == 4);
  wp_int64 i12[2] = {1, 2};
  CHECK(*(float *)wp_array_at(&v, i12) == 6.0f);
  /* ... and back (rule 3) */
  wp_array b;
  CHECK(wp_array_view_dtype(&b, &v, WP_VEC3F) == WP_SUCCESS);
  CHECK(b.ndim == 1 && b.shape[0] == 2 && b.strides[0] == 12 &&
        b.elem_size == 12 && b.shape[1] == 0 && b.strides[1] == 0);
  /* vec3f -> vec3i: same size (rule 1) */
  CHECK(wp_array_view_dtype(&b, &a, WP_VEC3I) == WP_SUCCESS);
  CHECK(b.shape[0] == 2 && b.dtype == WP_VEC3I);
  /* vec3f -> float64: no rule (12 vs 8 bytes, scalar 4 vs 8) */
  CHECK_ERR(wp_array_view_dtype(&b, &a, WP_FLOAT64), BAD,
            "wp_array_view_dtype: cannot view a of dtype vec3f (12 bytes) as "
            "dtype float64 (8 bytes)");
  /* (2, 3) float32 -> vec2f: the trailing extent is 3 */
  CHECK_ERR(wp_array_view_dtype(&b, &v, WP_VEC2F), BAD,
            "a's shape[1] = 3, but a view as vec2f needs the trailing extents "
            "to be the element's shape (2)");
  /* the transpose (3, 2) has trailing stride 12: not contiguous */
  wp_array t;
  CHECK(wp_array_transpose(&t, &v, NULL) == WP_SUCCESS);
  CHECK_ERR(wp_array_view_dtype(&b, &t, WP_VEC2F), BAD,
            "a's strides[1] = 12, but a view as vec2f needs contiguous "
            "trailing dimensions (stride 4)");
  wp_array_free(&a);

  /* one mat22f: (1, 2, 2) float32; a (2, 2) float32 as mat22f is (1,) */
  wp_int64 n1[1] = {1};
  CHECK(wp_array_alloc(&a, WP_MAT22F, 0, 1, n1, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_view_dtype(&v, &a, WP_FLOAT32) == WP_SUCCESS);
  CHECK(v.ndim == 3 && v.shape[1] == 2 && v.shape[2] == 2 &&
        v.strides[0] == 16 && v.strides[1] == 8 && v.strides[2] == 4);
  wp_array_free(&a);
  wp_int64 s22[2] = {2, 2};
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 2, s22, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_view_dtype(&v, &a, WP_MAT22F) == WP_SUCCESS);
  CHECK(v.ndim == 1 && v.shape[0] == 1 && v.strides[0] == 16 &&
        v.shape[1] == 0);
  /* a 1-d float32 cannot hold a matrix's two dimensions */
  CHECK(wp_array_flatten(&b, &a) == WP_SUCCESS);
  CHECK_ERR(wp_array_view_dtype(&v, &b, WP_MAT22F), BAD,
            "a has 1 dimension(s), a view as mat22f needs at least 2");
  wp_array_free(&a);

  /* a 3-d mat22f array as scalars would have 5 dimensions */
  wp_int64 s3[3] = {1, 1, 1};
  CHECK(wp_array_alloc(&a, WP_MAT22F, 0, 3, s3, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK_ERR(wp_array_view_dtype(&v, &a, WP_FLOAT32), BAD,
            "the view would have 5, more than 4");
  CHECK(wp_array_view_dtype(&v, &a, WP_VEC4F) == WP_SUCCESS); /* rule 1 */
  wp_array_free(&a);

  /* vec4ub -> uint32 needs 4-byte alignment */
  static _Alignas(8) unsigned char bytes[16] = {1, 2, 3, 4, 5, 6, 7, 8, 9};
  wp_int64 three[1] = {3};
  wp_dtype vec4ub = WP_VEC_DTYPE(WP_SCALAR_UINT8, 4);
  CHECK(wp_array_wrap(&a, bytes, vec4ub, 0, 1, three, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_view_dtype(&v, &a, WP_UINT32) == WP_SUCCESS);
  uint32_t want;
  memcpy(&want, bytes + 4, 4);
  CHECK(((uint32_t *)v.data)[1] == want);
  CHECK(wp_array_wrap(&a, bytes + 1, vec4ub, 0, 1, three, NULL,
                      WP_DEVICE_CPU) == WP_SUCCESS);
  CHECK_ERR(wp_array_view_dtype(&v, &a, WP_UINT32), BAD, "is misaligned");
  /* a struct target's size is unknown */
  CHECK_ERR(wp_array_view_dtype(&v, &a, WP_DTYPE(WP_KIND_STRUCT, 0, 0, 1)), BAD,
            "a struct (its size is not known here)");
  CHECK_ERR(wp_array_view_dtype(&v, &a, 0x7f000000u), BAD, "unknown");
}

static void test_clone(void) {
  wp_array a = make_source(1), t, c;
  CHECK(wp_array_transpose(&t, &a, NULL) == WP_SUCCESS); /* strided */
  CHECK(wp_array_clone(&c, &t, WP_DEVICE_CPU, WP_CLONE_GRAD_NONE) ==
        WP_SUCCESS);
  CHECK(c.ndim == 3 && c.shape[0] == 5 && c.shape[2] == 3 &&
        wp_array_is_contiguous(&c) && c.grad == NULL &&
        c.flags == WP_ARRAY_OWNS_DATA && c.data != a.data);
  int ok = 1;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++)
        ok &= ((int32_t *)c.data)[k * 12 + j * 3 + i] == val(i, j, k);
  CHECK(ok);
  wp_array_free(&c);
  CHECK(wp_array_clone(&c, &t, WP_DEVICE_CPU, WP_CLONE_GRAD_ZERO) ==
        WP_SUCCESS);
  ok = c.grad != NULL && c.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD);
  for (int e = 0; ok && e < 60; e++)
    ok &= ((int32_t *)c.grad)[e] == 0;
  CHECK(ok);
  wp_array_free(&c);
  CHECK(wp_array_clone(&c, &t, WP_DEVICE_CPU, WP_CLONE_GRAD_COPY) ==
        WP_SUCCESS);
  ok = c.grad != NULL && c.grad != a.grad;
  for (int i = 0; ok && i < 3; i++)
    for (int j = 0; j < 4; j++)
      for (int k = 0; k < 5; k++)
        ok &= ((int32_t *)c.grad)[k * 12 + j * 3 + i] == -val(i, j, k);
  CHECK(ok);
  wp_array_free(&c);
  /* RETAIN_GRAD is not cloned */
  a.flags |= WP_ARRAY_RETAIN_GRAD;
  CHECK(wp_array_clone(&c, &a, WP_DEVICE_CPU, 0) == WP_SUCCESS);
  CHECK(c.flags == WP_ARRAY_OWNS_DATA && at(&c, 2, 3, 4) == val(2, 3, 4));
  wp_array_free(&c);

  wp_array nograd = a;
  nograd.grad = NULL;
  CHECK_ERR(wp_array_clone(&c, &nograd, WP_DEVICE_CPU, WP_CLONE_GRAD_COPY), BAD,
            "wp_array_clone: grad = WP_CLONE_GRAD_COPY but src has no grad");
  CHECK(c.data == NULL && c.ndim == 0);
  CHECK_ERR(wp_array_clone(&c, &a, WP_DEVICE_CPU, 3), BAD,
            "wp_array_clone: grad = 3 is not");
  CHECK_ERR(wp_array_clone(&c, NULL, WP_DEVICE_CPU, 0), BAD,
            "wp_array_clone: src is NULL");
  CHECK_ERR(wp_array_clone(NULL, &a, WP_DEVICE_CPU, 0), BAD,
            "wp_array_clone: out is NULL");
  CHECK_ERR(wp_array_clone(&c, &a, -5, 0), WP_ERROR_NO_DEVICE,
            "wp_array_clone");
  wp_array_free(&a);
}

static void test_full_empty(void) {
  wp_array a;
  wp_int64 s23[2] = {2, 3};
  float v3[3] = {1.5f, -2.0f, 3.25f};
  CHECK(wp_array_full(&a, WP_VEC3F, 0, 2, s23, v3, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(a.ndim == 2 && a.elem_size == 12 &&
        a.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD));
  int ok = 1;
  for (int e = 0; e < 6; e++)
    ok &= memcmp((float *)a.data + 3 * e, v3, sizeof v3) == 0 &&
          ((float *)a.grad)[3 * e] == 0.0f && ((float *)a.grad)[3 * e + 2] == 0;
  CHECK(ok);
  wp_array_free(&a);
  double d = 0.1;
  CHECK(wp_array_full(&a, WP_FLOAT64, 0, 2, s23, &d, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(((double *)a.data)[5] == 0.1 && a.grad == NULL);
  wp_array_free(&a);
  CHECK_ERR(wp_array_full(&a, WP_FLOAT32, 0, 2, s23, NULL, 0, WP_DEVICE_CPU),
            BAD, "wp_array_full: value is NULL");
  CHECK_ERR(wp_array_full(&a, WP_FLOAT32, 0, 5, s23, &d, 0, WP_DEVICE_CPU), BAD,
            "wp_array_full: ndim 5 is outside 1..4");
  CHECK(a.data == NULL);

  CHECK(wp_array_empty(&a, WP_INT64, 0, 2, s23, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(a.ndim == 2 && a.shape[1] == 3 && a.strides[0] == 24 &&
        a.elem_size == 8 && a.data != NULL &&
        a.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD));
  ok = 1;
  for (int e = 0; e < 6; e++) {
    ((wp_int64 *)a.data)[e] = e; /* writable */
    ok &= ((wp_int64 *)a.grad)[e] == 0;
  }
  CHECK(ok);
  wp_array_free(&a);
  wp_int64 neg[1] = {-1};
  CHECK_ERR(wp_array_empty(&a, WP_INT64, 0, 1, neg, 0, WP_DEVICE_CPU), BAD,
            "wp_array_empty: shape[0] = -1 is negative");
  CHECK_ERR(wp_array_empty(&a, 0x7f000000u, 0, 1, s23, 0, WP_DEVICE_CPU), BAD,
            "wp_array_empty: unknown dtype");
}

int main(void) {
  test_slice();
  test_index();
  test_reshape_flatten();
  test_transpose();
  test_view_dtype();
  test_clone();
  test_full_empty();
  return check_report(NULL);
}
