"""Gradients through mesh_query_point / mesh_query_point_no_sign (u and v
of the closest point with respect to the query point), mesh_query_ray (t,
u and v with respect to the start and the direction) and
mesh_eval_position (the point at u, v: so the closest point's gradient,
the projection onto the face's plane), against warp-lang and central
finite differences; through mesh_get(id).points into the mesh's points
array, against warp-lang.

The queries are float32 only (Warp's), so the float64 twins cast the point
to vec3f for the query and the results back: the differences use a step
of 1e-3 (fd_h), above float32's rounding, and compare loosely (the closest
point is linear in the point inside a face's region, so the step adds no
truncation error).  The points lie near the faces' centroids, inside and
outside, so each has one closest triangle and the step stays in its
region."""
import numpy as np
import warp as wp


def _icosahedron():
    t = (1.0 + 5.0 ** 0.5) / 2.0
    v = np.array([(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t),
                  (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)], dtype=np.float64)
    v *= (1.0 + 0.2 * np.sin(2.0 * v[:, 0]))[:, None]
    f = np.array([(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
                  (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
                  (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)], dtype=np.int32)
    return v.astype(np.float32), f


VERTS, TRIS = _icosahedron()
_c = VERTS[TRIS].mean(axis=1).astype(np.float64)
_n = np.cross(VERTS[TRIS[:, 1]] - VERTS[TRIS[:, 0]], VERTS[TRIS[:, 2]] - VERTS[TRIS[:, 0]]).astype(np.float64)
_n /= np.linalg.norm(_n, axis=1)[:, None]
_s = np.sign(np.sum(_n * _c, axis=1))[:, None]
# off-centre points above and below each face (one closest triangle each)
_e = VERTS[TRIS[:, 1]] - VERTS[TRIS[:, 0]]
PTS = np.concatenate([_c + 0.1 * _e + 0.15 * _s * _n, _c - 0.1 * _e - 0.1 * _s * _n]).astype(np.float32)


@wp.kernel
def closest(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), u: wp.array(dtype=float),
            v: wp.array(dtype=float), pos: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = wp.mesh_query_point_no_sign(mesh, pts[i], 10.0)
    u[i] = q.u
    v[i] = q.v
    pos[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)


@wp.kernel
def closest_f64(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3d), u: wp.array(dtype=wp.float64),
                v: wp.array(dtype=wp.float64), pos: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    q = wp.mesh_query_point_no_sign(mesh, wp.vec3(pts[i]), 10.0)
    u[i] = wp.float64(q.u)
    v[i] = wp.float64(q.v)
    pos[i] = wp.vec3d(wp.mesh_eval_position(mesh, q.face, q.u, q.v))


@wp.kernel
def signed(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), d: wp.array(dtype=float)):
    # a signed distance: sign * |closest - p|
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point(mesh, p, 10.0)
    c = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    d[i] = q.sign * wp.length(c - p)


@wp.kernel
def signed_f64(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3d), d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = wp.vec3(pts[i])
    q = wp.mesh_query_point(mesh, p, 10.0)
    c = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    d[i] = wp.float64(q.sign * wp.length(c - p))


@wp.kernel
def ray(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
        t: wp.array(dtype=float), u: wp.array(dtype=float), v: wp.array(dtype=float),
        hit: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    r = wp.mesh_query_ray(mesh, starts[i], dirs[i], 100.0)
    t[i] = r.t
    u[i] = r.u
    v[i] = r.v
    hit[i] = starts[i] + r.t * dirs[i]


@wp.kernel
def ray_f64(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3d), dirs: wp.array(dtype=wp.vec3d),
            t: wp.array(dtype=wp.float64), u: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.float64),
            hit: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    s = wp.vec3(starts[i])
    d = wp.vec3(dirs[i])
    r = wp.mesh_query_ray(mesh, s, d, 100.0)
    t[i] = wp.float64(r.t)
    u[i] = wp.float64(r.u)
    v[i] = wp.float64(r.v)
    hit[i] = wp.vec3d(s + r.t * d)


# rays from outside at points near the faces' centroids (one face each)
STARTS = (3.0 * _c + 0.2 * _e).astype(np.float32)
DIRS = (_c + 0.05 * _e - STARTS).astype(np.float32)

@wp.func
def tri_area(mesh_id: wp.uint64, tri_id: int) -> float:
    # the mesh's own arrays, through mesh_get (Warp's test_grad does this)
    mesh = wp.mesh_get(mesh_id)
    i, j, k = mesh.indices[tri_id * 3 + 0], mesh.indices[tri_id * 3 + 1], mesh.indices[tri_id * 3 + 2]
    a = mesh.points[i]
    b = mesh.points[j]
    c = mesh.points[k]
    return wp.length(wp.cross(b - a, c - a)) * 0.5


@wp.kernel
def areas(mesh: wp.uint64, area: wp.array(dtype=float)):
    t = wp.tid()
    area[t] = tri_area(mesh, t)


_MESH = ("object", "mesh", dict(points="verts", indices="tris"))
_ARRAYS = dict(pts=("values", PTS.tolist()), verts=("values", VERTS.tolist()),
               tris=("values", TRIS.ravel().tolist()))
_SHAPES = dict(verts=(len(VERTS),), tris=(3 * len(TRIS),))
_FD = dict(fd_h=1e-3, fd_rtol=1e-3, fd_atol=2e-4)

GRAD_TESTS = [
    # the gradient lands in the mesh's points array (a float32 array the
    # float64 twin cannot perturb: warp-lang only)
    dict(name="mesh_get_points", dim=len(TRIS), shapes=_SHAPES,
         arrays=dict(verts=_ARRAYS["verts"], tris=_ARRAYS["tris"]),
         launches=[dict(kernel="areas", args=dict(mesh=_MESH))],
         outputs=["area"], inputs=["verts"], fd=False),
    dict(name="ray", dim=len(STARTS), shapes=_SHAPES,
         arrays=dict(starts=("values", STARTS.tolist()), dirs=("values", DIRS.tolist()),
                     verts=_ARRAYS["verts"], tris=_ARRAYS["tris"]),
         launches=[dict(kernel="ray", args=dict(mesh=_MESH))],
         outputs=["t", "u", "v", "hit"], inputs=["starts", "dirs"], **_FD),
    dict(name="closest_uv_pos", dim=len(PTS), arrays=_ARRAYS, shapes=_SHAPES,
         launches=[dict(kernel="closest", args=dict(mesh=_MESH))],
         outputs=["u", "v", "pos"], inputs=["pts"], **_FD),
    dict(name="signed_distance", dim=len(PTS), arrays=_ARRAYS, shapes=_SHAPES,
         launches=[dict(kernel="signed", args=dict(mesh=_MESH))],
         outputs=["d"], inputs=["pts"], **_FD),
]
