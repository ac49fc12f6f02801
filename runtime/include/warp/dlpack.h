/* warp/dlpack.h - DLPack 1.0: handing arrays to and taking them from other
 * libraries (PyTorch's and JAX's C++ side, CuPy, cuDNN-based code ...)
 * without copying.
 *
 * The DLPack 1.0 ABI types below are written from the DLPack specification
 * (https://dmlc.github.io/dlpack/latest/c_api.html, dlpack.h of the v1.0
 * release).  A program that included the real <dlpack/dlpack.h> first
 * (its guard DLPACK_DLPACK_H_ is defined) uses those definitions; this
 * header then defines no DLPack type.  Included first, this header defines
 * DLPACK_DLPACK_H_ itself, so a later #include <dlpack/dlpack.h> adds
 * nothing: include the real header first to get a newer minor version's
 * additions (the 1.x layouts are the same).
 */
#ifndef WARP_DLPACK_H
#define WARP_DLPACK_H

#include "abi.h"

#include <stdint.h>

#ifndef DLPACK_DLPACK_H_
#define DLPACK_DLPACK_H_

#ifdef __cplusplus
#define DLPACK_EXTERN_C extern "C"
#else
#define DLPACK_EXTERN_C
#endif

#define DLPACK_MAJOR_VERSION 1
#define DLPACK_MINOR_VERSION 0
#define DLPACK_DLL

#ifdef __cplusplus
extern "C" {
#endif

/* The DLPack version a tensor was produced with: a consumer may only read
 * tensors of its own major version. */
typedef struct {
  uint32_t major;
  uint32_t minor;
} DLPackVersion;

#ifdef __cplusplus
typedef enum : int32_t {
#else
typedef enum {
#endif
  kDLCPU = 1,          /* host memory (malloc) */
  kDLCUDA = 2,         /* CUDA device memory (cudaMalloc) */
  kDLCUDAHost = 3,     /* pinned host memory (cudaMallocHost) */
  kDLOpenCL = 4,       /* OpenCL */
  kDLVulkan = 7,       /* Vulkan buffer */
  kDLMetal = 8,        /* Metal (Apple GPU) */
  kDLVPI = 9,          /* Verilog simulator buffer */
  kDLROCM = 10,        /* ROCm GPUs (AMD) */
  kDLROCMHost = 11,    /* pinned ROCm host memory (hipMallocHost) */
  kDLExtDev = 12,      /* reserved extension device */
  kDLCUDAManaged = 13, /* CUDA managed memory (cudaMallocManaged) */
  kDLOneAPI = 14,      /* oneAPI unified shared memory */
  kDLWebGPU = 15,      /* WebGPU */
  kDLHexagon = 16,     /* Qualcomm Hexagon DSP */
  kDLMAIA = 17,        /* Microsoft MAIA */
} DLDeviceType;

/* Where a tensor lives; device_id is the CUDA ordinal for kDLCUDA, 0 for
 * CPU, pinned and managed memory. */
typedef struct {
  DLDeviceType device_type;
  int32_t device_id;
} DLDevice;

typedef enum {
  kDLInt = 0U,          /* signed integer */
  kDLUInt = 1U,         /* unsigned integer */
  kDLFloat = 2U,        /* IEEE floating point */
  kDLOpaqueHandle = 3U, /* opaque handle */
  kDLBfloat = 4U,       /* bfloat16 */
  kDLComplex = 5U,      /* complex (two floats) */
  kDLBool = 6U,         /* boolean */
} DLDataTypeCode;

/* One element: `lanes` values of `bits` bits each, of type `code`
 * (a DLDataTypeCode); float32 is {kDLFloat, 32, 1}, a float4 vector type
 * {kDLFloat, 32, 4}. */
typedef struct {
  uint8_t code;
  uint8_t bits;
  uint16_t lanes;
} DLDataType;

/* A strided tensor: element [i0..i(ndim-1)] is at
 * (char *)data + byte_offset + sum(ik * strides[k]) * (bits * lanes / 8);
 * strides are in elements (not bytes) and NULL means compact row-major. */
typedef struct {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape;
  int64_t *strides;
  uint64_t byte_offset;
} DLTensor;

/* The pre-1.0 managed tensor (no version, no flags). */
typedef struct DLManagedTensor {
  DLTensor dl_tensor;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensor *self);
} DLManagedTensor;

/* Bits of DLManagedTensorVersioned.flags. */
#define DLPACK_FLAG_BITMASK_READ_ONLY (1UL << 0UL)
#define DLPACK_FLAG_BITMASK_IS_COPIED (1UL << 1UL)

/* The DLPack 1.0 managed tensor: whoever consumes it calls
 * deleter(self) once when done (deleter may be NULL: nothing to free). */
typedef struct DLManagedTensorVersioned {
  DLPackVersion version;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensorVersioned *self);
  uint64_t flags;
  DLTensor dl_tensor;
} DLManagedTensorVersioned;

#ifdef __cplusplus
}
#endif
#endif /* DLPACK_DLPACK_H_ */

