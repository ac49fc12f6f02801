/* test_dlpack_guard.c - <warp/dlpack.h> after a program's own DLPack
 * header: the DLPack types come from the header included first (guard
 * DLPACK_DLPACK_H_), <warp/warp.h> adds no second definition (this file
 * would not compile otherwise), and the runtime takes the program's
 * tensors.  The definitions below stand in for the real
 * <dlpack/dlpack.h> of a newer minor version (1.1: one more device type),
 * written from the DLPack specification's layout. */
#include <stdint.h>

#ifndef DLPACK_DLPACK_H_
#define DLPACK_DLPACK_H_
#define DLPACK_MAJOR_VERSION 1
#define DLPACK_MINOR_VERSION 1
typedef struct {
  uint32_t major, minor;
} DLPackVersion;
typedef enum {
  kDLCPU = 1,
  kDLCUDA = 2,
  kDLCUDAHost = 3,
  kDLTrn = 18
} DLDeviceType;
typedef struct {
  DLDeviceType device_type;
  int32_t device_id;
} DLDevice;
typedef enum { kDLInt = 0U, kDLUInt = 1U, kDLFloat = 2U } DLDataTypeCode;
typedef struct {
  uint8_t code, bits;
  uint16_t lanes;
} DLDataType;
typedef struct {
  void *data;
  DLDevice device;
  int32_t ndim;
  DLDataType dtype;
  int64_t *shape, *strides;
  uint64_t byte_offset;
} DLTensor;
typedef struct DLManagedTensorVersioned {
  DLPackVersion version;
  void *manager_ctx;
  void (*deleter)(struct DLManagedTensorVersioned *self);
  uint64_t flags;
  DLTensor dl_tensor;
} DLManagedTensorVersioned;
#endif

#include <warp/warp.h>

#define CHECK_LAST_ERROR wp_last_error
#include "check.h"

CHECK_TALLY;

static int deleted;
static void deleter(DLManagedTensorVersioned *self) {
  (void)self;
  deleted++;
}

int main(void) {
  CHECK(DLPACK_MINOR_VERSION == 1 && kDLTrn == 18); /* the program's */
  static float data[6] = {0, 1, 2, 3, 4, 5};
  int64_t shape[2] = {3, 2};
  DLManagedTensorVersioned t = {
      {1, 1},
      NULL,
      deleter,
      0,
      {data, {kDLCPU, 0}, 2, {kDLFloat, 32, 1}, shape, NULL, 0}};
  wp_array a;
  CHECK(wp_array_from_dlpack(&a, &t, WP_VEC2F) == WP_SUCCESS);
  CHECK(a.ndim == 1 && a.shape[0] == 3 && a.strides[0] == 8 && a.data == data);
  DLManagedTensorVersioned *out = NULL;
  CHECK(wp_array_to_dlpack(&a, &out) == WP_SUCCESS);
  CHECK(out->dl_tensor.ndim == 2 && out->dl_tensor.shape[0] == 3 &&
        out->dl_tensor.shape[1] == 2 && out->dl_tensor.strides[0] == 2);
  out->deleter(out);
  wp_array_free(&a);
  CHECK(deleted == 1);
  return check_report(NULL);
}
