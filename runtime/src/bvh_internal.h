/* bvh_internal.h - the BVH tree shared by wp_bvh and wp_mesh: a host-built
 * tree (bvh_build.c), its refit, and its copy on a CUDA device. */
#ifndef WARP_BVH_INTERNAL_H
#define WARP_BVH_INTERNAL_H

#include "internal.h"

/* A tree in host memory: nodes in pre-order (a parent before its
 * children, so refitting runs backwards), prims in leaf order. */
typedef struct wpi_bvh_tree {
  wp_bvh_node *nodes;
  wp_int32 *prims;
  wp_int32 num_nodes;
  wp_int32 num_items;
  wp_int32 root;
  wp_int32 max_depth;
  /* grouped builds: the distinct group ids, ascending, and the root of
     each group's subtree; num_groups 0 without groups */
  wp_int32 *group_ids;
  wp_int32 *group_roots;
  wp_int32 num_groups;
} wpi_bvh_tree;

/* Builds the tree over `n` boxes (lo/hi: n x 3 floats, host memory) with at
 * most `leaf_size` primitives per leaf: a top-down split of each node's
 * primitives at the median centroid along the longest axis of the
 * centroids' bounds (ties between equal centroids kept in index order).
 * n == 0 gives an empty tree (root -1).  Errors: WP_ERROR_INVALID_VALUE
 * for a non-finite or inverted box (the message names `what` and the
 * index), WP_ERROR_OUT_OF_MEMORY. */
wp_status wpi_bvh_build(wpi_bvh_tree *t, const float *lo, const float *hi,
                        wp_int32 n, wp_int32 leaf_size, const char *what);
/* The same with a group per item (groups: n int32, host memory; NULL: one
 * group): the items of each group are the leaves of one subtree (a group's
 * subtree is built as above), the subtrees joined above by halving the
 * list of groups (ascending ids). */
wp_status wpi_bvh_build_grouped(wpi_bvh_tree *t, const float *lo,
                                const float *hi, const wp_int32 *groups,
                                wp_int32 n, wp_int32 leaf_size,
                                const char *what);
/* Recomputes every node's bounds from the boxes (same count as built). */
void wpi_bvh_refit(wpi_bvh_tree *t, const float *lo, const float *hi);
void wpi_bvh_tree_free(wpi_bvh_tree *t);

/* The device side of a tree: its nodes and prims on `device` (CPU: the
 * tree's own arrays).  */
typedef struct wpi_bvh_dev {
  wp_device device;
  wp_bvh_node *nodes;
  wp_int32 *prims;
  wp_int32 *group_ids, *group_roots;
} wpi_bvh_dev;

/* Fills the tree fields of a descriptor from the tree and its device
 * copy. */
void wpi_bvh_fill_desc(wp_bvh_desc *d, const wpi_bvh_tree *t,
                       const wpi_bvh_dev *dev);

/* Copies the tree to `device` (a no-op on the CPU). */
wp_status wpi_bvh_upload(wpi_bvh_dev *d, const wpi_bvh_tree *t,
                         wp_device device, const char *what);
/* Copies the nodes again (after a refit). */
wp_status wpi_bvh_upload_nodes(wpi_bvh_dev *d, const wpi_bvh_tree *t,
                               const char *what);
void wpi_bvh_dev_free(wpi_bvh_dev *d);

/* The groups array in host memory: *out is the data (CPU) or a copy
 * (*owned, freed by the caller); NULL for no groups. */
wp_status wpi_host_groups(const wp_array *groups, wp_int32 **owned,
                          const wp_int32 **out, const char *what);

/* Memory of `device`: the CPU heap or CUDA memory (zero-filled). */
wp_status wpi_obj_alloc(wp_device device, wp_size bytes, void **out,
                        const char *what);
void wpi_obj_free(wp_device device, void *p);
/* Copies `bytes` between host and `device` (either direction). */
wp_status wpi_obj_copy(wp_device dst_dev, void *dst, wp_device src_dev,
                       const void *src, wp_size bytes, const char *what);

/* Checks that `a` is a contiguous 1-d array of `dtype` (named dtype_name)
 * on `device` (any device when device < 0); `role` names it in messages. */
wp_status wpi_obj_check_array(const wp_array *a, wp_dtype dtype,
                              const char *dtype_name, wp_device device,
                              const char *what, const char *role);

#endif
