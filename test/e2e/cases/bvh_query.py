"""BVH queries against warp-lang: boxes, rays, spheres and capsules over a
BVH of random boxes (leaf sizes 1 and 4), with and without max_dist; the
BVH of a mesh (mesh_get_bvh) queried directly; degenerate boxes (points)
and a query that touches a box only at a corner; the group-root forms of
every query kind (bvh_query_sphere/capsule/ray with root,
mesh_query_ray_anyhit / mesh_query_ray_count_intersections with root),
bvh_query_next's max_dist on every kind and zero-radius spheres.  Each query's results are
compared by count and index sum: Warp leaves their order unspecified (and
warpc's tree is not warp-lang's), the set is the same.  Boxes are never
inverted (lower > upper on an axis): what a query reports of those depends
on the tree, in Warp as in warpc (<warp/bvh.h>)."""
import warp as wp


@wp.kernel
def aabbs(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), half: float,
          count: wp.array(dtype=int), index_sum: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.bvh_query_aabb(bvh, lo[i], lo[i] + wp.vec3(half))
    b = int(0)
    n = int(0)
    s = int(0)
    while wp.bvh_query_next(q, b):
        n += 1
        s += b
    count[i] = n
    index_sum[i] = s


@wp.kernel
def rays(bvh: wp.uint64, starts: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
         max_dist: float, count: wp.array(dtype=int), index_sum: wp.array(dtype=int),
         near_count: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.bvh_query_ray(bvh, starts[i], dirs[i])
    b = int(0)
    n = int(0)
    s = int(0)
    while wp.bvh_query_next(q, b):
        n += 1
        s += b
    count[i] = n
    index_sum[i] = s
    q2 = wp.bvh_query_ray(bvh, starts[i], dirs[i])
    n2 = int(0)
    while wp.bvh_query_next(q2, b, max_dist):
        n2 += 1
    near_count[i] = n2


@wp.kernel
def spheres(bvh: wp.uint64, centers: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
            radius: float, count: wp.array(dtype=int), index_sum: wp.array(dtype=int),
            capsule_count: wp.array(dtype=int), capsule_sum: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.bvh_query_sphere(bvh, centers[i], radius)
    b = int(0)
    n = int(0)
    s = int(0)
    while wp.bvh_query_next(q, b):
        n += 1
        s += b
    count[i] = n
    index_sum[i] = s
    c = wp.bvh_query_capsule(bvh, centers[i], dirs[i], radius)
    n2 = int(0)
    s2 = int(0)
    while wp.bvh_query_next(c, b, 1.5):
        n2 += 1
        s2 += b
    capsule_count[i] = n2
    capsule_sum[i] = s2


@wp.kernel
def mesh_bvh(mesh: wp.uint64, lo: wp.array(dtype=wp.vec3), count: wp.array(dtype=int),
             index_sum: wp.array(dtype=int)):
    i = wp.tid()
    q = wp.bvh_query_aabb(wp.mesh_get_bvh(mesh), lo[i], lo[i] + wp.vec3(0.3))
    b = int(0)
    n = int(0)
    s = int(0)
    while wp.bvh_query_next(q, b):
        n += 1
        s += b
    count[i] = n
    index_sum[i] = s


@wp.kernel
def grouped(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), g: wp.array(dtype=int), half: float,
            root: wp.array(dtype=int), count: wp.array(dtype=int), index_sum: wp.array(dtype=int)):
    # a query from a group's subtree (a group without boxes has root -1,
    # which queries take as the whole tree)
    i = wp.tid()
    r = wp.bvh_get_group_root(bvh, g[i])
    root[i] = int(r >= 0)
    q = wp.bvh_query_aabb(bvh, lo[i], lo[i] + wp.vec3(half), r)
    b = int(0)
    n = int(0)
    s = int(0)
    while wp.bvh_query_next(q, b):
        n += 1
        s += b
    count[i] = n
    index_sum[i] = s


@wp.kernel
def mesh_grouped(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3), g: wp.array(dtype=int),
                 hit: wp.array(dtype=int), t: wp.array(dtype=float)):
    i = wp.tid()
    r = wp.mesh_query_ray(mesh, starts[i], wp.vec3(0.0, 0.0, -1.0), 100.0, wp.mesh_get_group_root(mesh, g[i]))
    hit[i] = int(r.result)
    if r.result:
        t[i] = r.t


