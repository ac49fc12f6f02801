/* test_array_checks.c - the layouts libwarprt accepts for arrays: data and
 * grad pointers aligned for the dtype (wp_dtype_alignment), strides that
 * are multiples of it and 0 or at least an element, offsets within int64;
 * and the refusal of bad arguments (NULL, ndim, shapes) by the array API.
 * Kernels index arrays as warpc's generated code does (typed element
 * pointers), so an array accepted here never makes a misaligned access. */
#include <warp/warp.h>

#include <stdint.h>
#include <stdio.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

#define BAD WP_ERROR_INVALID_VALUE

/* A 64-byte aligned buffer to cut misaligned pointers from. */
static _Alignas(64) unsigned char buf[4096];

static wp_status wrap1(wp_array *a, size_t offset, wp_dtype dtype, wp_int64 n,
                       const wp_int64 *stride) {
  wp_int64 shape[1] = {n};
  return wp_array_wrap(a, buf + offset, dtype, 0, 1, shape, stride,
                       WP_DEVICE_CPU);
}

static void test_alignment_table(void) {
  CHECK(wp_dtype_alignment(WP_BOOL) == 1);
  CHECK(wp_dtype_alignment(WP_INT8) == 1 && wp_dtype_alignment(WP_UINT8) == 1);
  CHECK(wp_dtype_alignment(WP_INT16) == 2 &&
        wp_dtype_alignment(WP_UINT16) == 2);
  CHECK(wp_dtype_alignment(WP_FLOAT16) == 2);
  CHECK(wp_dtype_alignment(WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16)) == 2);
  CHECK(wp_dtype_alignment(WP_INT32) == 4 &&
        wp_dtype_alignment(WP_UINT32) == 4);
  CHECK(wp_dtype_alignment(WP_FLOAT32) == 4);
  CHECK(wp_dtype_alignment(WP_INT64) == 8 &&
        wp_dtype_alignment(WP_UINT64) == 8);
  CHECK(wp_dtype_alignment(WP_FLOAT64) == 8);
  /* composite types: their scalar's alignment, not their size */
  CHECK(wp_dtype_alignment(WP_VEC3F) == 4 && wp_dtype_alignment(WP_VEC4F) == 4);
  CHECK(wp_dtype_alignment(WP_MAT33F) == 4);
  CHECK(wp_dtype_alignment(WP_QUAT_DTYPE(WP_SCALAR_FLOAT32)) == 4);
  CHECK(wp_dtype_alignment(WP_TRANSFORM_DTYPE(WP_SCALAR_FLOAT64)) == 8);
  CHECK(wp_dtype_alignment(WP_VEC3D) == 8 &&
        wp_dtype_alignment(WP_MAT44D) == 8);
  CHECK(wp_dtype_alignment(WP_VEC_DTYPE(WP_SCALAR_FLOAT16, 3)) == 2);
  CHECK(wp_dtype_alignment(WP_DTYPE(WP_KIND_STRUCT, 0, 1, 2)) == 1);
  CHECK(wp_dtype_alignment(WP_SCALAR_DTYPE(99)) == 0);
}

static void test_wrap_pointer(void) {
  wp_array a;
  CHECK_ERR(wrap1(&a, 1, WP_FLOAT32, 4, NULL), BAD,
            "wp_array_wrap: data pointer ");
  CHECK(strstr(wp_last_error(), "is misaligned: an array of float32 needs it "
                                "to be a multiple of 4 bytes") != NULL);
  CHECK(a.data == NULL && a.ndim == 0); /* *out zeroed on failure */
  CHECK_ERR(wrap1(&a, 2, WP_FLOAT32, 4, NULL), BAD, "multiple of 4 bytes");
  CHECK_ERR(wrap1(&a, 4, WP_FLOAT64, 4, NULL), BAD,
            "an array of float64 needs it to be a multiple of 8 bytes");
  CHECK_ERR(wrap1(&a, 4, WP_VEC3D, 2, NULL), BAD, "vec3d");
  CHECK_ERR(wrap1(&a, 1, WP_FLOAT16, 2, NULL), BAD, "multiple of 2 bytes");
  CHECK_ERR(wrap1(&a, 6, WP_INT64, 1, NULL), BAD, "multiple of 8 bytes");
  /* at the alignment, which is smaller than the element */
  CHECK(wrap1(&a, 4, WP_VEC3F, 4, NULL) == WP_SUCCESS);
  CHECK(wrap1(&a, 4, WP_MAT33F, 2, NULL) == WP_SUCCESS);
  CHECK(wrap1(&a, 8, WP_VEC3D, 2, NULL) == WP_SUCCESS);
  CHECK(wrap1(&a, 2, WP_FLOAT16, 2, NULL) == WP_SUCCESS);
  CHECK(wrap1(&a, 1, WP_INT8, 3, NULL) == WP_SUCCESS);
  CHECK(wrap1(&a, 3, WP_BOOL, 3, NULL) == WP_SUCCESS);
  /* nothing is addressed in an empty array */
  CHECK(wrap1(&a, 1, WP_FLOAT64, 0, NULL) == WP_SUCCESS);
  /* struct dtypes: the runtime does not know their alignment */
  wp_int64 shape[1] = {2};
  CHECK(wp_array_wrap(&a, buf + 4, WP_DTYPE(WP_KIND_STRUCT, 0, 1, 2), 12, 1,
                      shape, NULL, WP_DEVICE_CPU) == WP_SUCCESS);
}

