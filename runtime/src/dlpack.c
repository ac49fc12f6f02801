/* dlpack.c - DLPack 1.0 import (wp_array_from_dlpack) and export
 * (wp_array_to_dlpack), and the registry of imported tensors that
 * wp_array_free releases (<warp/dlpack.h>).
 *
 * wp_array's layout cannot hold a pointer to the tensor, so an importing
 * array keeps a handle (its `reserved`) into a process-wide registry,
 * guarded by a mutex.  Handles are never reused: a stale copy of a freed
 * array finds nothing and releases nothing. */
#include "internal.h" /* first: exports the public declarations */

#include <warp/dlpack.h>

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- the registry --------------------------------------------------------
 * Entries sorted by handle (handles only grow and are appended). */

typedef struct dlpack_entry {
  wp_int32 handle;
  void *data; /* the importing array's data: a second check of the owner */
  DLManagedTensorVersioned *tensor;
} dlpack_entry;

static pthread_mutex_t registry_lock = PTHREAD_MUTEX_INITIALIZER;
static dlpack_entry *registry;
static size_t registry_len, registry_cap;
static wp_int32 last_handle; /* the last handle given */

/* Registers t, imported as an array whose data is `data`; *handle is its
 * new handle. */
static wp_status registry_add(DLManagedTensorVersioned *t, void *data,
                              wp_int32 *handle, const char *what) {
  wp_status st = WP_SUCCESS;
  pthread_mutex_lock(&registry_lock);
  if (last_handle == WP_DLPACK_MAX_IMPORTS) {
    st = wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                      "%s: this process imported %d DLPack tensors, the most "
                      "it can (WP_DLPACK_MAX_IMPORTS: handles are never "
                      "reused)",
                      what, WP_DLPACK_MAX_IMPORTS);
  } else if (registry_len == registry_cap) {
    size_t cap = registry_cap ? 2 * registry_cap : 16;
    dlpack_entry *grown = realloc(registry, cap * sizeof *grown);
    if (grown) {
      registry = grown;
      registry_cap = cap;
    } else {
      st = wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: cannot grow the registry of imported tensors to "
                        "%zu entries",
                        what, cap);
    }
  }
  if (st == WP_SUCCESS) {
    *handle = ++last_handle;
    registry[registry_len++] = (dlpack_entry){*handle, data, t};
  }
  pthread_mutex_unlock(&registry_lock);
  return st;
}

void wpi_dlpack_release(const wp_array *a) {
  DLManagedTensorVersioned *t = NULL;
  wp_int32 handle = a->reserved;
  pthread_mutex_lock(&registry_lock);
  size_t lo = 0, hi = registry_len;
  while (lo < hi) { /* binary search: handles are sorted */
    size_t mid = lo + (hi - lo) / 2;
    if (registry[mid].handle < handle)
      lo = mid + 1;
    else
      hi = mid;
  }
  /* The data must match too: an array with a stray WP_ARRAY_OWNS_DLPACK
   * bit and `reserved` (garbage, a hand-edited copy) releases nothing. */
  if (lo < registry_len && registry[lo].handle == handle &&
      registry[lo].data == a->data) {
    t = registry[lo].tensor;
    memmove(registry + lo, registry + lo + 1,
            (registry_len - lo - 1) * sizeof *registry);
    registry_len--;
  }
  pthread_mutex_unlock(&registry_lock);
  if (t && t->deleter)
    t->deleter(t); /* outside the lock: a deleter may call the runtime */
}

/* ---- element types ------------------------------------------------------- */

