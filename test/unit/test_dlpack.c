/* test_dlpack.c - DLPack 1.0 import and export (<warp/dlpack.h>) on the
 * CPU, against a DLPack producer written here: it allocates a buffer and a
 * DLManagedTensorVersioned, and its deleter counts its calls per tensor
 * and frees both.  Expected element values are those the producer wrote
 * (element e holds e, or 10 * i + j), read back through wp_array_at at the
 * indices the tensor's strides select.  The CUDA mapping through the fake
 * driver is in test/unit/cuda/dlpack.c. */
#include <warp/warp.h>

#include <pthread.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

#define BAD WP_ERROR_INVALID_VALUE

/* ---- the producer -------------------------------------------------------- */

typedef struct producer {
  DLManagedTensorVersioned t; /* first: the deleter's self is the block */
  int64_t shape[8], strides[8];
  void *buf;
  int deleted; /* deleter calls (read after the call: the block stays) */
} producer;

static void producer_deleter(DLManagedTensorVersioned *self) {
  producer *p = (producer *)self;
  p->deleted++;
  free(p->buf);
  p->buf = NULL; /* the block itself is freed by done() */
}

/* A tensor of `ndim` extents (strides in elements or NULL) over a fresh
 * 64-byte aligned buffer of `bytes`, CPU, version 1.0. */
static producer *make_tensor(DLDataType dt, int ndim, const int64_t *shape,
                             const int64_t *strides, size_t bytes) {
  producer *p = calloc(1, sizeof *p);
  if (posix_memalign(&p->buf, 64, bytes ? bytes : 1) != 0)
    abort();
  memset(p->buf, 0, bytes);
  for (int k = 0; k < ndim; k++) {
    p->shape[k] = shape[k];
    p->strides[k] = strides ? strides[k] : 0;
  }
  p->t.version.major = 1;
  p->t.version.minor = 0;
  p->t.manager_ctx = p;
  p->t.deleter = producer_deleter;
  p->t.dl_tensor.data = p->buf;
  p->t.dl_tensor.device.device_type = kDLCPU;
  p->t.dl_tensor.device.device_id = 0;
  p->t.dl_tensor.ndim = ndim;
  p->t.dl_tensor.dtype = dt;
  p->t.dl_tensor.shape = p->shape;
  p->t.dl_tensor.strides = strides ? p->strides : NULL;
  return p;
}

/* Frees the producer block after the test looked at p->deleted; a tensor
 * never consumed is deleted here through its own deleter. */
static void done(producer *p) {
  if (p->buf)
    p->t.deleter(&p->t);
  free(p);
}

static const DLDataType F32 = {kDLFloat, 32, 1};

/* The DLPack 1.0 layout on LP64, from the specification's field order
 * (pointers 8 bytes, DLDevice two int32, DLDataType 1 + 1 + 2 bytes). */
_Static_assert(sizeof(DLDevice) == 8 && sizeof(DLDataType) == 4,
               "DLDevice, DLDataType");
_Static_assert(offsetof(DLTensor, device) == 8 &&
                   offsetof(DLTensor, ndim) == 16 &&
                   offsetof(DLTensor, dtype) == 20 &&
                   offsetof(DLTensor, shape) == 24 &&
                   offsetof(DLTensor, strides) == 32 &&
                   offsetof(DLTensor, byte_offset) == 40 &&
                   sizeof(DLTensor) == 48,
               "DLTensor");
_Static_assert(offsetof(DLManagedTensorVersioned, manager_ctx) == 8 &&
                   offsetof(DLManagedTensorVersioned, deleter) == 16 &&
                   offsetof(DLManagedTensorVersioned, flags) == 24 &&
                   offsetof(DLManagedTensorVersioned, dl_tensor) == 32 &&
                   sizeof(DLManagedTensorVersioned) == 80,
               "DLManagedTensorVersioned");
_Static_assert(kDLCPU == 1 && kDLCUDA == 2 && kDLCUDAHost == 3 &&
                   kDLCUDAManaged == 13 && kDLBool == 6 && kDLBfloat == 4 &&
                   DLPACK_FLAG_BITMASK_READ_ONLY == 1 &&
                   DLPACK_FLAG_BITMASK_IS_COPIED == 2,
               "DLPack codes");

