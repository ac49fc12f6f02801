/* test_runtime.c - unit tests of libwarprt on the CPU: errors, dtypes,
 * arrays, argument checks and launches through the thread pool. */
#include <warp/warp.h>

#include <pthread.h>
#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

static const char *name_of(wp_dtype d) {
  static char buf[32];
  return wp_dtype_name(d, buf, sizeof buf);
}

/* ---- errors -------------------------------------------------------------- */

static void *read_error_in_thread(void *arg) {
  *(int *)arg = strcmp(wp_last_error(), "") == 0;
  return NULL;
}

static void test_errors(void) {
  CHECK(strcmp(wp_status_string(WP_SUCCESS), "WP_SUCCESS") == 0);
  CHECK(strcmp(wp_status_string(WP_ERROR_DTYPE_MISMATCH),
               "WP_ERROR_DTYPE_MISMATCH") == 0);
  for (int s = WP_SUCCESS; s <= WP_ERROR_ABI_MISMATCH; s++)
    CHECK(strcmp(wp_status_string((wp_status)s), "WP_ERROR_UNKNOWN") != 0);
  CHECK(strcmp(wp_status_string((wp_status)99), "WP_ERROR_UNKNOWN") == 0);
  CHECK(wp_set_error(WP_ERROR_CUDA, "code %d", 7) == WP_ERROR_CUDA);
  CHECK(strcmp(wp_last_error(), "code 7") == 0);
  /* A message may wrap the previous one. */
  wp_set_error(WP_ERROR_CUDA, "outer: %s", wp_last_error());
  CHECK(strcmp(wp_last_error(), "outer: code 7") == 0);
  /* Thread-local: a new thread has no error. */
  int empty = 0;
  pthread_t t;
  pthread_create(&t, NULL, read_error_in_thread, &empty);
  pthread_join(t, NULL);
  CHECK(empty);
}

/* ---- dtypes -------------------------------------------------------------- */

static void test_dtype_sizes(void) {
  CHECK(wp_dtype_size(WP_BOOL) == 1);
  CHECK(wp_dtype_size(WP_UINT8) == 1);
  CHECK(wp_dtype_size(WP_INT16) == 2);
  CHECK(wp_dtype_size(WP_FLOAT16) == 2);
  CHECK(wp_dtype_size(WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16)) == 2);
  CHECK(wp_dtype_size(WP_FLOAT32) == 4);
  CHECK(wp_dtype_size(WP_UINT64) == 8);
  CHECK(wp_dtype_size(WP_FLOAT64) == 8);
  CHECK(wp_dtype_size(WP_VEC3F) == 12);
  CHECK(wp_dtype_size(WP_MAT33D) == 72);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_QUAT, WP_SCALAR_FLOAT32, 4, 1)) == 16);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_TRANSFORM, WP_SCALAR_FLOAT64, 7, 1)) ==
        56);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_STRUCT, 0, 0x12, 0x34)) == 0);
  /* malformed: a dtype where the macro takes a scalar code (a "quat of
     bool" 3x3), a quat of ints, a scalar or vector of another shape */
  CHECK(wp_dtype_size(WP_MAT_DTYPE(WP_FLOAT32, 3, 3)) == 0);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_QUAT, WP_SCALAR_INT32, 4, 1)) == 0);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_SCALAR, WP_SCALAR_FLOAT32, 2, 1)) == 0);
  CHECK(wp_dtype_size(WP_DTYPE(WP_KIND_VECTOR, WP_SCALAR_FLOAT32, 3, 2)) == 0);
  CHECK(wp_dtype_size(WP_QUAT_DTYPE(WP_SCALAR_FLOAT16)) == 8);
  CHECK(wp_dtype_size(0) == 0);                                  /* scalar 0 */
  CHECK(wp_dtype_size(WP_VEC_DTYPE(WP_SCALAR_FLOAT32, 0)) == 0); /* vec0 */
  CHECK(wp_dtype_size(WP_DTYPE(9, WP_SCALAR_FLOAT32, 1, 1)) == 0);
}