/* The Warp scalar code of a DLPack type of one lane, or 0 (with *why set). */
static int scalar_from_dlpack(DLDataType t, const char **why) {
  switch (t.code) {
  case kDLBool:
    if (t.bits == 8)
      return WP_SCALAR_BOOL;
    break;
  case kDLInt:
  case kDLUInt: {
    int u = t.code == kDLUInt;
    switch (t.bits) {
    case 8: return u ? WP_SCALAR_UINT8 : WP_SCALAR_INT8;
    case 16: return u ? WP_SCALAR_UINT16 : WP_SCALAR_INT16;
    case 32: return u ? WP_SCALAR_UINT32 : WP_SCALAR_INT32;
    case 64: return u ? WP_SCALAR_UINT64 : WP_SCALAR_INT64;
    }
    break;
  }
  case kDLFloat:
    switch (t.bits) {
    case 16: return WP_SCALAR_FLOAT16;
    case 32: return WP_SCALAR_FLOAT32;
    case 64: return WP_SCALAR_FLOAT64;
    }
    break;
  case kDLBfloat:
    if (t.bits == 16)
      return WP_SCALAR_BFLOAT16;
    break;
  case kDLComplex: *why = "complex types are not supported"; return 0;
  case kDLOpaqueHandle: *why = "opaque handles are not arrays"; return 0;
  default: *why = "unknown type code"; return 0;
  }
  *why = t.bits % 8 ? "types of less than 8 bits are not supported"
                    : "no Warp type has this width";
  return 0;
}

/* Warp's dtype_is_compatible: may a tensor of scalar code `have` (from
 * scalar_from_dlpack) be read as scalar code `want`? */
static int scalar_compatible(int have, int want) {
  if (have == want)
    return 1;
  switch (have) {
  case WP_SCALAR_BOOL: return want == WP_SCALAR_INT8 || want == WP_SCALAR_UINT8;
  case WP_SCALAR_INT8:
  case WP_SCALAR_UINT8:
    /* kDLInt/kDLUInt 8 read as int8 or uint8 (not as bool) */
    return want == WP_SCALAR_INT8 || want == WP_SCALAR_UINT8;
  case WP_SCALAR_INT16:
  case WP_SCALAR_UINT16:
    return want == WP_SCALAR_INT16 || want == WP_SCALAR_UINT16;
  case WP_SCALAR_INT32:
  case WP_SCALAR_UINT32:
    return want == WP_SCALAR_INT32 || want == WP_SCALAR_UINT32;
  case WP_SCALAR_INT64:
  case WP_SCALAR_UINT64:
    return want == WP_SCALAR_INT64 || want == WP_SCALAR_UINT64;
  default: return 0;
  }
}

static const char *code_name(uint8_t code) {
  switch (code) {
  case kDLInt: return "kDLInt";
  case kDLUInt: return "kDLUInt";
  case kDLFloat: return "kDLFloat";
  case kDLOpaqueHandle: return "kDLOpaqueHandle";
  case kDLBfloat: return "kDLBfloat";
  case kDLComplex: return "kDLComplex";
  case kDLBool: return "kDLBool";
  default: return "unknown";
  }
}

/* ---- import -------------------------------------------------------------- */

/* The most dimensions a tensor may have before a dtype consumes its
 * trailing ones: 4 kept, 2 for a matrix, 1 for lanes. */
#define IMPORT_MAX_DIMS (WP_ARRAY_MAX_DIMS + 3)

static wp_status map_device(const DLDevice *d, wp_device *out,
                            const char *what) {
  switch (d->device_type) {
  case kDLCPU:
  case kDLCUDAHost: *out = WP_DEVICE_CPU; return WP_SUCCESS;
  case kDLCUDA:
  case kDLCUDAManaged:
    if (d->device_id < 0 || d->device_id == INT32_MAX)
      return wp_set_error(WP_ERROR_NO_DEVICE,
                          "%s: device_id = %d is not a CUDA device ordinal",
                          what, (int)d->device_id);
    *out = WP_DEVICE_CUDA(d->device_id);
    return WP_SUCCESS;
  default:
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: device_type = %d is not supported (kDLCPU 1, "
                        "kDLCUDA 2, kDLCUDAHost 3, kDLCUDAManaged 13 are)",
                        what, (int)d->device_type);
  }
}

