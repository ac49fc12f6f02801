/* runtime_input.h - the layout of a fuzz_runtime input, shared by the target
 * (fuzz_runtime.c) and the seed writer (runtime_seeds.c).
 *
 * An input is a fuzz_rt_params header (its bytes as this struct lays them
 * out on the machine; a shorter input is padded with zeros) followed by the
 * tail: a CUDA image (fatbin, a __fatBinC_Wrapper_t, PTX text, or anything)
 * that is also read as a device string ("cuda:1"). */
#ifndef WARPC_FUZZ_RUNTIME_INPUT_H
#define WARPC_FUZZ_RUNTIME_INPUT_H

#include <stdint.h>

enum {
  FZ_STRIDES = 1 << 0,    /* wrap with the given strides (else contiguous) */
  FZ_NULL_DATA = 1 << 1,  /* wrap a NULL data pointer */
  FZ_BACKWARD = 1 << 2,   /* launch the adjoint */
  FZ_NO_ADJOINT = 1 << 3, /* the kernel has no CPU adjoint */
  FZ_CUDA_CODE = 1 << 4,  /* the kernel's cuda_module is the tail */
  FZ_ASYNC = 1 << 5,      /* copies with wp_array_copy_async */
  FZ_NAMED = 1 << 6,      /* dtype name given to wp_check_array_arg */
};

typedef struct fuzz_rt_params {
  uint32_t flags;
  /* the array to wrap (wp_array_wrap), also checked as a raw wp_array */
  uint32_t dtype;
  uint32_t elem_size;
  int32_t ndim;
  int32_t device;
  uint32_t offset; /* of data in its buffer (misalignment), mod 64 */
  int64_t shape[4];
  int64_t strides[4];
  int64_t idx[4]; /* wp_array_at */
  /* what a launcher expects of it (wp_check_array_arg) */
  uint32_t want_dtype;
  int32_t want_ndim;
  int32_t want_device;
  /* the other side of the copies */
  int32_t copy_device;
  /* a launch (wp_launch_kernel) */
  int32_t launch_ndim;
  int32_t launch_device;
  int64_t launch_dims[4];
  int32_t block_dim;
  int32_t max_blocks;
  /* buffer sizes given to wpi_fatbin_describe and wp_device_name */
  uint32_t text_size;
  uint8_t value[16]; /* fill value, repeated over the element */
} fuzz_rt_params;

#endif
