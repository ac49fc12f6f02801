"""Block-wide ("tiled") BVH queries against warp-lang on the CPU:
tile_bvh_query_aabb / tile_bvh_query_ray stepped by tile_bvh_query_next in
the `while wp.tile_query_valid(query)` loop Warp's docs and tests write,
and the deprecated bvh_query_*_tiled aliases.  On Warp's CPU backend a
block is one thread and each step gives a tile of shape (1,): the next
result's bound index, or -1 once there is none left (which ends the loop,
so it runs once more than there are results; once for an empty query).
Each query's results are compared as a set: by count, index sum, a
per-bound histogram (every bound reported once per query that touches it)
and the number of steps; Warp leaves their order unspecified (and warpc's
tree is not warp-lang's).  tile_sum of each step's tile checks its shape
(1,) (a wider tile of -1s would lower the sum).  The histogram is
counted by thread 0 of each block: on CUDA every thread of a block runs
the query and holds the same tile (lib/lower/lower_query_tiled.c).  Queries include boxes that
touch nothing, a box over every bound, rays that miss everything and rays
along the axes."""
import warp as wp


@wp.kernel
def aabbs(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), half: float, count: wp.array(dtype=int),
          index_sum: wp.array(dtype=int), steps: wp.array(dtype=int), tile_total: wp.array(dtype=int),
          hits: wp.array(dtype=int)):
    i, j = wp.tid()
    query = wp.tile_bvh_query_aabb(bvh, lo[i], lo[i] + wp.vec3(half))
    n = int(0)
    s = int(0)
    k = int(0)
    total = int(0)
    while wp.tile_query_valid(query):
        result = wp.tile_bvh_query_next(query)
        b = result[0]
        total += wp.tile_sum(result)[0]
        k += 1
        if b >= 0:
            n += 1
            s += b
            if j == 0:  # once per block (on CUDA every thread has the tile)
                wp.atomic_add(hits, b, 1)
    count[i] = n
    index_sum[i] = s
    steps[i] = k
    tile_total[i] = total


@wp.kernel
def rays(bvh: wp.uint64, starts: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3),
         count: wp.array(dtype=int), index_sum: wp.array(dtype=int), steps: wp.array(dtype=int),
         hits: wp.array(dtype=int)):
    i, j = wp.tid()
    # keyword arguments, as warp-lang names them
    query = wp.tile_bvh_query_ray(id=bvh, start=starts[i], dir=dirs[i])
    n = int(0)
    s = int(0)
    k = int(0)
    while wp.tile_query_valid(query=query):
        b = wp.tile_bvh_query_next(query=query)[0]
        k += 1
        if b >= 0:
            n += 1
            s += b
            if j == 0:  # once per block (on CUDA every thread has the tile)
                wp.atomic_add(hits, b, 1)
    count[i] = n
    index_sum[i] = s
    steps[i] = k


@wp.kernel
def aliases(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), dirs: wp.array(dtype=wp.vec3), half: float,
            count: wp.array(dtype=int), index_sum: wp.array(dtype=int), ray_count: wp.array(dtype=int),
            ray_sum: wp.array(dtype=int)):
    # the deprecated names (warp-lang 1.18; both warn)
    i, j = wp.tid()
    query = wp.bvh_query_aabb_tiled(bvh, lo[i], lo[i] + wp.vec3(half))
    n = int(0)
    s = int(0)
    while wp.tile_query_valid(query):
        b = wp.bvh_query_next_tiled(query)[0]
        if b >= 0:
            n += 1
            s += b
    count[i] = n
    index_sum[i] = s
    # a ray query held in the same variable type, stepped twice per turn
    rq = wp.bvh_query_ray_tiled(bvh, lo[i], dirs[i])
    rn = int(0)
    rs = int(0)
    while wp.tile_query_valid(rq):
        t0 = wp.bvh_query_next_tiled(rq)
        t1 = wp.tile_bvh_query_next(rq)
        if t0[0] >= 0:
            rn += 1
            rs += t0[0]
        if t1[0] >= 0:
            rn += 1
            rs += t1[0]
    ray_count[i] = rn
    ray_sum[i] = rs


