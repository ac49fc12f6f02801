/* indexedarray.c - wp_indexedarray_init: Warp's wp.indexedarray(base,
 * indices) as a C value (<warp/array.h>). */
#include <string.h>

#include "internal.h"

wp_status wp_indexedarray_init(wp_indexedarray *out, const wp_array *base,
                               const wp_array *const *indices) {
  if (out)
    memset(out, 0, sizeof *out);
  if (!out || !base || !indices)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "wp_indexedarray_init: NULL %s",
                        !out    ? "out"
                        : !base ? "base"
                                : "indices");
  wp_status st = wpi_check_array(base, "wp_indexedarray_init: base");
  if (st != WP_SUCCESS)
    return st;
  wp_indexedarray r;
  memset(&r, 0, sizeof r);
  r.arr = *base;
  r.arr.flags &= WP_ARRAY_RETAIN_GRAD; /* a view: it owns nothing */
  for (int k = 0; k < base->ndim; k++) {
    const wp_array *ix = indices[k];
    r.shape[k] = base->shape[k];
    if (!ix)
      continue;
    st = wpi_check_array(ix, "wp_indexedarray_init: an index array");
    if (st != WP_SUCCESS)
      return st;
    if (ix->dtype != WP_INT32 || ix->ndim != 1 ||
        (ix->shape[0] > 1 && ix->strides[0] != (wp_int64)sizeof(wp_int32)))
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "wp_indexedarray_init: the index array of dimension "
                          "%d must be a contiguous 1-d int32 array",
                          k);
    if (ix->device != base->device)
      return wp_set_error(WP_ERROR_DEVICE_MISMATCH,
                          "wp_indexedarray_init: the index array of dimension "
                          "%d is on another device than the base array",
                          k);
    r.indices[k] = ix->data;
    r.shape[k] = ix->shape[0];
  }
  *out = r;
  return WP_SUCCESS;
}