/* The array's dtype for the tensor's scalar `have` and the requested
 * `dtype` (0: the tensor's). */
static wp_status resolve_dtype(const DLTensor *dl, int have, wp_dtype dtype,
                               wp_dtype *out, const char *what) {
  char name[32];
  if (dtype == 0) {
    *out = WP_SCALAR_DTYPE(have);
    return WP_SUCCESS;
  }
  if (WP_DTYPE_KIND(dtype) == WP_KIND_STRUCT || wp_dtype_size(dtype) == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: dtype 0x%08x is not a Warp scalar, vector or "
                        "matrix type",
                        what, (unsigned)dtype);
  if (!scalar_compatible(have, WP_DTYPE_SCALAR(dtype)))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: incompatible dtypes: the tensor holds %s %d-bit "
                        "values, dtype is %s",
                        what, code_name(dl->dtype.code), (int)dl->dtype.bits,
                        wp_dtype_name(dtype, name, sizeof name));
  *out = dtype;
  return WP_SUCCESS;
}

/* The tensor's extents and byte strides, lanes as a last dimension. */
static wp_status tensor_layout(const DLTensor *dl, int *ndim, wp_int64 *shape,
                               wp_int64 *strides, const char *what) {
  wp_int64 lane = dl->dtype.bits / 8, elem = lane * dl->dtype.lanes;
  int lanes = dl->dtype.lanes > 1, n = dl->ndim + lanes;
  if (dl->ndim < 0 || n > IMPORT_MAX_DIMS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the tensor has %d dimensions%s; an array has at "
                        "most %d (after a vector or matrix dtype consumed its "
                        "trailing ones)",
                        what, (int)dl->ndim, lanes ? " and lanes" : "",
                        WP_ARRAY_MAX_DIMS);
  if (dl->ndim > 0 && !dl->shape)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: shape is NULL", what);
  for (int k = 0; k < dl->ndim; k++) {
    shape[k] = dl->shape[k];
    if (shape[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: shape[%d] = %lld is negative", what, k,
                          (long long)shape[k]);
    if (!dl->strides)
      continue;
    if (dl->strides[k] < 0)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld is negative; negative "
                          "strides are not supported",
                          what, k, (long long)dl->strides[k]);
    if (!wpi_mul_i64(dl->strides[k], elem, &strides[k]))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld overflows in bytes", what, k,
                          (long long)dl->strides[k]);
  }
  if (lanes) {
    shape[dl->ndim] = dl->dtype.lanes;
    strides[dl->ndim] = lane;
  }
  if (!dl->strides) { /* compact row-major (the lanes dimension included) */
    wp_int64 s = lane;
    for (int k = n - 1; k >= 0; k--) {
      strides[k] = s;
      if (!wpi_mul_i64(s, shape[k], &s))
        s = 0; /* only an empty tensor gets here: never addressed */
    }
  }
  *ndim = n;
  return WP_SUCCESS;
}

/* Consumes the trailing dimensions that make one element of a vector or
 * matrix dtype (Warp's rule: the element's shape, contiguous). */
static wp_status consume_element(int *ndim, wp_int64 *shape, wp_int64 *strides,
                                 wp_dtype dtype, const char *what) {
  char name[32];
  wp_int64 eshape[2] = {0, 0};
  int edims = wpi_dtype_element_shape(dtype, eshape), first = *ndim - edims;
  if (edims == 0)
    return WP_SUCCESS;
  wp_int64 s = (wp_int64)wp_dtype_size(WP_SCALAR_DTYPE(WP_DTYPE_SCALAR(dtype)));
  char want[48];
  if (edims == 2)
    snprintf(want, sizeof want, "(%lld, %lld)", (long long)eshape[0],
             (long long)eshape[1]);
  else
    snprintf(want, sizeof want, "(%lld)", (long long)eshape[0]);
  for (int k = edims - 1; k >= 0; k--) {
    if (first < 0 || shape[first + k] != eshape[k])
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the tensor's trailing extents are not the shape "
                          "%s of one %s",
                          what, want, wp_dtype_name(dtype, name, sizeof name));
    /* an extent-1 dimension is never stepped: its stride does not matter */
    if (eshape[k] > 1 && strides[first + k] != s)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the tensor's strides[%d] = %lld bytes, but one "
                          "%s needs contiguous trailing dimensions (%lld)",
                          what, first + k, (long long)strides[first + k],
                          wp_dtype_name(dtype, name, sizeof name),
                          (long long)s);
    s *= eshape[k];
  }
  *ndim = first;
  return WP_SUCCESS;
}

