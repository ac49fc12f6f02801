"""Mesh queries for samples/mesh: closest points (with the inside/outside
sign) and a ray-cast depth image."""
import warp as wp


@wp.kernel
def closest(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), dist: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point(mesh, p, 100.0)
    if q.result:
        c = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        dist[i] = q.sign * wp.length(c - p)


@wp.kernel
def raycast(mesh: wp.uint64, eye: wp.vec3, width: int, height: int, depth: wp.array(dtype=float)):
    i = wp.tid()
    x = float(i % width) / float(width - 1) * 2.0 - 1.0
    y = 1.0 - float(i // width) / float(height - 1) * 2.0
    d = wp.normalize(wp.vec3(x * 0.9, y * 0.4 - 0.45, -1.0))
    r = wp.mesh_query_ray(mesh, eye, d, 100.0)
    depth[i] = -1.0
    if r.result:
        depth[i] = r.t