/* n float32 holding 0, 1, ..., n-1. */
static producer *floats(int ndim, const int64_t *shape, const int64_t *strides,
                        int n) {
  producer *p = make_tensor(F32, ndim, shape, strides, (size_t)n * 4);
  for (int e = 0; e < n; e++)
    ((float *)p->buf)[e] = (float)e;
  return p;
}

static float fat(const wp_array *a, wp_int64 i, wp_int64 j) {
  wp_int64 idx[2] = {i, j};
  const float *p = wp_array_at(a, idx);
  return p ? *p : -1e30f;
}

/* ---- import -------------------------------------------------------------- */

static void test_import_basic(void) {
  int64_t shape[2] = {2, 3};
  producer *p = floats(2, shape, NULL, 6);
  wp_array a;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(a.ndim == 2 && a.shape[0] == 2 && a.shape[1] == 3 && a.shape[2] == 0 &&
        a.strides[0] == 12 && a.strides[1] == 4);
  CHECK(a.dtype == WP_FLOAT32 && a.elem_size == 4 &&
        a.device == WP_DEVICE_CPU && a.data == p->buf && a.grad == NULL);
  CHECK(a.flags == WP_ARRAY_OWNS_DLPACK && a.reserved != 0);
  CHECK(fat(&a, 1, 2) == 5.0f && fat(&a, 1, 0) == 3.0f);
  /* a view does not own the tensor */
  wp_array v;
  CHECK(wp_array_slice(&v, &a, 1, 1, WP_SLICE_END, 1) == WP_SUCCESS);
  CHECK(v.flags == 0 && v.reserved == 0 && fat(&v, 1, 1) == 5.0f);
  wp_array_free(&v);
  CHECK(p->deleted == 0);
  /* a copy of the struct freed after the array: deleted once only */
  wp_array copy = a;
  wp_array_free(&a);
  CHECK(p->deleted == 1 && a.data == NULL && a.flags == 0);
  wp_array_free(&copy);
  CHECK(p->deleted == 1);
  done(p);

  /* a grad given to an imported array is freed with it */
  p = floats(2, shape, NULL, 6);
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(wp_array_alloc_grad(&a) == WP_SUCCESS);
  CHECK(a.flags == (WP_ARRAY_OWNS_DLPACK | WP_ARRAY_OWNS_GRAD));
  wp_array_free(&a);
  CHECK(p->deleted == 1);
  done(p);

  /* explicit strides: the transpose of a (2, 3) buffer, shape (3, 2),
   * strides (1, 3) elements: [i, j] holds element 3j + i */
  int64_t tshape[2] = {3, 2}, tstrides[2] = {1, 3};
  p = floats(2, tshape, tstrides, 6);
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(a.strides[0] == 4 && a.strides[1] == 12 && !wp_array_is_contiguous(&a));
  int ok = 1;
  for (int i = 0; i < 3; i++)
    for (int j = 0; j < 2; j++)
      ok &= fat(&a, i, j) == (float)(3 * j + i);
  CHECK(ok);
  wp_array_free(&a);
  CHECK(p->deleted == 1);
  done(p);

  /* byte_offset moves the data (Warp ignores it; the spec does not) */
  int64_t n3[1] = {3};
  p = floats(1, n3, NULL, 5);
  p->t.dl_tensor.byte_offset = 8;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK((char *)a.data == (char *)p->buf + 8 && fat(&a, 0, 0) == 2.0f &&
        fat(&a, 2, 0) == 4.0f);
  wp_array_free(&a);
  done(p);

  /* a 0-d tensor is one element, shape (1,); a NULL deleter is fine */
  p = floats(0, NULL, NULL, 1);
  ((float *)p->buf)[0] = 42.0f;
  p->t.deleter = NULL;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 1 && fat(&a, 0, 0) == 42.0f);
  wp_array_free(&a);
  CHECK(p->deleted == 0);
  p->t.deleter = producer_deleter;
  done(p);

  /* a read-only tensor is imported (documented: not enforceable) */
  p = floats(1, n3, NULL, 3);
  p->t.flags = DLPACK_FLAG_BITMASK_READ_ONLY;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  wp_array_free(&a);
  CHECK(p->deleted == 1);
  done(p);

  /* other minor versions are read */
  p = floats(1, n3, NULL, 3);
  p->t.version.minor = 3;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  wp_array_free(&a);
  done(p);
}