static void test_dtype_names(void) {
  CHECK(strcmp(name_of(WP_BOOL), "bool") == 0);
  CHECK(strcmp(name_of(WP_INT8), "int8") == 0);
  CHECK(strcmp(name_of(WP_FLOAT32), "float32") == 0);
  CHECK(strcmp(name_of(WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16)), "bfloat16") == 0);
  CHECK(strcmp(name_of(WP_VEC3F), "vec3f") == 0);
  CHECK(strcmp(name_of(WP_VEC_DTYPE(WP_SCALAR_FLOAT16, 5)), "vec5h") == 0);
  CHECK(strcmp(name_of(WP_VEC_DTYPE(WP_SCALAR_UINT32, 2)), "vec2ui") == 0);
  CHECK(strcmp(name_of(WP_VEC_DTYPE(WP_SCALAR_UINT16, 4)), "vec4us") == 0);
  CHECK(strcmp(name_of(WP_MAT22D), "mat22d") == 0);
  CHECK(strcmp(name_of(WP_MAT_DTYPE(WP_SCALAR_INT64, 3, 4)), "mat34l") == 0);
  CHECK(strcmp(name_of(WP_DTYPE(WP_KIND_QUAT, WP_SCALAR_FLOAT32, 4, 1)),
               "quatf") == 0);
  CHECK(strcmp(name_of(WP_DTYPE(WP_KIND_TRANSFORM, WP_SCALAR_FLOAT64, 7, 1)),
               "transformd") == 0);
  CHECK(strcmp(name_of(WP_DTYPE(WP_KIND_STRUCT, 0, 1, 2)), "struct") == 0);
  CHECK(strcmp(name_of(WP_VEC_DTYPE(WP_SCALAR_BOOL, 3)), "vec3<bool>") == 0);
  CHECK(strncmp(name_of(0), "unknown", 7) == 0);
  char tiny[4];
  CHECK(strcmp(wp_dtype_name(WP_VEC3F, tiny, sizeof tiny), "vec") == 0);
  CHECK(strcmp(wp_dtype_name(WP_VEC3F, NULL, 0), "") == 0);
}

/* ---- arrays -------------------------------------------------------------- */

