# `for index in query:` (Warp's iteration of a hash-grid query state)
# against warp-lang: the same neighbours in the same order as
# hash_grid_query_next, with continue and break in the body, a query
# passed to a @wp.func annotated wp.HashGridQuery[wp.float32], and a state
# variable iterated again (a loop consumes the variable it names: the later
# loops over it find nothing, in Warp as in warpc).
import warp as wp


@wp.func
def nearest(query: wp.HashGridQuery[wp.float32], center: wp.vec3, pts: wp.array(dtype=wp.vec3),
            radius: float) -> int:
    best = int(-1)
    best_d = radius * radius
    index = int(0)
    while wp.hash_grid_query_next(query, index):
        d = wp.length_sq(pts[index] - center)
        if d <= best_d:
            best = index
            best_d = d
    return best


@wp.kernel
def iterate(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), r: float,
            order_sum: wp.array(dtype=float), skipped: wp.array(dtype=int),
            first_far: wp.array(dtype=int), best: wp.array(dtype=int),
            again: wp.array(dtype=int)):
    t = wp.tid()
    p = pts[t]
    q = wp.hash_grid_query(grid, p, r)
    s = float(0.0)
    k = int(0)
    for index in q:
        if index == t:
            k += 1
            continue
        s = s * 0.75 + float(index)
    order_sum[t] = s
    skipped[t] = k
    ff = int(-1)
    for j in wp.hash_grid_query(grid, p, r):
        if wp.length(pts[j] - p) > r:
            ff = j
            break
    first_far[t] = ff
    best[t] = nearest(wp.hash_grid_query(grid, p, r), p, pts, r)
    n = int(0)
    for j in q:
        n += 1
    for j in q:
        n += 1
    again[t] = n


TESTS = [
    dict(name="iterate", kernel="iterate", dim=200,
         args=dict(grid=("object", "hash_grid", dict(points="pts", radius=0.4, dims=(7, 7, 7))),
                   pts=("uniform", -2.0, 2.0), r=0.4),
         outputs=["order_sum", "skipped", "first_far", "best", "again"]),
]
