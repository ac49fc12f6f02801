"""Mesh queries against warp-lang: closest points (signed by ray votes,
by normals, by winding numbers or by ray parity, no sign, furthest; the deprecated out-parameter forms too), rays (nearest hit, any hit, counted hits), box and sphere
queries (zero-size ones too), evaluation at barycentric coordinates, the get_* accessors and mesh_get, on a
bumpy closed icosphere (320 triangles) and a flat quad.

Ties: a point whose closest feature is an edge or vertex shared by several
triangles (and a ray through a shared edge) has several right (face, u, v);
warpc and warp-lang keep the first found in their own trees, which differ.
Both give the same closest point and distance, so those tests compare the
position (mesh_eval_position of the result) and the distance, not face, u
and v; the `faces` tests compare face, u and v for points whose closest
triangle is unique (near a face's centroid).  Box and sphere queries are
compared by count and index sum (their order is unspecified in Warp).

An empty mesh (no triangles) is not here: warp-lang 1.19.0 crashes
(SIGSEGV) on any query of one on the CPU; unit.test_bvh_mesh checks that
warpc's queries find nothing."""
import numpy as np
import warp as wp


def _icosphere(levels=2):
    t = (1.0 + 5.0 ** 0.5) / 2.0
    v = [(-1, t, 0), (1, t, 0), (-1, -t, 0), (1, -t, 0), (0, -1, t), (0, 1, t),
         (0, -1, -t), (0, 1, -t), (t, 0, -1), (t, 0, 1), (-t, 0, -1), (-t, 0, 1)]
    v = [np.array(p, dtype=np.float64) / np.linalg.norm(p) for p in v]
    f = [(0, 11, 5), (0, 5, 1), (0, 1, 7), (0, 7, 10), (0, 10, 11), (1, 5, 9), (5, 11, 4),
         (11, 10, 2), (10, 7, 6), (7, 1, 8), (3, 9, 4), (3, 4, 2), (3, 2, 6), (3, 6, 8),
         (3, 8, 9), (4, 9, 5), (2, 4, 11), (6, 2, 10), (8, 6, 7), (9, 8, 1)]
    for _ in range(levels):
        mid = {}

        def m(a, b):
            key = (min(a, b), max(a, b))
            if key not in mid:
                p = v[a] + v[b]
                v.append(p / np.linalg.norm(p))
                mid[key] = len(v) - 1
            return mid[key]

        f = [tri for a, b, c in f
             for tri in ((a, m(a, b), m(c, a)), (b, m(b, c), m(a, b)), (c, m(c, a), m(b, c)),
                         (m(a, b), m(b, c), m(c, a)))]
    pts = np.array(v)
    pts *= (1.0 + 0.15 * np.sin(3.0 * pts[:, 0]) * np.cos(2.0 * pts[:, 1]))[:, None]
    tris = np.array(f, dtype=np.int32)
    # counter-clockwise seen from outside
    for k, (a, b, c) in enumerate(tris):
        n = np.cross(pts[b] - pts[a], pts[c] - pts[a])
        if np.dot(n, pts[a] + pts[b] + pts[c]) < 0:
            tris[k] = (a, c, b)
    return pts.astype(np.float32), tris


SPHERE_PTS, SPHERE_TRIS = _icosphere()
NV, NF = len(SPHERE_PTS), len(SPHERE_TRIS)
_c = SPHERE_PTS[SPHERE_TRIS].mean(axis=1)
_n = np.cross(SPHERE_PTS[SPHERE_TRIS[:, 1]] - SPHERE_PTS[SPHERE_TRIS[:, 0]],
              SPHERE_PTS[SPHERE_TRIS[:, 2]] - SPHERE_PTS[SPHERE_TRIS[:, 0]])