static void test_alloc(void) {
  wp_array a;
  wp_int64 shape[2] = {3, 4};
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 2, shape, 1, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(a.ndim == 2 && a.elem_size == 4 && a.dtype == WP_FLOAT32);
  CHECK(a.strides[0] == 16 && a.strides[1] == 4 && a.strides[2] == 0);
  CHECK(a.shape[2] == 0 && a.shape[3] == 0);
  CHECK(((uintptr_t)a.data % 16) == 0);
  CHECK(wp_array_size(&a) == 12 && wp_array_is_contiguous(&a));
  CHECK(a.flags == (WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD));
  int zero = 1;
  for (int i = 0; i < 12; i++)
    zero &= ((float *)a.data)[i] == 0.0f && ((float *)a.grad)[i] == 0.0f;
  CHECK(zero);
  wp_int64 idx[2] = {2, 3}, bad[2] = {3, 0};
  CHECK(wp_array_at(&a, idx) == (char *)a.data + 44);
  CHECK(wp_array_at(&a, bad) == NULL);
  wp_array_free(&a);
  CHECK(a.data == NULL && a.ndim == 0);
  wp_array_free(&a); /* twice is fine */
  wp_array_free(NULL);

  wp_int64 empty[2] = {0, 5};
  CHECK(wp_array_alloc(&a, WP_VEC3F, 0, 2, empty, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(a.data != NULL && wp_array_size(&a) == 0 && a.grad == NULL);
  CHECK(wp_array_zero(&a) == WP_SUCCESS);
  wp_array_free(&a);

  wp_dtype particle = WP_DTYPE(WP_KIND_STRUCT, 0, 0xab, 0xcd);
  wp_int64 n[1] = {10};
  CHECK(wp_array_alloc(&a, particle, 24, 1, n, 0, WP_DEVICE_CPU) == WP_SUCCESS);
  CHECK(a.elem_size == 24 && a.strides[0] == 24);
  wp_array_free(&a);
}

static void test_alloc_errors(void) {
  wp_array a;
  wp_int64 shape[2] = {3, 4}, neg[2] = {3, -1};
  wp_int64 huge[2] = {INT64_MAX / 2, 4};
  CHECK_ERR(wp_array_alloc(NULL, WP_FLOAT32, 0, 2, shape, 0, 0),
            WP_ERROR_INVALID_VALUE, "out is NULL");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 0, shape, 0, 0),
            WP_ERROR_INVALID_VALUE, "ndim 0 is outside 1..4");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 5, shape, 0, 0),
            WP_ERROR_INVALID_VALUE, "ndim 5");
  CHECK(a.data == NULL && a.ndim == 0); /* zeroed on failure */
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 2, neg, 0, 0),
            WP_ERROR_INVALID_VALUE, "shape[1] = -1 is negative");
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 2, NULL, 0, 0),
            WP_ERROR_INVALID_VALUE, "shape is NULL");
  CHECK_ERR(wp_array_alloc(&a, 0, 0, 2, shape, 0, 0), WP_ERROR_INVALID_VALUE,
            "unknown dtype");
  CHECK_ERR(
      wp_array_alloc(&a, WP_DTYPE(WP_KIND_STRUCT, 0, 1, 1), 0, 2, shape, 0, 0),
      WP_ERROR_INVALID_VALUE, "struct dtype needs its elem_size");
  CHECK_ERR(wp_array_alloc(&a, WP_VEC3F, 16, 2, shape, 0, 0),
            WP_ERROR_INVALID_VALUE, "does not match dtype vec3f");
  wp_status st = wp_array_alloc(&a, WP_FLOAT64, 0, 2, huge, 0, 0);
  CHECK(st == WP_ERROR_OUT_OF_MEMORY || st == WP_ERROR_INVALID_VALUE);
  CHECK(a.data == NULL);
  /* Empty, but the strides left of the 0 would overflow (found by
   * fuzz_runtime): refused as numpy does; a 0 on the right is fine. */
  wp_int64 empty_huge[3] = {0, INT64_MAX / 2, 3};
  CHECK_ERR(wp_array_alloc(&a, WP_FLOAT32, 0, 3, empty_huge, 0, 0),
            WP_ERROR_INVALID_VALUE, "strides overflow");
  CHECK(a.data == NULL && a.ndim == 0);
  wp_int64 huge_empty[2] = {INT64_MAX / 2, 0};
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 2, huge_empty, 0, 0) == WP_SUCCESS);
  CHECK(a.strides[0] == 0 && a.strides[1] == 4);
  wp_array_free(&a);
  /* No machine has cuda:1000; the reason (no driver, no such device)
   * depends on the machine (test_cuda_runtime.c checks each). */
  CHECK_ERR(
      wp_array_alloc(&a, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CUDA(1000)),
      WP_ERROR_NO_DEVICE, "wp_array_alloc: device cuda:1000: ");
  CHECK(a.data == NULL);
}

/* A 3x4 float buffer 0..11 and its transpose as a strided (4, 3) view. */
static float buf34[12];
static void make_transpose(wp_array *t) {
  for (int i = 0; i < 12; i++)
    buf34[i] = (float)i;
  wp_int64 shape[2] = {4, 3}, strides[2] = {4, 16};
  wp_status st =
      wp_array_wrap(t, buf34, WP_FLOAT32, 0, 2, shape, strides, WP_DEVICE_CPU);
  CHECK(st == WP_SUCCESS);
}