/* Several imports, freed out of order: each deleter runs once. */
static void test_registry(void) {
  int64_t n4[1] = {4};
  producer *p[5];
  wp_array a[5];
  for (int k = 0; k < 5; k++) {
    p[k] = floats(1, n4, NULL, 4);
    CHECK(wp_array_from_dlpack(&a[k], &p[k]->t, 0) == WP_SUCCESS);
  }
  CHECK(a[0].reserved != a[1].reserved && a[3].reserved != a[4].reserved);
  int order[5] = {3, 0, 4, 2, 1}, ok = 1;
  for (int k = 0; k < 5; k++) {
    wp_array_free(&a[order[k]]);
    for (int m = 0; m < 5; m++) {
      int freed_yet = 0;
      for (int q = 0; q <= k; q++)
        freed_yet |= order[q] == m;
      ok &= p[m]->deleted == freed_yet;
    }
  }
  CHECK(ok);
  for (int k = 0; k < 5; k++)
    done(p[k]);
}

/* Imports and frees from several threads at once (run under TSan by make
 * check-tsan): every tensor deleted exactly once. */
enum { THREADS = 4, PER_THREAD = 300 };

static void *import_loop(void *arg) {
  producer **ps = arg;
  int64_t n2[1] = {2};
  for (int k = 0; k < PER_THREAD; k++) {
    ps[k] = floats(1, n2, NULL, 2);
    wp_array a;
    if (wp_array_from_dlpack(&a, &ps[k]->t, 0) != WP_SUCCESS)
      return NULL; /* the count below fails */
    wp_array_free(&a);
  }
  return NULL;
}

static void test_registry_threads(void) {
  static producer *ps[THREADS][PER_THREAD];
  pthread_t th[THREADS];
  for (int i = 0; i < THREADS; i++)
    CHECK(pthread_create(&th[i], NULL, import_loop, ps[i]) == 0);
  for (int i = 0; i < THREADS; i++)
    pthread_join(th[i], NULL);
  int ok = 1;
  for (int i = 0; i < THREADS; i++)
    for (int k = 0; k < PER_THREAD; k++) {
      ok &= ps[i][k] && ps[i][k]->deleted == 1;
      if (ps[i][k])
        done(ps[i][k]);
    }
  CHECK(ok);
}

/* An array with the ownership bit but another array's handle (a
 * hand-edited copy whose data moved) releases nothing. */
static void test_registry_stray(void) {
  int64_t n4[1] = {4};
  producer *p = floats(1, n4, NULL, 4);
  wp_array a;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  wp_array moved = a;
  moved.data = (char *)a.data + 4;
  wp_array_free(&moved);
  CHECK(p->deleted == 0);
  wp_array_free(&a);
  CHECK(p->deleted == 1);
  done(p);
}