_n /= np.linalg.norm(_n, axis=1)[:, None]
# near each face's centroid, outside and inside: a unique closest triangle
FACE_PTS = np.concatenate([_c + 0.02 * _n, _c - 0.02 * _n]).astype(np.float32)
# on the midpoints of edges and on vertices: several closest triangles
EDGE_PTS = np.concatenate([0.5 * (SPHERE_PTS[SPHERE_TRIS[:, 0]] + SPHERE_PTS[SPHERE_TRIS[:, 1]]),
                           SPHERE_PTS]).astype(np.float32)
VELS = (np.sin(np.arange(3 * NV, dtype=np.float64)) * 2.0).reshape(NV, 3).astype(np.float32)

QUAD_PTS = [[0.0, 0.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 0.0], [0.0, 1.0, 0.0]]
QUAD_TRIS = [0, 1, 2, 0, 2, 3]
# rays at the quad: hits, misses beside it, one along its plane (parallel
# to the faces), one away from it, one through the shared diagonal
QUAD_STARTS = [[0.3, 0.6, 1.0], [0.8, 0.1, 2.0], [1.5, 0.5, 1.0], [-0.5, 0.5, 0.0],
               [0.5, 0.5, 1.0], [0.25, 0.25, -1.0], [0.2, 0.7, 1.0], [0.9, 0.9, -3.0]]
QUAD_DIRS = [[0.0, 0.0, -1.0], [0.1, 0.2, -1.0], [0.0, 0.0, -1.0], [1.0, 0.0, 0.0],
             [0.0, 0.0, 1.0], [0.0, 0.0, 1.0], [0.3, -0.2, -0.5], [0.0, 0.0, 2.0]]


@wp.kernel
def closest(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), max_dist: float,
            found: wp.array(dtype=int), pos: wp.array(dtype=wp.vec3),
            dist: wp.array(dtype=float), sign: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point(mesh, p, max_dist)
    if q.result:
        found[i] = 1
        c = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        pos[i] = c
        dist[i] = wp.length(c - p)
        sign[i] = q.sign
    else:
        found[i] = -1


@wp.kernel
def closest_no_sign(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), max_dist: float,
                    found: wp.array(dtype=int), pos: wp.array(dtype=wp.vec3),
                    far_pos: wp.array(dtype=wp.vec3), far_found: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point_no_sign(mesh, p, max_dist)
    found[i] = int(q.result)
    if q.result:
        pos[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
    f = wp.mesh_query_furthest_point_no_sign(mesh, p, 0.0)
    far_found[i] = int(f.result)
    if f.result:
        far_pos[i] = wp.mesh_eval_position(mesh, f.face, f.u, f.v)


@wp.kernel
def closest_sign_normal(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), max_dist: float,
                        found: wp.array(dtype=int), pos: wp.array(dtype=wp.vec3),
                        dist: wp.array(dtype=float), sign: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point_sign_normal(mesh, p, max_dist)
    found[i] = int(q.result)
    if q.result:
        c = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        pos[i] = c
        dist[i] = wp.length(c - p)
        sign[i] = q.sign


@wp.kernel
def closest_winding(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), threshold: float,
                    found: wp.array(dtype=int), pos: wp.array(dtype=wp.vec3),
                    sign: wp.array(dtype=float), sign3: wp.array(dtype=float),
                    parity: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_point_sign_winding_number(mesh, p, 10.0)
    found[i] = int(q.result)
    if q.result:
        pos[i] = wp.mesh_eval_position(mesh, q.face, q.u, q.v)
        sign[i] = q.sign
    q3 = wp.mesh_query_point_sign_winding_number(mesh, p, 10.0, 2.0, threshold)
    sign3[i] = q3.sign
    q4 = wp.mesh_query_point_sign_parity(mesh, p, 10.0)
    q5 = wp.mesh_query_point_sign_parity(mesh, p, 10.0, 5, 0.3)
    parity[i] = q4.sign + 2.0 * q5.sign


@wp.kernel
def out_params(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), found: wp.array(dtype=int),
               pos: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float), t: wp.array(dtype=float),
               normal: wp.array(dtype=wp.vec3)):
    # Warp's deprecated out-parameter forms
    i = wp.tid()
    p = pts[i]
    inside = float(0.0)
    face = int(0)
    u = float(0.0)
    v = float(0.0)
    hit = wp.mesh_query_point(mesh, p, 10.0, inside, face, u, v)
    found[i] = int(hit)
    pos[i] = wp.mesh_eval_position(mesh, face, u, v)
    sign[i] = inside
    wp.mesh_query_point_no_sign(mesh, p, 10.0, face, u, v)
    pos[i] = pos[i] + wp.mesh_eval_position(mesh, face, u, v)
    wp.mesh_query_point_sign_normal(mesh, p, 10.0, inside, face, u, v, 1.0e-3)
    sign[i] = sign[i] + 2.0 * inside
    wp.mesh_query_point_sign_winding_number(mesh, p, 10.0, inside, face, u, v)
    sign[i] = sign[i] + 4.0 * inside
    tt = float(0.0)
    s = float(0.0)
    n = wp.vec3()
    if wp.mesh_query_ray(mesh, p, -p, 10.0, tt, u, v, s, n, face):
        t[i] = tt
        normal[i] = n
    root = int(-1)
    if wp.mesh_query_ray(mesh, p, p, 10.0, tt, u, v, s, n, face, root):
        t[i] = t[i] + 100.0 * tt