static void test_wrap_copy(void) {
  wp_array t, c;
  make_transpose(&t);
  CHECK(!wp_array_is_contiguous(&t) && t.flags == 0);
  wp_int64 idx[2] = {3, 1};
  CHECK(*(float *)wp_array_at(&t, idx) == 7.0f); /* buf34[1*4 + 3] */
  wp_int64 shape[2] = {4, 3};
  CHECK(wp_array_alloc(&c, WP_FLOAT32, 0, 2, shape, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_copy(&c, &t) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < 4; i++)
    for (int j = 0; j < 3; j++)
      ok &= ((float *)c.data)[i * 3 + j] == (float)(j * 4 + i);
  CHECK(ok);
  /* Back into the strided view (non-contiguous destination). */
  for (int i = 0; i < 12; i++)
    ((float *)c.data)[i] = -(float)i;
  CHECK(wp_array_copy(&t, &c) == WP_SUCCESS);
  CHECK(buf34[1 * 4 + 3] == -(float)(3 * 3 + 1));
  wp_array_free(&t); /* borrowed buffer stays */
  CHECK(buf34[0] == 0.0f);
  wp_array_free(&c);
}

static void test_copy_errors(void) {
  wp_array a, b;
  wp_int64 s1[1] = {4}, s2[1] = {5};
  wp_array_alloc(&a, WP_FLOAT32, 0, 1, s1, 0, 0);
  wp_array_alloc(&b, WP_INT32, 0, 1, s1, 0, 0);
  CHECK_ERR(wp_array_copy(&a, &b), WP_ERROR_INVALID_VALUE,
            "dtype mismatch (dst float32, src int32)");
  wp_array_free(&b);
  wp_array_alloc(&b, WP_FLOAT32, 0, 1, s2, 0, 0);
  CHECK_ERR(wp_array_copy(&a, &b), WP_ERROR_INVALID_VALUE,
            "shape mismatch (dst (4), src (5))");
  CHECK_ERR(wp_array_copy(&a, NULL), WP_ERROR_INVALID_VALUE,
            "src: array is "
            "NULL");
  wp_array zeroed = {0};
  CHECK_ERR(wp_array_copy(&zeroed, &a), WP_ERROR_INVALID_VALUE,
            "not initialised");
  wp_array_free(&a);
  wp_array_free(&b);
}

static void test_wrap_errors(void) {
  wp_array a;
  float data[4];
  wp_int64 shape[1] = {4}, neg[1] = {-4};
  CHECK_ERR(wp_array_wrap(&a, NULL, WP_FLOAT32, 0, 1, shape, NULL, 0),
            WP_ERROR_INVALID_VALUE, "data is NULL");
  CHECK_ERR(wp_array_wrap(&a, data, WP_FLOAT32, 0, 1, shape, neg, 0),
            WP_ERROR_INVALID_VALUE, "strides[0] = -4 is negative");
  CHECK_ERR(wp_array_wrap(NULL, data, WP_FLOAT32, 0, 1, shape, NULL, 0),
            WP_ERROR_INVALID_VALUE, "out is NULL");
  CHECK_ERR(wp_array_wrap(&a, data, WP_FLOAT32, 0, 1, shape, NULL,
                          WP_DEVICE_CUDA(1000)),
            WP_ERROR_NO_DEVICE, "wp_array_wrap: device cuda:1000: ");
  wp_int64 empty[1] = {0};
  CHECK(wp_array_wrap(&a, NULL, WP_FLOAT32, 0, 1, empty, NULL, 0) ==
        WP_SUCCESS);
  wp_int64 empty_huge[2] = {0, INT64_MAX / 2};
  CHECK_ERR(wp_array_wrap(&a, NULL, WP_VEC3F, 0, 2, empty_huge, NULL, 0),
            WP_ERROR_INVALID_VALUE, "strides overflow");
}

static void test_fill_zero(void) {
  /* Every other float of a buffer: stride 8. */
  float data[10] = {0};
  wp_array a;
  wp_int64 shape[1] = {5}, strides[1] = {8};
  CHECK(wp_array_wrap(&a, data, WP_FLOAT32, 0, 1, shape, strides, 0) ==
        WP_SUCCESS);
  float v = 2.5f;
  CHECK(wp_array_fill(&a, &v) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < 10; i++)
    ok &= data[i] == (i % 2 ? 0.0f : 2.5f);
  CHECK(ok);
  CHECK_ERR(wp_array_fill(&a, NULL), WP_ERROR_INVALID_VALUE, "value is NULL");
  /* A grad buffer for a strided array spans its elements. */
  CHECK(wp_array_alloc_grad(&a) == WP_SUCCESS && a.grad != NULL);
  CHECK(a.flags == WP_ARRAY_OWNS_GRAD);
  ((float *)a.grad)[8] = 1.0f;
  CHECK(wp_array_zero_grad(&a) == WP_SUCCESS && ((float *)a.grad)[8] == 0.0f);
  CHECK(wp_array_zero(&a) == WP_SUCCESS && data[8] == 0.0f);
  float g[10];
  CHECK(wp_array_set_grad(&a, g) == WP_SUCCESS); /* frees the owned grad */
  CHECK(a.grad == g && a.flags == 0);
  CHECK_ERR(wp_array_set_grad(&a, NULL), WP_ERROR_INVALID_VALUE,
            "grad is NULL");
  CHECK_ERR(wp_array_set_grad(NULL, g), WP_ERROR_INVALID_VALUE, "NULL");
  wp_array_free(&a);

  wp_array b;
  wp_int64 s3[3] = {2, 3, 5};
  wp_array_alloc(&b, WP_VEC3D, 0, 3, s3, 0, 0);
  double v3[3] = {1, 2, 3};
  CHECK(wp_array_fill(&b, v3) == WP_SUCCESS);
  ok = 1;
  for (int i = 0; i < 30 * 3; i++)
    ok &= ((double *)b.data)[i] == (double)(i % 3 + 1);
  CHECK(ok);
  wp_array_free(&b);
  CHECK(wp_array_size(NULL) == 0 && !wp_array_is_contiguous(NULL));
  CHECK(wp_array_at(NULL, s3) == NULL);
}

/* ---- launches ------------------------------------------------------------ */

/* Arguments of the visit-counting kernel, packed as warpc will pack them. */
typedef struct visit_args {
  _Atomic int *visits;  /* one counter per linear thread index */
  _Atomic int *ranges;  /* number of range calls */
  _Atomic int *bad_tid; /* tid components out of their bounds */
} visit_args;

/* A CPU entry in the style warpc emits: a plain loop over [begin, end). */
static void visit_range(const void *args_, const wp_launch_bounds *b,
                        wp_int64 begin, wp_int64 end) {
  const visit_args *args = args_;
  atomic_fetch_add(args->ranges, 1);
  for (wp_int64 i = begin; i < end; i++) {
    wp_int64 rest = i; /* wp.tid() components, last dimension fastest */
    for (int k = b->ndim - 1; k >= 0; k--) {
      wp_int64 c = rest % b->shape[k];
      rest /= b->shape[k];
      if (c < 0 || c >= b->shape[k])
        atomic_fetch_add(args->bad_tid, 1);
    }
    if (rest != 0 || i >= b->size)
      atomic_fetch_add(args->bad_tid, 1);
    atomic_fetch_add(&args->visits[i], 1);
  }
}

static const wp_kernel_desc visit_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_visit",
    .cpu_forward = visit_range,
    .cpu_backward = NULL,
    .args_size = sizeof(visit_args),
};

