# Hash-grid queries against warp-lang: neighbour counts within a radius,
# order-dependent sums over the neighbours in iteration order (the same
# cells, visited z, y, x ascending, and the same order inside a cell, as
# Warp), the last index a query leaves in its variable, hash_grid_point_id
# over all points, points outside the grid's dims (they wrap), a query in a
# @wp.func, a zero-radius query, an empty grid (built from no points), a
# grid that was never built, float64 grids, grouped builds and queries
# (float32, float64 and float16 overloads, radius 0 too).
import warp as wp


@wp.func
def count_within(grid: wp.uint64, p: wp.vec3, r: float, pts: wp.array(dtype=wp.vec3)) -> int:
    q = wp.hash_grid_query(grid, p, r)
    j = int(0)
    n = int(0)
    while wp.hash_grid_query_next(q, j):
        if wp.length(pts[j] - p) <= r:
            n += 1
    return n


@wp.kernel
def neighbours(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), r: float,
               count: wp.array(dtype=int), visited: wp.array(dtype=int),
               last: wp.array(dtype=int), order_sum: wp.array(dtype=float),
               func_count: wp.array(dtype=int)):
    t = wp.tid()
    p = pts[t]
    q = wp.hash_grid_query(grid, p, r)
    j = int(-7)
    n = int(0)
    v = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(q, j):
        v += 1
        s = s * 0.75 + float(j)
        if wp.length(pts[j] - p) <= r:
            n += 1
    count[t] = n
    visited[t] = v
    last[t] = j
    order_sum[t] = s
    func_count[t] = count_within(grid, p, r, pts)


@wp.kernel
def point_ids(grid: wp.uint64, ids: wp.array(dtype=int)):
    t = wp.tid()
    ids[t] = wp.hash_grid_point_id(grid, t)


@wp.kernel
def neighbours_d(grid: wp.uint64, pts: wp.array(dtype=wp.vec3d), r: wp.float64,
                 count: wp.array(dtype=int), order_sum: wp.array(dtype=wp.float64)):
    t = wp.tid()
    p = pts[t]
    q = wp.hash_grid_query(grid, p, r)
    j = int(0)
    n = int(0)
    s = wp.float64(0.0)
    while wp.hash_grid_query_next(q, j):
        s = s * wp.float64(0.75) + wp.float64(j)
        if wp.length(pts[j] - p) <= r:
            n += 1
    count[t] = n
    order_sum[t] = s


@wp.kernel
def grouped(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), grp: wp.array(dtype=int), r: float,
            count: wp.array(dtype=int), order_sum: wp.array(dtype=float)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r, grp[t])
    j = int(0)
    n = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(q, j):
        n += 1
        s = s * 0.75 + float(j)
    count[t] = n
    order_sum[t] = s


@wp.kernel
def grouped_d(grid: wp.uint64, pts: wp.array(dtype=wp.vec3d), grp: wp.array(dtype=int), r: wp.float64,
              count: wp.array(dtype=int), order_sum: wp.array(dtype=float)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r, grp[t])
    j = int(0)
    n = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(q, j):
        n += 1
        s = s * 0.75 + float(j)
    count[t] = n
    order_sum[t] = s


@wp.kernel
def grouped_h(grid: wp.uint64, pts: wp.array(dtype=wp.vec3h), grp: wp.array(dtype=int), r: wp.float16,
              count: wp.array(dtype=int), order_sum: wp.array(dtype=float)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r, grp[t])
    j = int(0)
    n = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(q, j):
        n += 1
        s = s * 0.75 + float(j)
    count[t] = n
    order_sum[t] = s


def _grid(**kw):
    return ("object", "hash_grid", dict(points="pts", **kw))


N = 200
_OUT = ["count", "visited", "last", "order_sum", "func_count"]
TESTS = [
    dict(name="inside", kernel="neighbours", dim=N,
         args=dict(grid=_grid(radius=0.5, dims=(8, 8, 8)), pts=("uniform", 0.0, 4.0), r=0.5),
         outputs=_OUT),
    # coordinates beyond the dims (and negative ones) wrap into the grid
    dict(name="outside_dims", kernel="neighbours", dim=N,
         args=dict(grid=_grid(radius=0.4, dims=(4, 3, 5)), pts=("uniform", -6.0, 6.0), r=0.7),
         outputs=_OUT),
    # a query radius larger than the grid: each cell visited once
    dict(name="large_radius", kernel="neighbours", dim=60,
         args=dict(grid=_grid(radius=0.3, dims=(3, 4, 2)), pts=("uniform", -1.0, 1.0), r=5.0),
         outputs=_OUT),
    dict(name="zero_radius", kernel="neighbours", dim=N,
         args=dict(grid=_grid(radius=0.25, dims=(16, 16, 16)), pts=("uniform", 0.0, 2.0), r=0.0),
         outputs=_OUT),
    # points on cell borders (multiples of the width) and duplicates
    dict(name="on_borders", kernel="neighbours", dim=64,
         args=dict(grid=_grid(radius=0.5, dims=(5, 5, 5)), pts=("int", -3, 3), r=0.5),
         outputs=_OUT),
    dict(name="point_ids", dim=N,
         arrays=dict(pts=("uniform", -3.0, 3.0)),
         launches=[dict(kernel="point_ids", args=dict(grid=_grid(radius=0.5, dims=(6, 7, 8))))],
         outputs=["ids"]),
    dict(name="empty_grid", dim=16, shapes=dict(none=(0,)),
         arrays=dict(pts=("uniform", 0.0, 1.0)),
         launches=[dict(kernel="neighbours",
                        args=dict(grid=("object", "hash_grid", dict(points="none", radius=0.5)),
                                  r=1.0))],
         outputs=_OUT),
    dict(name="never_built", kernel="neighbours", dim=16,
         args=dict(grid=_grid(radius=0.5, build=False), pts=("uniform", 0.0, 1.0), r=1.0),
         outputs=_OUT),
    dict(name="float64", kernel="neighbours_d", dim=N,
         args=dict(grid=_grid(radius=0.5, dims=(8, 8, 8), dtype="float64"),
                   pts=("uniform", -2.0, 2.0), r=0.5),
         outputs=["count", "order_sum"]),
    dict(name="grouped", kernel="grouped", dim=N,
         args=dict(grid=_grid(radius=0.5, dims=(8, 8, 8), groups="grp"),
                   pts=("uniform", 0.0, 3.0), grp=("int", -2, 2), r=0.6),
         outputs=["count", "order_sum"]),
    # the grouped overloads of float64 and float16 grids, also at radius 0
    *[dict(name=f"grouped_{t}_r{r}", kernel="grouped_d" if t == "float64" else "grouped_h", dim=N,
           args=dict(grid=_grid(radius=0.5, dims=(8, 8, 8), groups="grp", dtype=t),
                     pts=("uniform", 0.0, 3.0), grp=("int", -1, 2), r=r),
           outputs=["count", "order_sum"])
      for t in ("float64", "float16") for r in (0.6, 0.0)],
    # grouped queries of a grid built without groups visit every point
    dict(name="grouped_query_plain_build", kernel="grouped", dim=N,
         args=dict(grid=_grid(radius=0.5, dims=(8, 8, 8)),
                   pts=("uniform", 0.0, 3.0), grp=("int", 0, 3), r=0.6),
         outputs=["count", "order_sum"]),
]