@wp.kernel
def grouped_kinds(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
                  g: wp.array(dtype=int), radius: float, max_dist: float,
                  sphere: wp.array(dtype=wp.vec2i), capsule: wp.array(dtype=wp.vec2i), ray: wp.array(dtype=wp.vec2i),
                  aabb_far: wp.array(dtype=wp.vec2i), sphere_far: wp.array(dtype=wp.vec2i)):
    # sphere, capsule and ray queries from a group's subtree (the root
    # forms); max_dist given to the next of box and sphere queries (Warp:
    # no effect) and of a ray query (bounds the hits along it).  Each
    # output: (count, index sum).  (The loops are written out: warp-lang
    # 1.19.0 emits one C++ function twice for a generic @wp.func taking
    # two kinds of BVH query.)
    i = wp.tid()
    r = wp.bvh_get_group_root(bvh, g[i])
    b = int(0)
    q1 = wp.bvh_query_sphere(bvh, lo[i], radius, r)
    v = wp.vec2i(0, 0)
    while wp.bvh_query_next(q1, b, 1.0e6):
        v += wp.vec2i(1, b)
    sphere[i] = v
    q2 = wp.bvh_query_capsule(bvh, lo[i], dirs[i], radius, r)
    v = wp.vec2i(0, 0)
    while wp.bvh_query_next(q2, b, 1.0):
        v += wp.vec2i(1, b)
    capsule[i] = v
    q3 = wp.bvh_query_ray(bvh, lo[i], dirs[i], r)
    v = wp.vec2i(0, 0)
    while wp.bvh_query_next(q3, b, max_dist):
        v += wp.vec2i(1, b)
    ray[i] = v
    q4 = wp.bvh_query_aabb(bvh, lo[i], lo[i] + wp.vec3(radius))
    v = wp.vec2i(0, 0)
    while wp.bvh_query_next(q4, b, max_dist):
        v += wp.vec2i(1, b)
    aabb_far[i] = v
    q5 = wp.bvh_query_sphere(bvh, lo[i], radius)
    v = wp.vec2i(0, 0)
    while wp.bvh_query_next(q5, b, max_dist):
        v += wp.vec2i(1, b)
    sphere_far[i] = v


@wp.kernel
def mesh_grouped_rays(mesh: wp.uint64, starts: wp.array(dtype=wp.vec3), g: wp.array(dtype=int),
                      any_hit: wp.array(dtype=int), crossings: wp.array(dtype=int)):
    # mesh_query_ray_anyhit and mesh_query_ray_count_intersections from a
    # group's subtree (root -1: the whole mesh)
    i = wp.tid()
    r = wp.mesh_get_group_root(mesh, g[i])
    any_hit[i] = int(wp.mesh_query_ray_anyhit(mesh, starts[i], wp.vec3(0.0, 0.0, -1.0), 100.0, r))
    crossings[i] = wp.mesh_query_ray_count_intersections(mesh, starts[i], wp.vec3(0.0, 0.0, -1.0), r)


def _bvh(**kw):
    return ("object", "bvh", dict(lowers="lowers", uppers="uppers", **kw))


NB = 400
N = 200
_BOXES = dict(lowers=("uniform", 0.0, 4.0), uppers=("uniform", 4.0, 4.3))
_SHAPES = dict(lowers=(NB,), uppers=(NB,))