/* Launches visit_range over `l` and checks every index ran exactly once. */
static int launch_visits(const wp_launch *l, wp_int64 n, int *nranges) {
  _Atomic int *visits = calloc((size_t)n + 1, sizeof *visits);
  _Atomic int ranges = 0, bad = 0;
  visit_args args = {visits, &ranges, &bad};
  wp_status st = wp_launch_kernel(l, &visit_desc, 0, &args);
  int ok = st == WP_SUCCESS && bad == 0;
  for (wp_int64 i = 0; i < n; i++)
    ok &= visits[i] == 1;
  free(visits);
  if (nranges)
    *nranges = ranges;
  return ok;
}

static void test_launch_shapes(void) {
  static const int threads[] = {1, 2, 7};
  /* every launch of WP_INLINE_BELOW threads or more pooled, whatever the
   * kernel costs (the cost rule: test_pool_rule.c) */
  setenv("WARP_POOL_MIN_WORK_US", "0", 1);
  for (int t = 0; t < 3; t++) {
    CHECK(wp_set_num_threads(threads[t]) == WP_SUCCESS);
    int r1 = 0, r2 = 0, r4 = 0;
    CHECK(launch_visits(&WP_LAUNCH_1D(10007), 10007, &r1));
    CHECK(launch_visits(&WP_LAUNCH_2D(97, 61), 97 * 61, &r2));
    wp_launch l4 = {.ndim = 4, .dims = {7, 11, 13, 5}};
    CHECK(launch_visits(&l4, 7 * 11 * 13 * 5, &r4));
    CHECK(launch_visits(&WP_LAUNCH_1D(100), 100, NULL)); /* inline */
    CHECK(wp_get_num_threads() == threads[t]);
    /* One range on one thread; several chunks when the pool works. */
    CHECK(threads[t] == 1 ? r1 == 1 && r4 == 1 : r1 > 1 && r4 > 1);
  }
  wp_launch l0 = {.ndim = 0, .dims = {3000}}; /* ndim 0 means 1 */
  CHECK(launch_visits(&l0, 3000, NULL));
  unsetenv("WARP_POOL_MIN_WORK_US");
  CHECK(wp_set_num_threads(0) == WP_SUCCESS); /* reads it again */
}