#ifdef __cplusplus
extern "C" {
#endif

/* The most DLPack tensors a process can import over its life: each import
 * takes a new handle (never reused, so that a stale copy of a freed array
 * never releases another array's tensor).  Past it wp_array_from_dlpack
 * returns WP_ERROR_OUT_OF_MEMORY. */
#define WP_DLPACK_MAX_IMPORTS 2147483647

/* Makes `*out` an array over the memory of the DLPack tensor `t`, without
 * copying, following warp-lang 1.19's wp.from_dlpack (warp/_src/dlpack.py)
 * where it applies:
 *  - t->version.major must be DLPACK_MAJOR_VERSION (1); any minor version
 *    is read;
 *  - devices: kDLCPU and kDLCUDAHost give WP_DEVICE_CPU; kDLCUDA and
 *    kDLCUDAManaged with device_id n give WP_DEVICE_CUDA(n), which must
 *    exist (WP_ERROR_NO_DEVICE otherwise); other device types are refused;
 *  - element types: {kDLBool, 8} bool, {kDLInt, 8..64} int8..int64,
 *    {kDLUInt, 8..64} uint8..uint64, {kDLFloat, 16/32/64} float16/32/64,
 *    {kDLBfloat, 16} bfloat16; complex, opaque handles, sub-byte and other
 *    widths are refused.  lanes > 1 adds a trailing dimension of `lanes`
 *    values, as Warp does (the tensor's strides count whole elements of
 *    bits * lanes / 8 bytes, as the specification says; Warp 1.19 counts
 *    them in single lanes);
 *  - `dtype` 0 takes the tensor's scalar type; a scalar dtype must be of
 *    the tensor's width and kind as Warp's dtype_is_compatible says (int8
 *    and uint8 read kDLInt/kDLUInt/kDLBool 8 bits, int32 and uint32 read
 *    kDLInt/kDLUInt 32 bits ...); a vector, matrix, quaternion or transform
 *    dtype consumes the trailing dimensions, which must be the element's
 *    shape ((..., 3) for vec3f, (..., 3, 3) for mat33f) and contiguous;
 *    when nothing is left the array has shape (1,);
 *  - strides (NULL: compact row-major) are turned into bytes; a negative
 *    stride is refused (the runtime has none); the result must have 1..4
 *    dimensions (a 0-dimensional tensor gives shape (1,)) and follow
 *    wp_array_wrap's rules (data + byte_offset aligned for the dtype ...);
 *  - byte_offset is added to data, as the DLPack specification says (Warp
 *    1.19 ignores it).
 * The DLPACK_FLAG_BITMASK_READ_ONLY flag cannot be kept (a wp_array has no
 * read-only mark): such a tensor is imported, and the caller must not
 * launch kernels that write it.
 *
 * On success the array owns `t`: its flags are WP_ARRAY_OWNS_DLPACK (and
 * `reserved` holds the runtime's handle of t); wp_array_free calls
 * t->deleter(t) once (when not NULL), and frees a grad the array was given
 * by wp_array_alloc_grad first.  A copy of the wp_array struct does not own
 * t a second time: wp_array_free of a second copy does nothing more.  Views
 * of the array (<warp/array_views.h>) do not own t: free the array last.
 *
 * On error t is NOT consumed (its deleter is not called: the caller still
 * owns it), *out is zeroed, and the status is WP_ERROR_INVALID_VALUE
 * (out or t NULL, another major version, unsupported dtype or
 * incompatible `dtype`, more than 4 dimensions, negative or misaligned
 * strides, misaligned data, a bad shape), WP_ERROR_NOT_SUPPORTED (a device
 * type other than those above), WP_ERROR_NO_DEVICE (no such CUDA device,
 * no driver), WP_ERROR_OUT_OF_MEMORY (the registry of imported tensors
 * could not grow, or WP_DLPACK_MAX_IMPORTS was reached); the message names
 * the problem. */
wp_status wp_array_from_dlpack(wp_array *out, DLManagedTensorVersioned *t,
                               wp_dtype dtype);

/* Exports `a` as a DLPack 1.0 tensor sharing its data (no copy), as Warp's
 * wp.to_dlpack does: a vector, matrix, quaternion or transform dtype
 * becomes its scalar type with the element's shape as extra trailing
 * dimensions (an array of n vec3f is an (n, 3) float32 tensor); strides
 * are always given (in elements); byte_offset is 0; version 1.0, flags 0
 * (writable, not a copy).  Devices: WP_DEVICE_CPU is kDLCPU (device_id
 * 0), or kDLCUDAHost for page-locked memory (WP_ARRAY_PINNED, from
 * wp_array_alloc_pinned of <warp/memory.h>, and views of it);
 * WP_DEVICE_CUDA(n) is kDLCUDA n.  The grad is not exported (export
 * it as an array of its own, data = grad).
 *
 * Lifetime: *out (the tensor, its shape and strides: one allocation of the
 * runtime) belongs to the consumer, who calls (*out)->deleter(*out) once
 * when done; the deleter frees only that allocation, never the data.  The
 * array's memory must therefore stay alive (not wp_array_free'd) until the
 * consumer has called the deleter, or at least stopped using the data.
 *
 * Errors (*out set to NULL): WP_ERROR_INVALID_VALUE (a or out NULL, a
 * invalid, a stride not a multiple of the scalar size, more dimensions than
 * int32), WP_ERROR_NOT_SUPPORTED (a struct dtype: DLPack has no such
 * type), WP_ERROR_OUT_OF_MEMORY. */
wp_status wp_array_to_dlpack(const wp_array *a, DLManagedTensorVersioned **out);

#ifdef __cplusplus
}
#endif
#endif