TESTS = [
    # the boxes come from fills: lowers in [0, 4), uppers in [4, 4.3)
    # (large, overlapping boxes)
    dict(name="aabb_large_boxes", dim=N, arrays=dict(lo=("uniform", -1.0, 5.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="aabbs", args=dict(bvh=_bvh(), half=0.2))],
         outputs=["count", "index_sum"]),
    # integer corners: queries touching boxes at faces, edges and corners
    dict(name="aabb_touching", dim=N,
         arrays=dict(lo=("int", -1, 4), lowers=("int", 0, 3), uppers=("int", 3, 5)), shapes=_SHAPES,
         launches=[dict(kernel="aabbs", args=dict(bvh=_bvh(leaf_size=4), half=1.0))],
         outputs=["count", "index_sum"]),
    # points as boxes (lowers == uppers) and zero-size queries
    dict(name="aabb_points", dim=N,
         arrays=dict(lo=("int", 0, 3), lowers=("int", 0, 3)), shapes=dict(lowers=(NB,)),
         launches=[dict(kernel="aabbs", args=dict(bvh=("object", "bvh", dict(lowers="lowers", uppers="lowers")),
                                                  half=0.0))],
         outputs=["count", "index_sum"]),
    dict(name="rays", dim=N,
         arrays=dict(starts=("uniform", -2.0, 6.0), dirs=("uniform", -1.0, 1.0),
                     lowers=("uniform", 0.0, 3.0), uppers=("uniform", 3.0, 4.5)), shapes=_SHAPES,
         launches=[dict(kernel="rays", args=dict(bvh=_bvh(), max_dist=1.0))],
         outputs=["count", "index_sum", "near_count"]),
    # axis-aligned directions (components exactly 0)
    dict(name="rays_axis", dim=N,
         arrays=dict(starts=("uniform", -2.0, 6.0), dirs=("int", -1, 1),
                     lowers=("uniform", 0.0, 3.0), uppers=("uniform", 3.0, 4.5)), shapes=_SHAPES,
         launches=[dict(kernel="rays", args=dict(bvh=_bvh(leaf_size=4), max_dist=2.0))],
         outputs=["count", "index_sum", "near_count"]),
    dict(name="spheres_capsules", dim=N,
         arrays=dict(centers=("uniform", -1.0, 5.0), dirs=("uniform", -1.0, 1.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="spheres", args=dict(bvh=_bvh(), radius=0.4))],
         outputs=["count", "index_sum", "capsule_count", "capsule_sum"]),    dict(name="groups", dim=N,
         arrays=dict(lo=("uniform", -1.0, 5.0), g=("int", -1, 5), gid=("int", 0, 3), **_BOXES),
         shapes=dict(gid=(NB,), **_SHAPES),
         launches=[dict(kernel="grouped", args=dict(bvh=_bvh(groups="gid", leaf_size=2), half=0.5))],
         outputs=["root", "count", "index_sum"]),
    # a mesh of stacked horizontal quads z = 0, 1, 2, 3, one group each: a
    # ray down from z = 10 hits the top quad of the group it starts in
    dict(name="mesh_groups", dim=64,
         arrays=dict(starts=("uniform", 0.05, 0.95), g=("int", -1, 4),
                     qp=("values", [[x, y, z] for z in range(4) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]),
                     qt=("values", [4 * z + k for z in range(4) for k in (0, 1, 2, 0, 2, 3)]),
                     qg=("values", [z for z in range(4) for _ in range(2)])),
         shapes=dict(qp=(16,), qt=(24,), qg=(8,)),
         launches=[dict(kernel="mesh_grouped",
                        args=dict(mesh=("object", "mesh", dict(points="qp", indices="qt", groups="qg"))))],
         outputs=["hit", "t"]),
    # the root forms of the sphere, capsule and ray queries (a group of
    # -1 and groups without boxes: the whole tree), max_dist on every kind;
    # and a zero radius: boxes that contain the centre.  Groups of the quads
    # below: 0 to 3 (4 and -1: no such group, the whole mesh)
    *[dict(name=f"grouped_kinds_r{rad}", dim=N,
           arrays=dict(lo=("uniform", -1.0, 5.0), dirs=("uniform", -2.0, 2.0), g=("int", -1, 5), gid=("int", 0, 3),
                       **_BOXES),
           shapes=dict(gid=(NB,), **_SHAPES),
           launches=[dict(kernel="grouped_kinds", args=dict(bvh=_bvh(groups="gid", leaf_size=2), radius=rad,
                                                            max_dist=0.75))],
           outputs=["sphere", "capsule", "ray", "aabb_far", "sphere_far"])
      for rad in (0.4, 0.0)],
    # rays down from above every quad (and beside them: misses)
    dict(name="mesh_groups_anyhit_count", dim=64,
         arrays=dict(starts=("values", [[0.05 + 0.03 * k, 0.9 - 0.025 * k, 10.0 if k % 8 else 2.5]
                                        for k in range(64)]),
                     g=("int", -1, 4),
                     qp=("values", [[x, y, z] for z in range(4) for x, y in ((0, 0), (1, 0), (1, 1), (0, 1))]),
                     qt=("values", [4 * z + k for z in range(4) for k in (0, 1, 2, 0, 2, 3)]),
                     qg=("values", [z for z in range(4) for _ in range(2)])),
         shapes=dict(qp=(16,), qt=(24,), qg=(8,)),
         launches=[dict(kernel="mesh_grouped_rays",
                        args=dict(mesh=("object", "mesh", dict(points="qp", indices="qt", groups="qg"))))],
         outputs=["any_hit", "crossings"]),
    dict(name="mesh_get_bvh", dim=N,
         arrays=dict(lo=("uniform", -0.5, 1.5), mp=("uniform", 0.0, 1.0), mt=("int", 0, 59)),
         shapes=dict(mp=(60,), mt=(90,)),
         launches=[dict(kernel="mesh_bvh", args=dict(mesh=("object", "mesh", dict(points="mp", indices="mt"))))],
         outputs=["count", "index_sum"]),
]