static void test_launch_errors(void) {
  visit_args args = {0};
  CHECK_ERR(wp_launch_kernel(NULL, &visit_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "test_visit");
  CHECK_ERR(wp_launch_kernel(&WP_LAUNCH_1D(1), NULL, 0, &args),
            WP_ERROR_INVALID_VALUE, "kernel descriptor is NULL");
  wp_launch l5 = {.ndim = 5, .dims = {1}};
  CHECK_ERR(wp_launch_kernel(&l5, &visit_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "kernel test_visit: launch ndim 5");
  CHECK_ERR(wp_launch_kernel(&WP_LAUNCH_2D(4, -2), &visit_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "test_visit: launch dims[1] = -2");
  wp_launch big = {.ndim = 3, .dims = {1ll << 31, 1ll << 31, 1ll << 31}};
  CHECK_ERR(wp_launch_kernel(&big, &visit_desc, 0, &args),
            WP_ERROR_INVALID_VALUE, "overflows");
  /* Zero threads: success, nothing runs (args would crash if touched). */
  CHECK(wp_launch_kernel(&WP_LAUNCH_2D(0, 5), &visit_desc, 0, &args) ==
        WP_SUCCESS);
  wp_launch cuda = {.ndim = 1, .dims = {8}, .device = WP_DEVICE_CUDA(2)};
  CHECK(wp_launch_device(&cuda) == WP_DEVICE_CUDA(2));
  CHECK(wp_launch_device(NULL) == WP_DEVICE_CPU);
  CHECK_ERR(wp_launch_kernel(&cuda, &visit_desc, 0, &args), WP_ERROR_NO_DEVICE,
            "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_visit: this object was compiled without CUDA code "
               "(warpc --no-cuda or no toolkit)") == 0);
  CHECK_ERR(wp_launch_kernel(&WP_LAUNCH_1D(8), &visit_desc, 1, &args),
            WP_ERROR_NOT_SUPPORTED, "");
  CHECK(strcmp(wp_last_error(),
               "kernel test_visit has no backward (adjoint) kernel: compiled "
               "with enable_backward=False or --no-adjoint") == 0);
  /* Only forward launches are recorded (test_tape.c tests recording). */
  wp_launch taped = {.ndim = 1, .dims = {8}, .tape = (struct wp_tape *)&args};
  CHECK_ERR(wp_launch_kernel(&taped, &visit_desc, 1, &args),
            WP_ERROR_INVALID_VALUE,
            "kernel test_visit: a backward launch cannot be recorded on a "
            "tape");
  CHECK_ERR(wp_set_num_threads(-1), WP_ERROR_INVALID_VALUE, "outside");
}

/* saxpy with an adjoint, written as warpc will generate it. */
typedef struct saxpy_args {
  wp_array x, y;
  float a;
} saxpy_args;

static void saxpy_fwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const saxpy_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++) {
    const float *x = (const float *)((char *)p->x.data + i * p->x.strides[0]);
    float *y = (float *)((char *)p->y.data + i * p->y.strides[0]);
    *y = p->a * *x + *y;
  }
}

/* adj_x += a * adj_y (each thread owns its element, no atomics needed). */
static void saxpy_bwd(const void *args_, const wp_launch_bounds *b,
                      wp_int64 begin, wp_int64 end) {
  const saxpy_args *p = args_;
  (void)b;
  for (wp_int64 i = begin; i < end; i++) {
    float *gx = (float *)((char *)p->x.grad + i * p->x.strides[0]);
    const float *gy = (const float *)((char *)p->y.grad + i * p->y.strides[0]);
    *gx += p->a * *gy;
  }
}

static const wp_kernel_desc saxpy_desc = {
    .abi = WP_KERNEL_DESC_ABI,
    .name = "test_saxpy",
    .cpu_forward = saxpy_fwd,
    .cpu_backward = saxpy_bwd,
    .args_size = sizeof(saxpy_args),
};

/* The generated launcher: check every array, then launch. */
static wp_status test_saxpy(const wp_launch *l, wp_array x, wp_array y, float a,
                            int backward) {
  wp_device dev = wp_launch_device(l);
  wp_status st =
      wp_check_array_arg(&x, WP_FLOAT32, "float32", 1, dev, "test_saxpy", "x");
  if (st == WP_SUCCESS)
    st = wp_check_array_arg(&y, WP_FLOAT32, "float32", 1, dev, "test_saxpy",
                            "y");
  if (st != WP_SUCCESS)
    return st;
  saxpy_args args = {x, y, a};
  return wp_launch_kernel(l, &saxpy_desc, backward, &args);
}

