/* mesh.h - triangle meshes: Warp's wp.Mesh.
 *
 * A wp_mesh holds points, triangles (three int32 vertex indices each) and
 * optional per-point velocities, with a BVH over the triangles' bounds
 * (built as <warp/bvh.h> says).  Its id is what kernels take
 * (mesh_query_point, mesh_query_ray, mesh_eval_position, ...): the address
 * of a wp_mesh_desc (<warp/abi.h>) in the memory of the arrays' device.
 * mesh_get_bvh(id) in a kernel gives the id of that BVH for the bvh_query_*
 * builtins (its primitives are the triangles).
 *
 * The mesh keeps pointers to the points, indices and velocities arrays (as
 * Warp's does: a kernel may move the points, then wp_mesh_refit updates the
 * tree): they must outlive it.  For CUDA arrays the tree is built on the
 * host from copies and then copied to the device.  mesh_get(id) in a
 * kernel sees the arrays' grads as they were at wp_mesh_create (allocate
 * them before).
 *
 * Queries that find the closest point (mesh_query_point*) keep the first
 * triangle found at the smallest distance, in the tree's order: where
 * several triangles are equally close (a point on a shared edge or vertex)
 * the face, u and v may differ from warp-lang's, whose tree differs; the
 * closest point itself (mesh_eval_position of face, u, v) and the distance
 * are the same. */
#ifndef WARP_MESH_H
#define WARP_MESH_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct wp_mesh wp_mesh;

/* Builds a mesh from `points` (1-d contiguous vec3f, P points), `indices`
 * (1-d contiguous int32 of 3 T entries: triangle t is points indices[3t],
 * indices[3t+1], indices[3t+2]; T may be 0) and `velocities` (NULL, or
 * vec3f like points, P of them), all on one device.  groups: NULL or T
 * int32 group ids, one per triangle (Warp's Mesh(groups=...):
 * mesh_get_group_root, as <warp/bvh.h> says).  leaf_size (>= 1) is the
 * most triangles per BVH leaf.  *out gets the mesh (wp_mesh_destroy).
 *
 * Errors: WP_ERROR_INVALID_VALUE (out, points or indices NULL, a length of
 * indices that is not a multiple of 3, an index outside 0..P-1 (the
 * message names the first), velocities or groups of another length, arrays
 * not contiguous, leaf_size < 1, NaN points), WP_ERROR_DTYPE_MISMATCH,
 * WP_ERROR_NDIM_MISMATCH, WP_ERROR_DEVICE_MISMATCH, WP_ERROR_OUT_OF_MEMORY,
 * CUDA memory errors; *out is NULL on error. */
wp_status wp_mesh_create(const wp_array *points, const wp_array *indices,
                         const wp_array *velocities, const wp_array *groups,
                         wp_int32 leaf_size, wp_mesh **out);

/* Recomputes the triangles' bounds and the tree's from the current points
 * (Warp's Mesh.refit).  Errors: WP_ERROR_INVALID_VALUE (mesh NULL, NaN
 * points), CUDA copy errors. */
wp_status wp_mesh_refit(wp_mesh *mesh);

/* Warp's Mesh(support_winding_number=True): on (non-zero) makes
 * mesh_query_point_sign_winding_number sign by the point's generalized
 * winding number (inside when above the query's threshold); off (the
 * default) by ray votes as mesh_query_point.  warpc sums the exact solid
 * angles of all triangles (Van Oosterom and Strackee, IEEE Trans. Biomed.
 * Eng. 30(2), 1983) where Warp approximates far clusters (its `accuracy`
 * argument, ignored here): the cost is linear in the triangles, the sign
 * the same except within Warp's approximation error of the threshold.
 * Errors: WP_ERROR_INVALID_VALUE (mesh NULL), CUDA copy errors. */
wp_status wp_mesh_support_winding_number(wp_mesh *mesh, wp_int32 on);

/* Frees the mesh (NULL is ignored), not the arrays it was made from. */
void wp_mesh_destroy(wp_mesh *mesh);

/* The id kernels take (0 for NULL). */
wp_uint64 wp_mesh_id(const wp_mesh *mesh);

/* The device the mesh lives on (WP_DEVICE_CPU for NULL). */
wp_device wp_mesh_device(const wp_mesh *mesh);

#ifdef __cplusplus
}
#endif
#endif