static void test_wrap_strides(void) {
  wp_array a;
  wp_int64 s2[1] = {2}, s6[1] = {6}, s8[1] = {8}, s4[1] = {4};
  CHECK_ERR(wrap1(&a, 0, WP_FLOAT32, 3, s2), BAD,
            "wp_array_wrap: strides[0] = 2 is not a multiple of 4 bytes, the "
            "alignment of float32");
  CHECK_ERR(wrap1(&a, 0, WP_FLOAT32, 3, s6), BAD, "strides[0] = 6");
  CHECK(wrap1(&a, 0, WP_FLOAT32, 3, s8) == WP_SUCCESS);
  /* a multiple of the alignment, but smaller than the element */
  CHECK_ERR(wrap1(&a, 0, WP_VEC3F, 3, s4), BAD,
            "strides[0] = 4 is smaller than an element (12 bytes)");
  wp_int64 s12[1] = {12}, s16[1] = {16}, s20[1] = {20};
  CHECK(wrap1(&a, 0, WP_VEC3F, 3, s12) == WP_SUCCESS);
  CHECK(wrap1(&a, 0, WP_VEC3F, 3, s16) == WP_SUCCESS);
  CHECK(wrap1(&a, 0, WP_VEC3F, 3, s20) == WP_SUCCESS); /* 4-aligned: fine */
  CHECK_ERR(wrap1(&a, 0, WP_VEC3D, 3, s20), BAD,
            "strides[0] = 20 is not a multiple of 8 bytes, the alignment of "
            "vec3d");
  /* an extent-1 dimension is never stepped */
  CHECK(wrap1(&a, 0, WP_FLOAT32, 1, s2) == WP_SUCCESS);
  /* 2-D: the inner stride is checked as well */
  wp_int64 shape2[2] = {2, 3}, ok2[2] = {12, 4}, bad2[2] = {12, 2};
  CHECK(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 2, shape2, ok2, 0) == WP_SUCCESS);
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 2, shape2, bad2, 0), BAD,
            "strides[1] = 2");
  /* the offset of the last element past int64 */
  wp_int64 big[1] = {(wp_int64)1 << 40};
  wp_int64 hshape[1] = {(wp_int64)1 << 30};
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 1, hshape, big, 0), BAD,
            "the strides overflow the address space");
  wp_int64 shape3[3] = {2, 2, 2};
  wp_int64 half[3] = {(wp_int64)1 << 62, (wp_int64)1 << 62, 8}; /* sum 2^63 */
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT64, 0, 3, shape3, half, 0), BAD,
            "overflow");
  /* negative strides are refused by wrap (not by the checks of hand-made
     arrays, below) */
  wp_int64 neg[1] = {-4};
  CHECK_ERR(wrap1(&a, 64, WP_FLOAT32, 3, neg), BAD,
            "strides[0] = -4 is negative");
}