wp_status wp_array_from_dlpack(wp_array *out, DLManagedTensorVersioned *t,
                               wp_dtype dtype) {
  const char *what = "wp_array_from_dlpack";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  memset(out, 0, sizeof *out);
  if (!t)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: t is NULL", what);
  if (t->version.major != DLPACK_MAJOR_VERSION)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the tensor is DLPack %u.%u; this runtime reads "
                        "major version %d",
                        what, (unsigned)t->version.major,
                        (unsigned)t->version.minor, DLPACK_MAJOR_VERSION);
  const DLTensor *dl = &t->dl_tensor;
  const char *why = "";
  wp_device device = WP_DEVICE_CPU;
  wp_status st = map_device(&dl->device, &device, what);
  if (st != WP_SUCCESS)
    return st;
  if (dl->dtype.lanes == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: dtype.lanes is 0", what);
  int have = scalar_from_dlpack(dl->dtype, &why);
  if (!have)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: dtype {code %s (%d), bits %d, lanes %d}: %s", what,
                        code_name(dl->dtype.code), (int)dl->dtype.code,
                        (int)dl->dtype.bits, (int)dl->dtype.lanes, why);
  wp_dtype dt = 0;
  if ((st = resolve_dtype(dl, have, dtype, &dt, what)) != WP_SUCCESS)
    return st;
  int ndim = 0;
  wp_int64 shape[IMPORT_MAX_DIMS], strides[IMPORT_MAX_DIMS];
  if ((st = tensor_layout(dl, &ndim, shape, strides, what)) != WP_SUCCESS ||
      (st = consume_element(&ndim, shape, strides, dt, what)) != WP_SUCCESS)
    return st;
  if (ndim > WP_ARRAY_MAX_DIMS)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the array would have %d dimensions, more than %d",
                        what, ndim, WP_ARRAY_MAX_DIMS);
  if (ndim == 0) { /* a 0-d tensor or one element: shape (1,) as Warp */
    ndim = 1;
    shape[0] = 1;
    strides[0] = (wp_int64)wp_dtype_size(dt);
  }
  if (dl->byte_offset > (uint64_t)(UINTPTR_MAX - (uintptr_t)dl->data))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: byte_offset = %llu overflows the data pointer",
                        what, (unsigned long long)dl->byte_offset);
  void *data = dl->data ? (char *)dl->data + dl->byte_offset : NULL;
  wp_array a;
  if ((st = wp_array_wrap(&a, data, dt, 0, ndim, shape, strides, device)) !=
      WP_SUCCESS)
    return wp_set_error(st, "%s: %s", what, wp_last_error());
  wp_int32 handle;
  if ((st = registry_add(t, a.data, &handle, what)) != WP_SUCCESS)
    return st;
  a.flags = WP_ARRAY_OWNS_DLPACK;
  a.reserved = handle;
  *out = a;
  return WP_SUCCESS;
}

/* ---- export -------------------------------------------------------------- */

/* One allocation per export: the tensor first, so the deleter's `self` is
 * the block to free. */
typedef struct export_block {
  DLManagedTensorVersioned tensor;
  int64_t shape[WP_ARRAY_MAX_DIMS + 2];
  int64_t strides[WP_ARRAY_MAX_DIMS + 2];
} export_block;

