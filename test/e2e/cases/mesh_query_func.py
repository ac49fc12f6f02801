"""Mesh query results (MeshQueryPoint, MeshQueryRay) passed to and returned
from @wp.func helpers, typed and generic (`Any`), as users factor their
query code: warpc's backward kernel accumulated the adjoint of the returned
struct with an 'add' the prelude has no function for, and the C compiler
refused the generated code ("this is a bug in warpc").  A flat quad of two
triangles, rays straight down and closest points above it."""
from typing import Any

import warp as wp


@wp.func
def cast_down(mesh: wp.uint64, p: wp.vec3):
    return wp.mesh_query_ray(mesh, p, wp.vec3(0.0, 0.0, -1.0), 10.0)


@wp.func
def passthrough(x: Any):
    return x


@wp.func
def closest(mesh: wp.uint64, p: wp.vec3) -> wp.MeshQueryPoint:
    return wp.mesh_query_point_no_sign(mesh, p, 10.0)


@wp.kernel
def query_funcs(mesh: wp.uint64, p: wp.array(dtype=wp.vec3), t: wp.array(dtype=float),
                face: wp.array(dtype=int), pos: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    r = passthrough(cast_down(mesh, p[i]))
    if r.result:
        t[i] = r.t
    q = passthrough(closest(mesh, p[i]))
    if q.result:
        face[i] = q.face
        pos[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)


QUAD = ("object", "mesh", dict(points="pts", indices="tris"))
TESTS = [
    dict(kernel="query_funcs", dim=4,
         arrays=dict(pts=("values", [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]),
                     tris=("values", [0, 1, 2, 0, 2, 3])),
         shapes=dict(pts=(4,), tris=(6,)),
         args=dict(mesh=QUAD, p=("values", [[0.8, 0.2, 1.0], [0.2, 0.7, 2.5], [1.5, 0.5, 1.0], [0.3, 0.1, 0.5]])),
         outputs=["t", "face", "pos"]),
]