@wp.kernel
def faces(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), face: wp.array(dtype=int),
          u: wp.array(dtype=float), v: wp.array(dtype=float), sign: wp.array(dtype=float),
          normal: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q = wp.mesh_query_point(mesh, pts[i], 10.0)
    face[i] = q.face
    u[i] = q.u
    v[i] = q.v
    sign[i] = q.sign
    normal[i] = wp.mesh_eval_face_normal(mesh, q.face)
    vel[i] = wp.mesh_eval_velocity(mesh, q.face, q.u, q.v)


@wp.kernel
def rays(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
         max_t: float, hit: wp.array(dtype=int), t: wp.array(dtype=float),
         hit_pos: wp.array(dtype=wp.vec3), sign: wp.array(dtype=float),
         normal: wp.array(dtype=wp.vec3), any_hit: wp.array(dtype=int),
         count: wp.array(dtype=int)):
    i = wp.tid()
    s = starts[i]
    d = dirs[i]
    r = wp.mesh_query_ray(mesh, s, d, max_t)
    if r.result:
        hit[i] = 1
        t[i] = r.t
        hit_pos[i] = s + r.t * d
        sign[i] = wp.sign(r.sign)
        normal[i] = r.normal
    any_hit[i] = int(wp.mesh_query_ray_anyhit(mesh, s, d, max_t))
    count[i] = wp.mesh_query_ray_count_intersections(mesh, s, d)


@wp.kernel
def ray_faces(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3), face: wp.array(dtype=int),
              u: wp.array(dtype=float), v: wp.array(dtype=float), sign: wp.array(dtype=float)):
    # rays from outside towards the centre: through a face's interior
    i = wp.tid()
    s = starts[i]
    r = wp.mesh_query_ray(mesh, s, -s, 10.0)
    face[i] = r.face
    u[i] = r.u
    v[i] = r.v
    sign[i] = r.sign


@wp.kernel
def boxes(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), half: float,
          count: wp.array(dtype=int), index_sum: wp.array(dtype=int),
          sphere_count: wp.array(dtype=int), sphere_sum: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    q = wp.mesh_query_aabb(mesh, p - wp.vec3(half), p + wp.vec3(half))
    f = int(0)
    n = int(0)
    s = int(0)
    while wp.mesh_query_aabb_next(q, f):
        n += 1
        s += f
    count[i] = n
    index_sum[i] = s
    sq = wp.mesh_query_sphere(mesh, p, half)
    n2 = int(0)
    s2 = int(0)
    while wp.mesh_query_next(sq, f):
        n2 += 1
        s2 += f
    sphere_count[i] = n2
    sphere_sum[i] = s2


