# Mesh and BVH queries called with the wrong argument types, and a query
# state used as something else: each call is reported once, with the rule's
# reason.
import warp as wp


@wp.kernel
def closest(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3d), out: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.mesh_query_point(mesh, pts[i], 1.0e6)
    out[i] = q.face


@wp.kernel
def rays(mesh: wp.int32, p: wp.vec3, out: wp.array(dtype=float)):
    r = wp.mesh_query_ray(mesh, p, p, 1.0)
    out[0] = r.t


@wp.kernel
def boxes(bvh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    q = wp.bvh_query_aabb(bvh, p, p, 1.5)
    i = int(0)
    while wp.bvh_query_next(q, i):
        out[0] = i
    m = wp.mesh_query_aabb(bvh, p, p)
    while wp.bvh_query_next(m, i):
        out[0] = i
    r = wp.mesh_query_point_no_sign(bvh, p, 1.0)
    out[0] = r.nope



@wp.kernel
def outs(mesh: wp.uint64, p: wp.vec3, out: wp.array(dtype=int)):
    u = float(0.0)
    v = wp.float64(0.0)
    wp.mesh_query_point_no_sign(mesh, p, 1.0, out[0], u, u)
    f = int(0)
    wp.mesh_query_point_no_sign(mesh, p, 1.0, f, u, v)

# expect: 10:9: no overload of 'mesh_query_point' for argument types (uint64, vec3d, float32): takes a uint64 id, a vec3f point and a float32
# expect: 16:9: no overload of 'mesh_query_ray' for argument types (int32, vec3f, vec3f, float32): takes a uint64 id, vec3f start and dir and a float32 max_t
# expect: 22:9: no overload of 'bvh_query_aabb' for argument types (uint64, vec3f, vec3f, float32): root must be an int32
# expect: 27:11: no overload of 'bvh_query_next' for argument types (MeshQuery, int32): the query must be a value of a bvh_query_*() call
# expect: 30:14: struct 'MeshQueryPoint' has no field 'nope'
# expect: 38:47: the face of 'mesh_query_point_no_sign' must be a local variable: the call assigns it
# expect: 40:53: 'v' is float64 but 'mesh_query_point_no_sign' assigns it a float32 (its v)
