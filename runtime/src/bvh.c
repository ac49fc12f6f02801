/* bvh.c - wp_bvh (<warp/bvh.h>): a BVH over the user's boxes. */
#include "bvh_internal.h"

#include <stdlib.h>
#include <string.h>

struct wp_bvh {
  wp_device device;
  wp_array lowers, uppers; /* the user's arrays (headers copied) */
  wpi_bvh_tree tree;       /* host tree */
  wpi_bvh_dev dev;         /* its nodes on the device */
  wp_bvh_desc *desc;       /* in device memory: the id */
  wp_int32 leaf_size;
};

/* The boxes in host memory: the arrays' data on the CPU, else copies that
 * the caller frees (*owned). */
static wp_status host_bounds(const wp_bvh *b, const float **lo,
                             const float **hi, float **owned,
                             const char *what) {
  wp_int32 n = (wp_int32)b->lowers.shape[0];
  *owned = NULL;
  if (b->device == WP_DEVICE_CPU || n == 0) {
    *lo = b->lowers.data;
    *hi = b->uppers.data;
    return WP_SUCCESS;
  }
  wp_size bytes = (wp_size)n * 3 * sizeof(float);
  float *h = malloc(2 * bytes);
  if (!h)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory for %d boxes",
                        what, (int)n);
  wp_status st =
      wpi_obj_copy(WP_DEVICE_CPU, h, b->device, b->lowers.data, bytes, what);
  if (st == WP_SUCCESS)
    st = wpi_obj_copy(WP_DEVICE_CPU, h + 3 * n, b->device, b->uppers.data,
                      bytes, what);
  if (st != WP_SUCCESS) {
    free(h);
    return st;
  }
  *owned = h;
  *lo = h;
  *hi = h + 3 * n;
  return WP_SUCCESS;
}

/* The groups in host memory (a copy for CUDA arrays; NULL without). */
wp_status wpi_host_groups(const wp_array *groups, wp_int32 **owned,
                          const wp_int32 **out, const char *what) {
  *owned = NULL;
  *out = NULL;
  if (!groups || groups->shape[0] == 0)
    return WP_SUCCESS;
  if (groups->device == WP_DEVICE_CPU) {
    *out = groups->data;
    return WP_SUCCESS;
  }
  wp_size bytes = (wp_size)groups->shape[0] * sizeof(wp_int32);
  *owned = malloc(bytes);
  if (!*owned)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  *out = *owned;
  return wpi_obj_copy(WP_DEVICE_CPU, *owned, groups->device, groups->data,
                      bytes, what);
}

wp_status wp_bvh_create(const wp_array *lowers, const wp_array *uppers,
                        const wp_array *groups, wp_int32 leaf_size,
                        wp_bvh **out) {
  const char *what = "wp_bvh_create";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  *out = NULL;
  wp_status st =
      wpi_obj_check_array(lowers, WP_VEC3F, "vec3f", -1, what, "lowers");
  if (st == WP_SUCCESS)
    st = wpi_obj_check_array(uppers, WP_VEC3F, "vec3f", lowers->device, what,
                             "uppers");
  if (st == WP_SUCCESS && groups)
    st = wpi_obj_check_array(groups, WP_INT32, "int32", lowers->device, what,
                             "groups");
  if (st != WP_SUCCESS)
    return st;
  if (groups && groups->shape[0] != lowers->shape[0])
    return wp_set_error(
        WP_ERROR_INVALID_VALUE, "%s: %lld groups for %lld boxes", what,
        (long long)groups->shape[0], (long long)lowers->shape[0]);
  if (lowers->shape[0] != uppers->shape[0])
    return wp_set_error(
        WP_ERROR_INVALID_VALUE, "%s: lowers has %lld boxes but uppers %lld",
        what, (long long)lowers->shape[0], (long long)uppers->shape[0]);
  if (leaf_size < 1)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: leaf_size is %d, it must be at least 1", what,
                        (int)leaf_size);
  if ((st = wpi_check_device(lowers->device, what)) != WP_SUCCESS)
    return st;
  wp_bvh *b = calloc(1, sizeof *b);
  if (!b)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  b->device = lowers->device;
  b->lowers = *lowers;
  b->uppers = *uppers;
  b->leaf_size = leaf_size;
  b->tree.root = -1;
  const float *lo = NULL, *hi = NULL;
  float *owned = NULL;
  wp_int32 *gowned = NULL;
  const wp_int32 *g = NULL;
  st = host_bounds(b, &lo, &hi, &owned, what);
  if (st == WP_SUCCESS &&
      (st = wpi_host_groups(groups, &gowned, &g, what)) == WP_SUCCESS)
    st = wpi_bvh_build_grouped(&b->tree, lo, hi, g, (wp_int32)lowers->shape[0],
                               leaf_size, what);
  free(owned);
  free(gowned);
  if (st == WP_SUCCESS)
    st = wpi_bvh_upload(&b->dev, &b->tree, b->device, what);
  if (st == WP_SUCCESS)
    st = wpi_obj_alloc(b->device, sizeof(wp_bvh_desc), (void **)&b->desc, what);
  if (st == WP_SUCCESS) {
    wp_bvh_desc d;
    memset(&d, 0, sizeof d);
    wpi_bvh_fill_desc(&d, &b->tree, &b->dev);
    d.item_lowers = b->lowers.data;
    d.item_uppers = b->uppers.data;
    st = wpi_obj_copy(b->device, b->desc, WP_DEVICE_CPU, &d, sizeof d, what);
  }
  if (st != WP_SUCCESS) {
    wp_bvh_destroy(b);
    return st;
  }
  *out = b;
  return WP_SUCCESS;
}

wp_status wp_bvh_refit(wp_bvh *b) {
  const char *what = "wp_bvh_refit";
  if (!b)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: bvh is NULL", what);
  if (b->tree.num_items == 0)
    return WP_SUCCESS;
  const float *lo, *hi;
  float *owned;
  wp_status st = host_bounds(b, &lo, &hi, &owned, what);
  if (st != WP_SUCCESS)
    return st;
  for (wp_int32 i = 0; i < 3 * b->tree.num_items; i++)
    if (lo[i] != lo[i] || hi[i] != hi[i]) {
      free(owned);
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: the bounds of item %d are NaN", what,
                          (int)(i / 3));
    }
  wpi_bvh_refit(&b->tree, lo, hi);
  free(owned);
  return wpi_bvh_upload_nodes(&b->dev, &b->tree, what);
}

void wp_bvh_destroy(wp_bvh *b) {
  if (!b)
    return;
  wpi_obj_free(b->device, b->desc);
  wpi_bvh_dev_free(&b->dev);
  wpi_bvh_tree_free(&b->tree);
  free(b);
}

wp_uint64 wp_bvh_id(const wp_bvh *b) {
  return b ? (wp_uint64)(uintptr_t)b->desc : 0;
}

wp_device wp_bvh_device(const wp_bvh *b) {
  return b ? b->device : WP_DEVICE_CPU;
}