def _bvh(**kw):
    return ("object", "bvh", dict(lowers="lowers", uppers="uppers", **kw))


NB = 300
N = 64
_BOXES = dict(lowers=("uniform", 0.0, 4.0), uppers=("uniform", 4.0, 4.3))
_SHAPES = dict(lowers=(NB,), uppers=(NB,), hits=(NB,))
_OUT = ["count", "index_sum", "steps", "hits"]

TESTS = [
    # large overlapping boxes: lowers in [0, 4), uppers in [4, 4.3)
    dict(name="aabb_large_boxes", dim=N, block_dim=8,
         arrays=dict(lo=("uniform", -1.0, 5.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="aabbs", args=dict(bvh=_bvh(), half=0.2))],
         outputs=_OUT + ["tile_total"]),
    # points as bounds (lowers == uppers), leaves of 4 (results from inside
    # a leaf)
    dict(name="aabb_points", dim=N, block_dim=16,
         arrays=dict(lo=("uniform", -0.5, 4.5), lowers=("uniform", 0.0, 4.0)),
         shapes=dict(lowers=(NB,), hits=(NB,)),
         launches=[dict(kernel="aabbs", args=dict(bvh=("object", "bvh", dict(lowers="lowers", uppers="lowers",
                                                                              leaf_size=4)), half=0.7))],
         outputs=_OUT + ["tile_total"]),
    # boxes far from every bound: no results, one step each
    dict(name="aabb_empty", dim=N, block_dim=4,
         arrays=dict(lo=("uniform", 10.0, 20.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="aabbs", args=dict(bvh=_bvh(), half=1.0))],
         outputs=_OUT + ["tile_total"]),
    # one box over every bound: all NB of them, NB + 1 steps
    dict(name="aabb_everything", dim=4, block_dim=32,
         arrays=dict(lo=("uniform", -10.0, -9.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="aabbs", args=dict(bvh=_bvh(leaf_size=2), half=30.0))],
         outputs=_OUT + ["tile_total"]),
    dict(name="rays", dim=N, block_dim=8,
         arrays=dict(starts=("uniform", -2.0, 6.0), dirs=("uniform", -1.0, 1.0),
                     lowers=("uniform", 0.0, 3.0), uppers=("uniform", 3.0, 4.5)), shapes=_SHAPES,
         launches=[dict(kernel="rays", args=dict(bvh=_bvh()))],
         outputs=_OUT),
    # axis-aligned directions (components exactly 0), leaves of 4
    dict(name="rays_axis", dim=N, block_dim=8,
         arrays=dict(starts=("uniform", -2.0, 6.0), dirs=("int", -1, 1),
                     lowers=("uniform", 0.0, 3.0), uppers=("uniform", 3.0, 4.5)), shapes=_SHAPES,
         launches=[dict(kernel="rays", args=dict(bvh=_bvh(leaf_size=4)))],
         outputs=_OUT),
    # rays starting beyond every bound and pointing away: they miss
    dict(name="rays_miss", dim=N, block_dim=8,
         arrays=dict(starts=("uniform", 8.0, 9.0), dirs=("uniform", 0.1, 1.0), **_BOXES), shapes=_SHAPES,
         launches=[dict(kernel="rays", args=dict(bvh=_bvh()))],
         outputs=_OUT),
    dict(name="aliases", dim=N, block_dim=8,
         arrays=dict(lo=("uniform", -1.0, 5.0), dirs=("uniform", -1.0, 1.0), **_BOXES),
         shapes=dict(lowers=(NB,), uppers=(NB,)),
         launches=[dict(kernel="aliases", args=dict(bvh=_bvh(), half=0.3))],
         outputs=["count", "index_sum", "ray_count", "ray_sum"]),
]
