/* bvh.h - bounding volume hierarchies over boxes: Warp's wp.Bvh.
 *
 * A wp_bvh is built from two arrays of box corners and gives the id that
 * kernels take (`wp.uint64` parameters: bvh_query_aabb, bvh_query_ray,
 * bvh_query_next, ...).  The id is the address of a wp_bvh_desc
 * (<warp/abi.h>) in the memory of the arrays' device.
 *
 * The tree is built on the CPU by a top-down median split (each node's
 * boxes are split in half at the median of their centres along the longest
 * axis of the centres' bounds; warp-lang's "median" constructor; its
 * default on the CPU is "sah"); for CUDA arrays the boxes are copied to
 * the host, the tree is built there and copied to the device.  The tree is
 * at most WP_BVH_MAX_DEPTH deep (a median split of n boxes is
 * ceil(log2 n) + 1 deep at most).  Queries report every box that overlaps,
 * so their results do not depend on the tree; only the order in which
 * bvh_query_next reports them does (Warp documents it as unspecified).
 * An inverted box (lower > upper on some axis) is an exception: whether a
 * query reports it depends on the tree (as in Warp), so results may differ
 * from warp-lang's for such input.
 *
 * The BVH keeps pointers to the arrays' data (the item bounds are read by
 * queries and by wp_bvh_refit): they must outlive it and stay where they
 * are. */
#ifndef WARP_BVH_H
#define WARP_BVH_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wp_bvh wp_bvh;

/* Builds a BVH over n boxes: lowers[i] and uppers[i] are the corners of
 * box i (contiguous 1-d arrays of vec3f of the same length n, on the same
 * device, CPU or CUDA; n may be 0: every query then finds nothing).
 *
 * groups: NULL, or n int32 group ids (Warp's Bvh(groups=...)): the boxes of
 * each group then are one subtree, whose root bvh_get_group_root(id, group)
 * gives kernels (to pass as a query's root; -1 for a group without boxes,
 * which queries take as the whole tree; without groups every box is in
 * group 0).  leaf_size (>= 1; Warp's default is 1) is the most boxes per
 * leaf.  *out gets the BVH (free it with wp_bvh_destroy).
 *
 * Errors: WP_ERROR_INVALID_VALUE (out, lowers or uppers NULL, arrays of
 * different lengths, not contiguous, a leaf_size < 1, NaN bounds),
 * WP_ERROR_DTYPE_MISMATCH (not vec3f; groups not int32),
 * WP_ERROR_NDIM_MISMATCH (not 1-d), WP_ERROR_DEVICE_MISMATCH (on two
 * devices), WP_ERROR_OUT_OF_MEMORY, the errors of CUDA memory
 * (<warp/memory.h>); *out is NULL on error. */
wp_status wp_bvh_create(const wp_array *lowers, const wp_array *uppers,
                        const wp_array *groups, wp_int32 leaf_size,
                        wp_bvh **out);

/* Recomputes the node bounds from the current contents of the arrays the
 * BVH was made from (after boxes moved; the tree keeps its shape, as
 * Warp's refit does).  Errors: WP_ERROR_INVALID_VALUE (bvh NULL, NaN
 * bounds), CUDA copy errors. */
wp_status wp_bvh_refit(wp_bvh *bvh);

/* Frees the BVH (NULL is ignored).  Kernels must not use its id after. */
void wp_bvh_destroy(wp_bvh *bvh);

/* The id kernels take (0 for NULL). */
wp_uint64 wp_bvh_id(const wp_bvh *bvh);

/* The device the BVH lives on (WP_DEVICE_CPU for NULL). */
wp_device wp_bvh_device(const wp_bvh *bvh);

#ifdef __cplusplus
}
#endif
#endif