static void test_saxpy_run(void) {
  enum { N = 50000 };
  wp_array x, y;
  wp_int64 n[1] = {N};
  wp_array_alloc(&x, WP_FLOAT32, 0, 1, n, 1, 0);
  wp_array_alloc(&y, WP_FLOAT32, 0, 1, n, 1, 0);
  for (int i = 0; i < N; i++) {
    ((float *)x.data)[i] = (float)i;
    ((float *)y.data)[i] = 1.0f;
    ((float *)y.grad)[i] = 1.0f;
  }
  CHECK(wp_set_num_threads(4) == WP_SUCCESS);
  CHECK(test_saxpy(&WP_LAUNCH_1D(N), x, y, 2.0f, 0) == WP_SUCCESS);
  CHECK(test_saxpy(&WP_LAUNCH_1D(N), x, y, 2.0f, 1) == WP_SUCCESS);
  int ok = 1;
  for (int i = 0; i < N; i++)
    ok &= ((float *)y.data)[i] == 2.0f * (float)i + 1.0f &&
          ((float *)x.grad)[i] == 2.0f;
  CHECK(ok);
  wp_array_free(&x);
  wp_array_free(&y);
}

static void test_check_array_arg(void) {
  wp_array a, b;
  wp_int64 n[1] = {4};
  wp_array_alloc(&a, WP_FLOAT32, 0, 1, n, 0, 0);
  CHECK(wp_check_array_arg(&a, WP_FLOAT32, "float32", 1, 0, "k", "x") ==
        WP_SUCCESS);
  CHECK_ERR(wp_check_array_arg(NULL, WP_VEC3F, "vec3f", 1, 0, "k", "x"),
            WP_ERROR_INVALID_VALUE, "k: parameter 'x': array is NULL");
  CHECK_ERR(wp_check_array_arg(&a, WP_VEC3F, "vec3f", 1, 0, "k", "x"),
            WP_ERROR_DTYPE_MISMATCH, "");
  CHECK(strcmp(wp_last_error(), "k: parameter 'x': expected an array of "
                                "vec3f, got an array of float32") == 0);
  CHECK_ERR(wp_check_array_arg(&a, WP_FLOAT32, "float32", 2, 0, "k", "x"),
            WP_ERROR_NDIM_MISMATCH, "");
  CHECK(strcmp(wp_last_error(), "k: parameter 'x': expected a 2-d array, got "
                                "a 1-d array") == 0);
  /* and the other way: a 2-d array for a 1-d parameter (a mutant that
     checked `ndim < expected` survived every test, issue 18) */
  {
    wp_array m;
    wp_int64 n2[2] = {2, 2};
    wp_array_alloc(&m, WP_FLOAT32, 0, 2, n2, 0, 0);
    CHECK_ERR(wp_check_array_arg(&m, WP_FLOAT32, "float32", 1, 0, "k", "x"),
              WP_ERROR_NDIM_MISMATCH, "");
    CHECK(strcmp(wp_last_error(), "k: parameter 'x': expected a 1-d array, "
                                  "got a 2-d array") == 0);
    wp_array_free(&m);
  }
  CHECK_ERR(wp_check_array_arg(&a, WP_FLOAT32, "float32", 1, WP_DEVICE_CUDA(0),
                               "k", "x"),
            WP_ERROR_DEVICE_MISMATCH, "array is on device cpu");
  CHECK(strstr(wp_last_error(), "cuda:0") != NULL);
  b = a;
  b.data = NULL;
  CHECK_ERR(wp_check_array_arg(&b, WP_FLOAT32, "float32", 1, 0, "k", "x"),
            WP_ERROR_INVALID_VALUE, "data is NULL");
  /* Struct dtypes compare by their full code (layout hash included). */
  wp_array s;
  wp_dtype s1 = WP_DTYPE(WP_KIND_STRUCT, 0, 0x11, 0x22);
  wp_dtype s2 = WP_DTYPE(WP_KIND_STRUCT, 0, 0x11, 0x23);
  wp_array_alloc(&s, s1, 32, 1, n, 0, 0);
  CHECK(wp_check_array_arg(&s, s1, "Particle", 1, 0, "k", "p") == WP_SUCCESS);
  CHECK_ERR(wp_check_array_arg(&s, s2, "Particle", 1, 0, "k", "p"),
            WP_ERROR_DTYPE_MISMATCH, "expected an array of Particle");
  wp_array_free(&s);
  /* Through a launcher: a wrong array never reaches the kernel. */
  CHECK_ERR(test_saxpy(&WP_LAUNCH_1D(4), a, b, 1.0f, 0), WP_ERROR_INVALID_VALUE,
            "test_saxpy: parameter 'y'");
  wp_array_free(&a);
}