static void test_import_dtypes(void) {
  wp_array a;
  int64_t n4[1] = {4};
  struct {
    DLDataType dt;
    wp_dtype want;
  } table[] = {
      {{kDLBool, 8, 1}, WP_BOOL},
      {{kDLInt, 8, 1}, WP_INT8},
      {{kDLUInt, 8, 1}, WP_UINT8},
      {{kDLInt, 16, 1}, WP_INT16},
      {{kDLUInt, 16, 1}, WP_UINT16},
      {{kDLInt, 32, 1}, WP_INT32},
      {{kDLUInt, 32, 1}, WP_UINT32},
      {{kDLInt, 64, 1}, WP_INT64},
      {{kDLUInt, 64, 1}, WP_UINT64},
      {{kDLFloat, 16, 1}, WP_FLOAT16},
      {{kDLFloat, 32, 1}, WP_FLOAT32},
      {{kDLFloat, 64, 1}, WP_FLOAT64},
      {{kDLBfloat, 16, 1}, WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16)},
  };
  int ok = 1;
  for (size_t k = 0; k < sizeof table / sizeof table[0]; k++) {
    producer *p = make_tensor(table[k].dt, 1, n4, NULL, 32);
    ok &= wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS &&
          a.dtype == table[k].want && a.elem_size == table[k].dt.bits / 8 &&
          a.strides[0] == table[k].dt.bits / 8;
    wp_array_free(&a);
    ok &= p->deleted == 1;
    done(p);
  }
  CHECK(ok);

  /* requested scalar dtypes: Warp's compatibility table */
  struct {
    DLDataType dt;
    wp_dtype dtype;
    int accepted;
  } compat[] = {
      {{kDLBool, 8, 1}, WP_UINT8, 1},      {{kDLBool, 8, 1}, WP_INT8, 1},
      {{kDLBool, 8, 1}, WP_INT32, 0},      {{kDLUInt, 8, 1}, WP_INT8, 1},
      {{kDLInt, 8, 1}, WP_BOOL, 0},        {{kDLInt, 32, 1}, WP_UINT32, 1},
      {{kDLUInt, 64, 1}, WP_INT64, 1},     {{kDLInt, 32, 1}, WP_FLOAT32, 0},
      {{kDLFloat, 32, 1}, WP_INT32, 0},    {{kDLFloat, 16, 1}, WP_FLOAT16, 1},
      {{kDLBfloat, 16, 1}, WP_FLOAT16, 0},
  };
  for (size_t k = 0; k < sizeof compat / sizeof compat[0]; k++) {
    producer *p = make_tensor(compat[k].dt, 1, n4, NULL, 32);
    wp_status st = wp_array_from_dlpack(&a, &p->t, compat[k].dtype);
    if (compat[k].accepted) {
      CHECK(st == WP_SUCCESS && a.dtype == compat[k].dtype);
      wp_array_free(&a);
      CHECK(p->deleted == 1);
    } else {
      CHECK(st == BAD && strstr(wp_last_error(), "incompatible dtypes"));
      CHECK(p->deleted == 0 && a.data == NULL);
    }
    done(p);
  }
  producer *p = make_tensor((DLDataType){kDLInt, 32, 1}, 1, n4, NULL, 16);
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_FLOAT32), BAD,
            "wp_array_from_dlpack: incompatible dtypes: the tensor holds "
            "kDLInt 32-bit values, dtype is float32");
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_DTYPE(WP_KIND_STRUCT, 0, 0, 1)),
            BAD, "is not a Warp scalar, vector or matrix type");
  CHECK(p->deleted == 0);
  done(p);
}