/* Stride 0 repeats one element (a broadcast): readable by copies. */
static void test_broadcast(void) {
  float one = 3.5f;
  wp_array b, c;
  wp_int64 shape[2] = {3, 4}, strides[2] = {0, 0};
  CHECK(wp_array_wrap(&b, &one, WP_FLOAT32, 0, 2, shape, strides, 0) ==
        WP_SUCCESS);
  CHECK(!wp_array_is_contiguous(&b));
  CHECK(wp_array_alloc(&c, WP_FLOAT32, 0, 2, shape, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_copy(&c, &b) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < 12; i++)
    ok &= ((float *)c.data)[i] == 3.5f;
  CHECK(ok);
  wp_array_free(&c);
}

/* Arrays built field by field reach the launchers' checks and the array
 * functions: the same rules. */
static void test_hand_made(void) {
  static _Alignas(8) double d[8];
  wp_array a;
  wp_int64 shape[1] = {4};
  CHECK(wp_array_wrap(&a, d, WP_FLOAT64, 0, 1, shape, NULL, 0) == WP_SUCCESS);
  CHECK(wp_check_array_arg(&a, WP_FLOAT64, "float64", 1, 0, "k", "x") ==
        WP_SUCCESS);
  wp_array m = a;
  m.data = (char *)d + 4;
  CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x"), BAD,
            "k: parameter 'x': data pointer ");
  CHECK(strstr(wp_last_error(), "multiple of 8 bytes") != NULL);
  m = a;
  m.grad = (char *)d + 2;
  CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x"), BAD,
            "k: parameter 'x': grad pointer ");
  m = a;
  m.strides[0] = 12;
  CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x"), BAD,
            "strides[0] = 12 is not a multiple of 8 bytes");
  m.strides[0] = INT64_MAX - 7;
  CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x"), BAD,
            "overflow");
  m.strides[0] = INT64_MIN;
  CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x"), BAD,
            "overflow");
  /* a reversed view: element 0 at the end of the buffer */
  m = a;
  m.data = d + 3;
  m.strides[0] = -8;
  CHECK(wp_check_array_arg(&m, WP_FLOAT64, "float64", 1, 0, "k", "x") ==
        WP_SUCCESS);
  for (int i = 0; i < 4; i++)
    d[i] = i;
  wp_array c;
  CHECK(wp_array_alloc(&c, WP_FLOAT64, 0, 1, shape, 0, 0) == WP_SUCCESS);
  CHECK(wp_array_copy(&c, &m) == WP_SUCCESS);
  CHECK(((double *)c.data)[0] == 3.0 && ((double *)c.data)[3] == 0.0);
  /* the array functions refuse what the launchers refuse */
  m.data = (char *)d + 1;
  CHECK_ERR(wp_array_copy(&c, &m), BAD, "wp_array_copy: src: data pointer");
  CHECK_ERR(wp_array_fill(&m, d), BAD, "wp_array_fill: data pointer");
  CHECK_ERR(wp_array_zero(&m), BAD, "wp_array_zero: data pointer");
  wp_array_free(&c);
  /* wp_array_at never overflows: NULL instead */
  m = a;
  m.strides[0] = INT64_MAX / 2;
  wp_int64 idx[1] = {3};
  CHECK(wp_array_at(&m, idx) == NULL);
  idx[0] = 1;
  CHECK((uintptr_t)wp_array_at(&m, idx) == (uintptr_t)d + INT64_MAX / 2);
}

static void test_set_grad(void) {
  static _Alignas(8) float x[8], g[9];
  wp_array a;
  wp_int64 shape[1] = {8};
  CHECK(wp_array_wrap(&a, x, WP_FLOAT32, 0, 1, shape, NULL, 0) == WP_SUCCESS);
  CHECK_ERR(wp_array_set_grad(&a, (char *)g + 1), BAD,
            "wp_array_set_grad: grad pointer ");
  CHECK(a.grad == NULL);
  CHECK(wp_array_set_grad(&a, g + 1) == WP_SUCCESS && a.grad == g + 1);
}