static void export_deleter(DLManagedTensorVersioned *self) {
  free(self); /* the export_block; never the data */
}

static DLDataType scalar_to_dlpack(int s) {
  DLDataType t = {kDLInt, 0, 1};
  wp_size bytes = wp_dtype_size(WP_SCALAR_DTYPE(s));
  t.bits = (uint8_t)(8 * bytes);
  switch (s) {
  case WP_SCALAR_BOOL: t.code = kDLBool; break;
  case WP_SCALAR_UINT8:
  case WP_SCALAR_UINT16:
  case WP_SCALAR_UINT32:
  case WP_SCALAR_UINT64: t.code = kDLUInt; break;
  case WP_SCALAR_FLOAT16:
  case WP_SCALAR_FLOAT32:
  case WP_SCALAR_FLOAT64: t.code = kDLFloat; break;
  case WP_SCALAR_BFLOAT16: t.code = kDLBfloat; break;
  default: t.code = kDLInt; break;
  }
  return t;
}

wp_status wp_array_to_dlpack(const wp_array *a,
                             DLManagedTensorVersioned **out) {
  const char *what = "wp_array_to_dlpack";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  *out = NULL;
  wp_status st = wpi_check_array(a, "wp_array_to_dlpack: a");
  if (st != WP_SUCCESS)
    return st;
  if (WP_DTYPE_KIND(a->dtype) == WP_KIND_STRUCT)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: a has a struct dtype; DLPack has no struct types",
                        what);
  if (a->device < 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: a's device %d is invalid",
                        what, (int)a->device);
  int s = WP_DTYPE_SCALAR(a->dtype);
  wp_int64 ssize = (wp_int64)wp_dtype_size(WP_SCALAR_DTYPE(s));
  wp_int64 eshape[2] = {0, 0};
  int edims = wpi_dtype_element_shape(a->dtype, eshape), n = a->ndim + edims;
  export_block *b = calloc(1, sizeof *b);
  if (!b)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: cannot allocate the tensor (%zu bytes)", what,
                        sizeof *b);
  for (int k = 0; k < a->ndim; k++) {
    if (a->strides[k] % ssize != 0) {
      free(b);
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: strides[%d] = %lld is not a multiple of the "
                          "scalar size %lld: DLPack strides count elements",
                          what, k, (long long)a->strides[k], (long long)ssize);
    }
    b->shape[k] = a->shape[k];
    b->strides[k] = a->strides[k] / ssize;
  }
  wp_int64 es = 1;
  for (int k = edims - 1; k >= 0; k--) {
    b->shape[a->ndim + k] = eshape[k];
    b->strides[a->ndim + k] = es;
    es *= eshape[k];
  }
  DLManagedTensorVersioned *t = &b->tensor;
  t->version.major = DLPACK_MAJOR_VERSION;
  t->version.minor = DLPACK_MINOR_VERSION;
  t->manager_ctx = NULL;
  t->deleter = export_deleter;
  t->flags = 0;
  t->dl_tensor.data = a->data;
  /* page-locked host memory (wp_array_alloc_pinned) is kDLCUDAHost, so a
     consumer may copy from it asynchronously */
  t->dl_tensor.device.device_type = a->device != WP_DEVICE_CPU   ? kDLCUDA
                                    : a->flags & WP_ARRAY_PINNED ? kDLCUDAHost
                                                                 : kDLCPU;
  t->dl_tensor.device.device_id =
      a->device == WP_DEVICE_CPU ? 0 : a->device - WP_DEVICE_CUDA(0);
  t->dl_tensor.ndim = n;
  t->dl_tensor.dtype = scalar_to_dlpack(s);
  t->dl_tensor.shape = b->shape;
  t->dl_tensor.strides = b->strides;
  t->dl_tensor.byte_offset = 0;
  *out = t;
  return WP_SUCCESS;
}