@wp.func
def count_hits(query: wp.MeshQuery) -> int:
    f = int(0)
    n = int(0)
    while wp.mesh_query_next(query, f):
        n += 1
    return n


@wp.func
def count_box_hits(query: wp.MeshQueryAABB) -> int:
    f = int(0)
    n = int(0)
    while wp.mesh_query_aabb_next(query, f):
        n += f
    return n


@wp.kernel
def mixed(mesh: wp.uint64, pts: wp.array(dtype=wp.vec3), half: float, count: wp.array(dtype=int),
          index_sum: wp.array(dtype=int)):
    # a variable holding a sphere query or a box query (Warp's kind-erased
    # MeshQuery), passed to funcs annotated with MeshQuery / MeshQueryAABB
    i = wp.tid()
    p = pts[i]
    query = wp.mesh_query_aabb(mesh, p - wp.vec3(half), p + wp.vec3(half))
    if i % 2 == 0:
        query = wp.mesh_query_sphere(mesh, p, half)
    count[i] = count_hits(query)
    index_sum[i] = count_box_hits(wp.mesh_query_aabb(mesh, p - wp.vec3(half), p + wp.vec3(half)))


@wp.kernel
def accessors(mesh: wp.uint64, point: wp.array(dtype=wp.vec3), vel: wp.array(dtype=wp.vec3),
              index: wp.array(dtype=int), point2: wp.array(dtype=wp.vec3), sizes: wp.array(dtype=int)):
    i = wp.tid()
    point[i] = wp.mesh_get_point(mesh, i)
    vel[i] = wp.mesh_get_velocity(mesh, i)
    index[i] = wp.mesh_get_index(mesh, i)
    m = wp.mesh_get(mesh)
    point2[i] = m.points[m.indices[i]] + m.velocities[m.indices[i]]
    sizes[i] = m.points.shape[0] * 10000 + m.indices.shape[0]


def _sphere(**kw):
    return ("object", "mesh", dict(points="verts", indices="tris", **kw))


_SPHERE_ARRAYS = dict(verts=("values", SPHERE_PTS.tolist()), tris=("values", SPHERE_TRIS.ravel().tolist()))
_SPHERE_SHAPES = dict(verts=(NV,), tris=(3 * NF,))
_VELS = dict(vels=("values", VELS.tolist()))
_CLOSEST = ["found", "pos", "dist", "sign"]
N = 300