/* NULL pointers, ndim and shapes the array API refuses (no crash). */
static void test_bad_arguments(void) {
  wp_array a;
  wp_int64 shape[4] = {2, 2, 2, 2}, neg[2] = {2, -1};
  CHECK_ERR(wp_array_alloc(NULL, WP_FLOAT32, 0, 1, shape, 0, 0), BAD,
            "out is NULL");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 1, NULL, 0, 0), BAD,
            "shape is NULL");
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 2, NULL, NULL, 0), BAD,
            "shape is NULL");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 5, shape, 0, 0), BAD,
            "ndim 5 is outside 1..4");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, -1, shape, 0, 0), BAD,
            "ndim -1 is outside 1..4");
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 0, shape, NULL, 0), BAD,
            "ndim 0 is outside 1..4");
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 2, neg, NULL, 0), BAD,
            "shape[1] = -1 is negative");
  wp_int64 huge[2] = {INT64_MAX, 2};
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 2, huge, 0, 0), BAD,
            "the number of elements overflows");
  wp_int64 wide[1] = {INT64_MAX / 2};
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 1, wide, NULL, 0),
            WP_ERROR_OUT_OF_MEMORY, "do not fit in memory");
  CHECK_ERR(wp_array_wrap(&a, buf, WP_SCALAR_DTYPE(99), 0, 1, shape, NULL, 0),
            BAD, "unknown dtype");
  CHECK_ERR(wp_array_wrap(&a, buf, WP_FLOAT32, 8, 1, shape, NULL, 0), BAD,
            "elem_size 8 does not match dtype float32");
  CHECK_ERR(wp_array_fill(NULL, buf), BAD, "wp_array_fill: array is NULL");
  CHECK_ERR(wp_array_zero(NULL), BAD, "wp_array_zero: array is NULL");
  CHECK_ERR(wp_array_zero_grad(NULL), BAD, "array is NULL");
  CHECK_ERR(wp_array_alloc_grad(NULL), BAD, "array is NULL");
  CHECK_ERR(wp_array_copy(NULL, NULL), BAD,
            "wp_array_copy: dst: array is NULL");
  CHECK_ERR(wp_array_copy_async(NULL, NULL, NULL), BAD, "array is NULL");
  /* a garbage descriptor: refused, not walked */
  wp_array junk;
  memset(&junk, 0x7f, sizeof junk);
  CHECK(wp_array_zero(&junk) != WP_SUCCESS);
  CHECK(wp_array_size(&junk) == 0 && !wp_array_is_contiguous(&junk));
  CHECK(wp_array_at(&junk, shape) == NULL);
  junk.ndim = 2;
  CHECK(wp_array_zero(&junk) != WP_SUCCESS);
  char name[32];
  CHECK(strcmp(wp_dtype_name(WP_FLOAT32, NULL, 0), "") == 0);
  CHECK(strcmp(wp_dtype_name(WP_FLOAT32, name, 0), "") == 0);
  CHECK(strcmp(wp_dtype_name(WP_VEC3F, name, 4), "vec") == 0);
}

/* Struct fields hold int32 extents and strides: checked, not truncated. */
static void test_to_view(void) {
  wp_array_t v;
  wp_array a;
  wp_int64 shape[2] = {3, 4};
  CHECK(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 2, shape, NULL, 0) == WP_SUCCESS);
  CHECK(wp_array_to_view(&a, &v) == WP_SUCCESS);
  CHECK(v.data == buf && v.ndim == 2 && v.shape[0] == 3 && v.shape[1] == 4 &&
        v.strides[0] == 16 && v.strides[1] == 4 && v.shape[2] == 0);
  CHECK(wp_array_to_view(NULL, &v) == WP_SUCCESS && v.ndim == 0 && !v.data);
  CHECK_ERR(wp_array_to_view(&a, NULL), BAD, "out is NULL");
  wp_array big = a;
  big.shape[0] = (wp_int64)INT32_MAX + 1;
  big.strides[0] = 0; /* a broadcast: any extent fits the buffer */
  CHECK_ERR(wp_array_to_view(&big, &v), BAD,
            "wp_array_to_view: shape[0] = 2147483648 does not fit in the "
            "int32");
  CHECK(v.ndim == 0 && !v.data);
  big.shape[0] = INT32_MAX;
  CHECK(wp_array_to_view(&big, &v) == WP_SUCCESS && v.shape[0] == INT32_MAX);
  big = a;
  big.shape[0] = 2;
  big.strides[0] = (wp_int64)1 << 31;
  CHECK_ERR(wp_array_to_view(&big, &v), BAD, "strides[0] = 2147483648");
  big.strides[0] = -((wp_int64)1 << 31); /* INT32_MIN fits */
  CHECK(wp_array_to_view(&big, &v) == WP_SUCCESS && v.strides[0] == INT32_MIN);
  big.data = buf + 2;
  CHECK_ERR(wp_array_to_view(&big, &v), BAD, "misaligned");
}

int main(void) {
  test_alignment_table();
  test_wrap_pointer();
  test_wrap_strides();
  test_broadcast();
  test_hand_made();
  test_set_grad();
  test_bad_arguments();
  test_to_view();
  return check_report(NULL);
}