static void test_import_vectors(void) {
  wp_array a;
  /* (2, 3) float32 as vec3f: two elements of 12 bytes */
  int64_t s23[2] = {2, 3};
  producer *p = floats(2, s23, NULL, 6);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_VEC3F) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 2 && a.strides[0] == 12 &&
        a.dtype == WP_VEC3F && a.shape[1] == 0);
  wp_int64 i1[1] = {1};
  CHECK(((float *)wp_array_at(&a, i1))[2] == 5.0f);
  wp_array_free(&a);
  /* not the element's shape */
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_VEC2F), BAD,
            "the tensor's trailing extents are not the shape (2) of one vec2f");
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_MAT33F), BAD,
            "not the shape (3, 3) of one mat33f");
  /* a vec3f of float64 from float32 values */
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_VEC3D), BAD,
            "incompatible dtypes");
  CHECK(p->deleted == 1);
  done(p);

  /* strided inner dimension: shape (2, 3), strides (1, 2) elements */
  int64_t st[2] = {1, 2};
  p = floats(2, s23, st, 6);
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, WP_VEC3F), BAD,
            "the tensor's strides[1] = 8 bytes, but one vec3f needs "
            "contiguous trailing dimensions (4)");
  /* rows strided (every other row of 3) are fine: strides (6, 1) */
  int64_t s23b[2] = {2, 3}, st2[2] = {6, 1};
  done(p);
  p = floats(2, s23b, st2, 12);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_VEC3F) == WP_SUCCESS);
  CHECK(a.strides[0] == 24 && ((float *)wp_array_at(&a, i1))[0] == 6.0f);
  wp_array_free(&a);
  done(p);

  /* (2, 2, 2) as mat22f; (3,) as one vec3f: shape (1,) */
  int64_t s222[3] = {2, 2, 2};
  p = floats(3, s222, NULL, 8);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_MAT22F) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 2 && a.strides[0] == 16);
  CHECK(((float *)wp_array_at(&a, i1))[3] == 7.0f);
  wp_array_free(&a);
  done(p);
  int64_t n3[1] = {3};
  p = floats(1, n3, NULL, 3);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_VEC3F) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 1 && a.strides[0] == 12);
  wp_array_free(&a);
  done(p);
  /* 6 dimensions, 2 consumed by a matrix: 4 left */
  int64_t s6[6] = {1, 2, 1, 1, 2, 2};
  p = floats(6, s6, NULL, 8);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_MAT22F) == WP_SUCCESS);
  CHECK(a.ndim == 4 && a.shape[1] == 2 && a.strides[1] == 16);
  wp_array_free(&a);
  /* ... and not without the dtype */
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "the array would have 6 dimensions, more than 4");
  done(p);

  /* lanes: 5 float32x4 values are (5, 4) float32 or 5 vec4f */
  int64_t n5[1] = {5};
  p = make_tensor((DLDataType){kDLFloat, 32, 4}, 1, n5, NULL, 80);
  for (int e = 0; e < 20; e++)
    ((float *)p->buf)[e] = (float)e;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(a.ndim == 2 && a.shape[0] == 5 && a.shape[1] == 4 &&
        a.strides[0] == 16 && a.strides[1] == 4 && fat(&a, 3, 1) == 13.0f);
  wp_array_free(&a);
  CHECK(wp_array_from_dlpack(&a, &p->t, WP_VEC4F) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 5 && a.strides[0] == 16);
  wp_array_free(&a);
  /* strides count whole float32x4 elements: every other one */
  int64_t two[1] = {2}, n2[1] = {2};
  done(p);
  p = make_tensor((DLDataType){kDLFloat, 32, 4}, 1, n2, two, 64);
  for (int e = 0; e < 16; e++)
    ((float *)p->buf)[e] = (float)e;
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  CHECK(a.strides[0] == 32 && a.strides[1] == 4 && fat(&a, 1, 2) == 10.0f);
  wp_array_free(&a);
  done(p);
}

/* Every refusal leaves the tensor with the caller (deleter not called) and
 * *out zeroed. */