TESTS = [
    dict(name="closest", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest", args=dict(mesh=_sphere(), max_dist=10.0))],
         outputs=_CLOSEST),
    # max_dist shorter than many distances: those find nothing
    dict(name="closest_max_dist", dim=N, arrays=dict(pts=("uniform", -2.0, 2.0), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest", args=dict(mesh=_sphere(leaf_size=4), max_dist=0.3))],
         outputs=_CLOSEST),
    # points on edges and vertices: distance 0 (their furthest points are
    # not compared: the mesh is symmetric under z -> -z, so some have two
    # furthest vertices, and each side may keep either)
    dict(name="on_edges", dim=len(EDGE_PTS), arrays=dict(pts=("values", EDGE_PTS.tolist()), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest_no_sign", args=dict(mesh=_sphere(), max_dist=1.0))],
         outputs=["found", "pos", "far_found"]),
    dict(name="no_sign_furthest", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest_no_sign", args=dict(mesh=_sphere(), max_dist=10.0))],
         outputs=["found", "pos", "far_found", "far_pos"]),
    dict(name="sign_normal", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest_sign_normal", args=dict(mesh=_sphere(), max_dist=10.0))],
         outputs=_CLOSEST),
    # the winding number (exact in warpc, approximated by warp-lang beyond
    # its accuracy 2: the same sign away from the surface and the threshold)
    dict(name="winding", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest_winding", args=dict(mesh=_sphere(support_winding_number=True),
                                                             threshold=0.25))],
         outputs=["found", "pos", "sign", "sign3", "parity"]),
    # without support_winding_number: signed by ray votes
    dict(name="winding_unsupported", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="closest_winding", args=dict(mesh=_sphere(), threshold=0.25))],
         outputs=["found", "pos", "sign", "sign3", "parity"]),
    dict(name="out_params", dim=N, arrays=dict(pts=("uniform", -1.6, 1.6), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="out_params", args=dict(mesh=_sphere()))],
         outputs=["found", "pos", "sign", "t", "normal"]),
    dict(name="faces", dim=len(FACE_PTS), arrays=dict(pts=("values", FACE_PTS.tolist()), **_SPHERE_ARRAYS, **_VELS),
         shapes=dict(vels=(NV,), **_SPHERE_SHAPES),
         launches=[dict(kernel="faces", args=dict(mesh=_sphere(velocities="vels")))],
         outputs=["face", "u", "v", "sign", "normal", "vel"]),
    dict(name="rays", dim=N,
         arrays=dict(starts=("uniform", -2.0, 2.0), dirs=("uniform", -1.0, 1.0), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="rays", args=dict(mesh=_sphere(), max_t=100.0))],
         outputs=["hit", "t", "hit_pos", "sign", "normal", "any_hit", "count"]),
    # max_t shorter than most hits
    dict(name="rays_max_t", dim=N,
         arrays=dict(starts=("uniform", -2.0, 2.0), dirs=("uniform", -1.0, 1.0), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="rays", args=dict(mesh=_sphere(leaf_size=3), max_t=0.4))],
         outputs=["hit", "t", "hit_pos", "sign", "normal", "any_hit", "count"]),
    dict(name="ray_faces", dim=NF, arrays=dict(starts=("values", (3.0 * _c).tolist()), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="ray_faces", args=dict(mesh=_sphere()))],
         outputs=["face", "u", "v", "sign"]),
    dict(name="quad_rays", dim=len(QUAD_STARTS),
         arrays=dict(starts=("values", QUAD_STARTS), dirs=("values", QUAD_DIRS),
                     qp=("values", QUAD_PTS), qt=("values", QUAD_TRIS)),
         shapes=dict(qp=(4,), qt=(6,)),
         launches=[dict(kernel="rays", args=dict(mesh=("object", "mesh", dict(points="qp", indices="qt")),
                                                 max_t=100.0))],
         outputs=["hit", "t", "hit_pos", "sign", "normal", "any_hit", "count"]),
    dict(name="boxes", dim=N, arrays=dict(pts=("uniform", -1.5, 1.5), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_sphere(), half=0.3))],
         outputs=["count", "index_sum", "sphere_count", "sphere_sum"]),
    # a zero-size box (the triangles whose bounds hold the point) and a
    # zero-radius sphere (no triangle: none passes through these points)
    dict(name="boxes_zero", dim=N, arrays=dict(pts=("uniform", -1.5, 1.5), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="boxes", args=dict(mesh=_sphere(), half=0.0))],
         outputs=["count", "index_sum", "sphere_count", "sphere_sum"]),
    dict(name="mixed_kinds", dim=N, arrays=dict(pts=("uniform", -1.5, 1.5), **_SPHERE_ARRAYS),
         shapes=_SPHERE_SHAPES,
         launches=[dict(kernel="mixed", args=dict(mesh=_sphere(), half=0.3))],
         outputs=["count", "index_sum"]),
    dict(name="accessors", dim=3 * NF, arrays=dict(**_SPHERE_ARRAYS, **_VELS),
         shapes=dict(vels=(NV,), **_SPHERE_SHAPES),
         launches=[dict(kernel="accessors", args=dict(mesh=_sphere(velocities="vels")))],         outputs=["point", "vel", "index", "point2", "sizes"]),
]