/* ---- concurrency, nesting, configuration ----------------------------------
 */

static void *launch_loop(void *arg) {
  int *ok = arg;
  for (int i = 0; i < 20; i++)
    *ok &= launch_visits(&WP_LAUNCH_2D(64, 67), 64 * 67, NULL);
  return NULL;
}

static void test_concurrent(void) {
  CHECK(wp_set_num_threads(3) == WP_SUCCESS);
  int ok1 = 1, ok2 = 1;
  pthread_t t1, t2;
  pthread_create(&t1, NULL, launch_loop, &ok1);
  pthread_create(&t2, NULL, launch_loop, &ok2);
  pthread_join(t1, NULL);
  pthread_join(t2, NULL);
  CHECK(ok1 && ok2);
}

/* A kernel that launches another kernel: must not deadlock on the pool. */
static _Atomic int nested_ok;
static void outer_range(const void *args, const wp_launch_bounds *b,
                        wp_int64 begin, wp_int64 end) {
  (void)args;
  (void)b;
  (void)end;
  if (begin == 0)
    nested_ok = launch_visits(&WP_LAUNCH_1D(5000), 5000, NULL);
}

static void test_nested(void) {
  static const wp_kernel_desc outer = {
      .abi = WP_KERNEL_DESC_ABI, .name = "outer", .cpu_forward = outer_range};
  CHECK(wp_launch_kernel(&WP_LAUNCH_1D(4096), &outer, 0, NULL) == WP_SUCCESS);
  CHECK(nested_ok);
}

static void test_num_threads(void) {
  long cpus = sysconf(_SC_NPROCESSORS_ONLN);
  setenv("WARP_NUM_THREADS", "3", 1);
  CHECK(wp_set_num_threads(0) == WP_SUCCESS);
  CHECK(wp_get_num_threads() == 3);
  CHECK(launch_visits(&WP_LAUNCH_1D(9999), 9999, NULL));
  CHECK(wp_get_num_threads() == 3);
  setenv("WARP_NUM_THREADS", "lots", 1); /* malformed: ignored */
  CHECK(wp_set_num_threads(0) == WP_SUCCESS);
  CHECK(wp_get_num_threads() == (cpus < 1 ? 1 : cpus > 1024 ? 1024 : cpus));
  unsetenv("WARP_NUM_THREADS");
  /* Shut down, then a launch restarts the pool. */
  CHECK(wp_set_num_threads(2) == WP_SUCCESS);
  wp_shutdown();
  CHECK(launch_visits(&WP_LAUNCH_1D(4000), 4000, NULL));
}

/* fork() after the pool started: the child must start its own workers. */
static void test_fork(void) {
  CHECK(launch_visits(&WP_LAUNCH_1D(4000), 4000, NULL)); /* pool running */
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    int ok = launch_visits(&WP_LAUNCH_1D(4000), 4000, NULL);
    wp_shutdown(); /* leak checkers follow the child too */
    _exit(ok ? 0 : 1);
  }
  int status = -1;
  CHECK(pid > 0 && waitpid(pid, &status, 0) == pid);
  CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0);
}

int main(void) {
  test_errors();
  test_dtype_sizes();
  test_dtype_names();
  test_alloc();
  test_alloc_errors();
  test_wrap_copy();
  test_copy_errors();
  test_wrap_errors();
  test_fill_zero();
  test_launch_shapes();
  test_launch_errors();
  test_saxpy_run();
  test_check_array_arg();
  test_concurrent();
  test_nested();
  test_num_threads();
  const char *no_fork = getenv("WARPRT_TEST_NO_FORK");
  if (!no_fork || !*no_fork) /* ThreadSanitizer dislikes fork */
    test_fork();
  wp_shutdown();
  return check_report(NULL);
}
