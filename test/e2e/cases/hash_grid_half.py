# float16 hash grids (wp.HashGrid(dtype=wp.float16)) against warp-lang: the
# cell of a point and the query's cell range computed in float16 arithmetic
# (each step rounded, as Warp's half type does), the same visiting order.
import warp as wp


@wp.kernel
def neighbours_h(grid: wp.uint64, pts: wp.array(dtype=wp.vec3h), r: wp.float16,
                 visited: wp.array(dtype=int), order_sum: wp.array(dtype=float),
                 ids: wp.array(dtype=int)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r)
    j = int(0)
    v = int(0)
    s = float(0.0)
    while wp.hash_grid_query_next(q, j):
        v += 1
        s = s * 0.75 + float(j)
    visited[t] = v
    order_sum[t] = s
    ids[t] = wp.hash_grid_point_id(grid, t)


TESTS = [
    dict(name="half", kernel="neighbours_h", dim=150,
         args=dict(grid=("object", "hash_grid", dict(points="pts", radius=0.3, dims=(6, 6, 6),
                                                      dtype="float16")),
                   pts=("uniform", -2.0, 2.0), r=0.3),
         outputs=["visited", "order_sum", "ids"]),
]
