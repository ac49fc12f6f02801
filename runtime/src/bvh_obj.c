/* bvh_obj.c - what wp_bvh and wp_mesh share besides the build: memory of
 * an object's device, the copy of a host-built tree to a CUDA device and
 * the checks of the arrays they are made from (bvh_internal.h). */
#include "bvh_internal.h"

#include "cuda_internal.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

wp_status wpi_obj_alloc(wp_device device, wp_size bytes, void **out,
                        const char *what) {
  *out = NULL;
  if (device == WP_DEVICE_CPU) {
    *out = calloc(1, bytes ? bytes : 1);
    if (!*out)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "%s: no memory for %llu bytes", what,
                          (unsigned long long)bytes);
    return WP_SUCCESS;
  }
  return wpi_cuda_alloc(device, bytes, out, what);
}

void wpi_obj_free(wp_device device, void *p) {
  if (!p)
    return;
  if (device == WP_DEVICE_CPU)
    free(p);
  else
    wpi_cuda_free(device, p);
}

wp_status wpi_obj_copy(wp_device dst_dev, void *dst, wp_device src_dev,
                       const void *src, wp_size bytes, const char *what) {
  if (bytes == 0)
    return WP_SUCCESS;
  if (dst_dev == WP_DEVICE_CPU && src_dev == WP_DEVICE_CPU) {
    memcpy(dst, src, bytes);
    return WP_SUCCESS;
  }
  return wpi_cuda_copy(dst_dev, dst, src_dev, src, bytes, 0, NULL, what);
}

wp_status wpi_bvh_upload(wpi_bvh_dev *d, const wpi_bvh_tree *t,
                         wp_device device, const char *what) {
  memset(d, 0, sizeof *d);
  d->device = device;
  if (device == WP_DEVICE_CPU) {
    d->nodes = t->nodes;
    d->prims = t->prims;
    d->group_ids = t->group_ids;
    d->group_roots = t->group_roots;
    return WP_SUCCESS;
  }
  wp_status st =
      wpi_obj_alloc(device, (wp_size)t->num_nodes * sizeof(wp_bvh_node),
                    (void **)&d->nodes, what);
  if (st == WP_SUCCESS)
    st = wpi_obj_alloc(device, (wp_size)t->num_items * sizeof(wp_int32),
                       (void **)&d->prims, what);
  if (st == WP_SUCCESS)
    st = wpi_obj_copy(device, d->prims, WP_DEVICE_CPU, t->prims,
                      (wp_size)t->num_items * sizeof(wp_int32), what);
  wp_size gbytes = (wp_size)t->num_groups * sizeof(wp_int32);
  if (st == WP_SUCCESS && t->num_groups) {
    if ((st = wpi_obj_alloc(device, gbytes, (void **)&d->group_ids, what)) ==
            WP_SUCCESS &&
        (st = wpi_obj_alloc(device, gbytes, (void **)&d->group_roots, what)) ==
            WP_SUCCESS &&
        (st = wpi_obj_copy(device, d->group_ids, WP_DEVICE_CPU, t->group_ids,
                           gbytes, what)) == WP_SUCCESS)
      st = wpi_obj_copy(device, d->group_roots, WP_DEVICE_CPU, t->group_roots,
                        gbytes, what);
  }
  if (st == WP_SUCCESS)
    st = wpi_bvh_upload_nodes(d, t, what);
  if (st != WP_SUCCESS)
    wpi_bvh_dev_free(d);
  return st;
}

wp_status wpi_bvh_upload_nodes(wpi_bvh_dev *d, const wpi_bvh_tree *t,
                               const char *what) {
  if (d->device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  return wpi_obj_copy(d->device, d->nodes, WP_DEVICE_CPU, t->nodes,
                      (wp_size)t->num_nodes * sizeof(wp_bvh_node), what);
}

void wpi_bvh_dev_free(wpi_bvh_dev *d) {
  if (d->device != WP_DEVICE_CPU) {
    wpi_obj_free(d->device, d->nodes);
    wpi_obj_free(d->device, d->prims);
    wpi_obj_free(d->device, d->group_ids);
    wpi_obj_free(d->device, d->group_roots);
  }
  memset(d, 0, sizeof *d);
}

wp_status wpi_obj_check_array(const wp_array *a, wp_dtype dtype,
                              const char *dtype_name, wp_device device,
                              const char *what, const char *role) {
  char buf[160];
  if (!a)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what, role);
  snprintf(buf, sizeof buf, "%s: %s", what, role);
  wp_status st = wpi_check_array(a, buf);
  if (st != WP_SUCCESS)
    return st;
  if (a->dtype != dtype)
    return wp_set_error(WP_ERROR_DTYPE_MISMATCH,
                        "%s: %s must be an array of %s", what, role,
                        dtype_name);
  if (a->ndim != 1)
    return wp_set_error(WP_ERROR_NDIM_MISMATCH,
                        "%s: %s must be 1-d, it has %d dimensions", what, role,
                        (int)a->ndim);
  if (device >= 0 && a->device != device)
    return wp_set_error(WP_ERROR_DEVICE_MISMATCH,
                        "%s: %s is on another device than the first array",
                        what, role);
  if (!wp_array_is_contiguous(a))
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s must be contiguous",
                        what, role);
  if (a->shape[0] > 0x7fffffff)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: %s has more than 2^31 - 1 elements", what, role);
  return WP_SUCCESS;
}

void wpi_bvh_fill_desc(wp_bvh_desc *d, const wpi_bvh_tree *t,
                       const wpi_bvh_dev *dev) {
  d->nodes = dev->nodes;
  d->prims = dev->prims;
  d->num_nodes = t->num_nodes;
  d->num_items = t->num_items;
  d->root = t->root;
  d->max_depth = t->max_depth;
  d->group_ids = dev->group_ids;
  d->group_roots = dev->group_roots;
  d->num_groups = t->num_groups;
}