static void test_import_refusals(void) {
  wp_array a;
  int64_t n4[1] = {4};
  producer *p = floats(1, n4, NULL, 8);
  memset(&a, 0xab, sizeof a);
  p->t.version.major = 2;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "wp_array_from_dlpack: the tensor is DLPack 2.0; this runtime "
            "reads major version 1");
  CHECK(a.data == NULL && a.ndim == 0 && a.flags == 0);
  p->t.version.major = 0;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD, "DLPack 0.0");
  p->t.version.major = 1;

  p->t.dl_tensor.device.device_type = kDLOpenCL;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), WP_ERROR_NOT_SUPPORTED,
            "wp_array_from_dlpack: device_type = 4 is not supported");
  p->t.dl_tensor.device.device_type = kDLROCM;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), WP_ERROR_NOT_SUPPORTED,
            "device_type = 10");
  p->t.dl_tensor.device.device_type = kDLCUDA;
  p->t.dl_tensor.device.device_id = -1;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), WP_ERROR_NO_DEVICE,
            "device_id = -1 is not a CUDA device ordinal");
  p->t.dl_tensor.device.device_type = kDLCPU;
  p->t.dl_tensor.device.device_id = 0;
  /* kDLCUDAHost is host memory: the CPU */
  producer *host = floats(1, n4, NULL, 4);
  host->t.dl_tensor.device.device_type = kDLCUDAHost;
  CHECK(wp_array_from_dlpack(&a, &host->t, 0) == WP_SUCCESS);
  CHECK(a.device == WP_DEVICE_CPU && fat(&a, 3, 0) == 3.0f);
  wp_array_free(&a);
  CHECK(host->deleted == 1);
  done(host);

  struct {
    DLDataType dt;
    const char *msg;
  } bad[] = {
      {{kDLComplex, 64, 1}, "complex types are not supported"},
      {{kDLUInt, 1, 1}, "types of less than 8 bits are not supported"},
      {{kDLBool, 1, 1}, "less than 8 bits"},
      {{kDLFloat, 8, 1}, "no Warp type has this width"},
      {{kDLInt, 128, 1}, "no Warp type has this width"},
      {{kDLOpaqueHandle, 64, 1}, "opaque handles are not arrays"},
      {{99, 32, 1},
       "dtype {code unknown (99), bits 32, lanes 1}: unknown "
       "type code"},
      {{kDLFloat, 32, 0}, "dtype.lanes is 0"},
  };
  for (size_t k = 0; k < sizeof bad / sizeof bad[0]; k++) {
    p->t.dl_tensor.dtype = bad[k].dt;
    CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD, bad[k].msg);
  }
  p->t.dl_tensor.dtype = F32;

  /* dimensions */
  int64_t s5[8] = {1, 1, 1, 1, 2, 1, 1, 1};
  p->t.dl_tensor.shape = s5;
  p->t.dl_tensor.ndim = 5;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "the array would have 5 dimensions, more than 4");
  p->t.dl_tensor.ndim = 8;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "the tensor has 8 dimensions; an array has at most 4");
  p->t.dl_tensor.ndim = -1;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "the tensor has -1 dimensions");
  p->t.dl_tensor.ndim = 1;
  p->t.dl_tensor.shape = NULL;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD, "shape is NULL");
  int64_t negshape[1] = {-4};
  p->t.dl_tensor.shape = negshape;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "shape[0] = -4 is negative");
  p->t.dl_tensor.shape = p->shape;

  /* strides */
  int64_t neg[1] = {-1}, huge[1] = {INT64_MAX / 2};
  p->t.dl_tensor.strides = neg;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "wp_array_from_dlpack: strides[0] = -1 is negative; negative "
            "strides are not supported");
  p->t.dl_tensor.strides = huge;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "strides[0] = 4611686018427387903 overflows in bytes");
  p->t.dl_tensor.strides = NULL;

  /* alignment: data or byte_offset not a multiple of 4 */
  p->t.dl_tensor.byte_offset = 2;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "wp_array_from_dlpack: wp_array_wrap: data pointer");
  CHECK(strstr(wp_last_error(), "is misaligned") != NULL);
  p->t.dl_tensor.byte_offset = UINT64_MAX - 2;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "overflows the data pointer");
  p->t.dl_tensor.byte_offset = 0;
  p->t.dl_tensor.data = (char *)p->buf + 1;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD, "is misaligned");
  p->t.dl_tensor.data = NULL;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), BAD,
            "data is NULL for a non-empty array");
  p->t.dl_tensor.data = p->buf;

  CHECK_ERR(wp_array_from_dlpack(&a, NULL, 0), BAD,
            "wp_array_from_dlpack: t is NULL");
  CHECK_ERR(wp_array_from_dlpack(NULL, &p->t, 0), BAD,
            "wp_array_from_dlpack: out is NULL");
  CHECK(p->deleted == 0 && a.data == NULL);
  /* still a good tensor */
  CHECK(wp_array_from_dlpack(&a, &p->t, 0) == WP_SUCCESS);
  wp_array_free(&a);
  CHECK(p->deleted == 1);
  done(p);
}

/* A CUDA tensor without a CUDA device here: WP_ERROR_NO_DEVICE, not
 * consumed.  (Through the fake driver: test/unit/cuda/dlpack.c.) */
static void test_import_cuda_absent(void) {
  int count = 0;
  if (wp_cuda_device_count(&count) != WP_SUCCESS || count > 0) {
    printf("a CUDA device is present: the no-device check is skipped\n");
    return;
  }
  int64_t n4[1] = {4};
  producer *p = floats(1, n4, NULL, 4);
  wp_array a;
  p->t.dl_tensor.device.device_type = kDLCUDA;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), WP_ERROR_NO_DEVICE,
            "wp_array_from_dlpack: wp_array_wrap: device cuda:0");
  p->t.dl_tensor.device.device_type = kDLCUDAManaged;
  CHECK_ERR(wp_array_from_dlpack(&a, &p->t, 0), WP_ERROR_NO_DEVICE,
            "device cuda:0");
  CHECK(p->deleted == 0);
  done(p);
}

/* ---- export -------------------------------------------------------------- */

static void test_export(void) {
  wp_array a, b;
  wp_int64 s34[2] = {3, 4};
  CHECK(wp_array_alloc(&a, WP_FLOAT32, 0, 2, s34, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  for (int e = 0; e < 12; e++)
    ((float *)a.data)[e] = (float)(10 * (e / 4) + e % 4);
  DLManagedTensorVersioned *t = NULL;
  CHECK(wp_array_to_dlpack(&a, &t) == WP_SUCCESS && t != NULL);
  CHECK(t->version.major == 1 && t->version.minor == 0 && t->flags == 0 &&
        t->deleter != NULL);
  DLTensor *d = &t->dl_tensor;
  CHECK(d->data == a.data && d->byte_offset == 0 &&
        d->device.device_type == kDLCPU && d->device.device_id == 0);
  CHECK(d->dtype.code == kDLFloat && d->dtype.bits == 32 &&
        d->dtype.lanes == 1);
  CHECK(d->ndim == 2 && d->shape[0] == 3 && d->shape[1] == 4 &&
        d->strides[0] == 4 && d->strides[1] == 1);
  /* round trip: the import owns the export and frees it (no leak under
   * ASan/valgrind) */
  CHECK(wp_array_from_dlpack(&b, t, 0) == WP_SUCCESS);
  CHECK(b.data == a.data && b.ndim == 2 && b.shape[1] == 4 &&
        b.strides[0] == 16 && b.strides[1] == 4 && fat(&b, 2, 3) == 23.0f);
  wp_array_free(&b);

  /* a strided view: 0:3:2 of rows, 1:4:2 of columns -> (2, 2), element
   * strides (8, 2); values 10 * (2r) + (1 + 2c) */
  wp_array v;
  CHECK(wp_array_slice(&v, &a, 0, 0, 3, 2) == WP_SUCCESS);
  CHECK(wp_array_slice(&v, &v, 1, 1, 4, 2) == WP_SUCCESS);
  CHECK(wp_array_to_dlpack(&v, &t) == WP_SUCCESS);
  d = &t->dl_tensor;
  CHECK(d->data == (char *)a.data + 4 && d->shape[0] == 2 && d->shape[1] == 2 &&
        d->strides[0] == 8 && d->strides[1] == 2);
  CHECK(wp_array_from_dlpack(&b, t, 0) == WP_SUCCESS);
  CHECK(b.strides[0] == 32 && b.strides[1] == 8);
  int ok = 1;
  for (int r = 0; r < 2; r++)
    for (int c = 0; c < 2; c++)
      ok &= fat(&b, r, c) == (float)(20 * r + 1 + 2 * c);
  CHECK(ok);
  wp_array_free(&b);
  /* the consumer deletes without importing */
  CHECK(wp_array_to_dlpack(&a, &t) == WP_SUCCESS);
  t->deleter(t);
  wp_array_free(&a);

  /* vec3f: scalar type, the element's shape as a trailing dimension */
  wp_int64 n2[1] = {2};
  CHECK(wp_array_alloc(&a, WP_VEC3F, 0, 1, n2, 0, WP_DEVICE_CPU) == WP_SUCCESS);
  for (int e = 0; e < 6; e++)
    ((float *)a.data)[e] = (float)e;
  CHECK(wp_array_to_dlpack(&a, &t) == WP_SUCCESS);
  d = &t->dl_tensor;
  CHECK(d->ndim == 2 && d->shape[0] == 2 && d->shape[1] == 3 &&
        d->strides[0] == 3 && d->strides[1] == 1 && d->dtype.code == kDLFloat &&
        d->dtype.bits == 32 && d->dtype.lanes == 1);
  CHECK(wp_array_from_dlpack(&b, t, WP_VEC3F) == WP_SUCCESS);
  CHECK(b.dtype == WP_VEC3F && b.shape[0] == 2 && b.strides[0] == 12);
  wp_array_free(&b);
  wp_array_free(&a);

  /* mat22d: (n, 2, 2) float64 */
  CHECK(wp_array_alloc(&a, WP_MAT22D, 0, 1, n2, 0, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_to_dlpack(&a, &t) == WP_SUCCESS);
  d = &t->dl_tensor;
  CHECK(d->ndim == 3 && d->shape[1] == 2 && d->shape[2] == 2 &&
        d->strides[0] == 4 && d->strides[1] == 2 && d->strides[2] == 1 &&
        d->dtype.code == kDLFloat && d->dtype.bits == 64);
  t->deleter(t);
  wp_array_free(&a);

  /* dtype codes of the scalars */
  struct {
    wp_dtype dt;
    uint8_t code, bits;
  } codes[] = {
      {WP_BOOL, kDLBool, 8},
      {WP_INT8, kDLInt, 8},
      {WP_UINT16, kDLUInt, 16},
      {WP_INT64, kDLInt, 64},
      {WP_UINT64, kDLUInt, 64},
      {WP_FLOAT16, kDLFloat, 16},
      {WP_SCALAR_DTYPE(WP_SCALAR_BFLOAT16), kDLBfloat, 16},
      {WP_QUAT_DTYPE(WP_SCALAR_FLOAT32), kDLFloat, 32},
  };
  ok = 1;
  for (size_t k = 0; k < sizeof codes / sizeof codes[0]; k++) {
    CHECK(wp_array_alloc(&a, codes[k].dt, 0, 1, n2, 0, WP_DEVICE_CPU) ==
          WP_SUCCESS);
    ok &= wp_array_to_dlpack(&a, &t) == WP_SUCCESS &&
          t->dl_tensor.dtype.code == codes[k].code &&
          t->dl_tensor.dtype.bits == codes[k].bits;
    t->deleter(t);
    wp_array_free(&a);
  }
  CHECK(ok);

  /* refusals */
  static _Alignas(8) unsigned char buf[64];
  wp_int64 n4[1] = {4};
  CHECK(wp_array_wrap(&a, buf, WP_DTYPE(WP_KIND_STRUCT, 0, 0, 7), 8, 1, n4,
                      NULL, WP_DEVICE_CPU) == WP_SUCCESS);
  t = (DLManagedTensorVersioned *)buf;
  CHECK_ERR(wp_array_to_dlpack(&a, &t), WP_ERROR_NOT_SUPPORTED,
            "wp_array_to_dlpack: a has a struct dtype");
  CHECK(t == NULL);
  CHECK_ERR(wp_array_to_dlpack(NULL, &t), BAD,
            "wp_array_to_dlpack: a: array "
            "is NULL");
  CHECK(wp_array_wrap(&a, buf, WP_FLOAT32, 0, 1, n4, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK_ERR(wp_array_to_dlpack(&a, NULL), BAD,
            "wp_array_to_dlpack: out is "
            "NULL");
  a.device = -3;
  CHECK_ERR(wp_array_to_dlpack(&a, &t), BAD, "a's device -3 is invalid");
  a.device = WP_DEVICE_CPU;
  a.ndim = 0;
  CHECK_ERR(wp_array_to_dlpack(&a, &t), BAD, "a: ndim 0");
}

int main(void) {
  test_import_basic();
  test_registry();
  test_registry_threads();
  test_registry_stray();
  test_import_dtypes();
  test_import_vectors();
  test_import_refusals();
  test_import_cuda_absent();
  test_export();
  return check_report(NULL);
}
