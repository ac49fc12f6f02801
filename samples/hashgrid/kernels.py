# Neighbour counts through a hash grid: for each particle, the number of
# other particles within RADIUS, and the sum of their indices (a checksum of
# which ones were found).  The grid is a uint64 id made by the host program
# (<warp/hash_grid.h>, or wp.HashGrid in Python).
import warp as wp

RADIUS = wp.constant(0.1)


@wp.func
def within(p: wp.vec3, q: wp.vec3) -> bool:
    return wp.length_sq(p - q) <= RADIUS * RADIUS


@wp.kernel
def count_neighbours(grid: wp.uint64, x: wp.array(dtype=wp.vec3),
                     count: wp.array(dtype=int), index_sum: wp.array(dtype=wp.int64)):
    i = wp.tid()
    p = x[i]
    query = wp.hash_grid_query(grid, p, RADIUS)
    j = int(0)
    n = int(0)
    s = wp.int64(0)
    while wp.hash_grid_query_next(query, j):
        if j != i and within(p, x[j]):
            n += 1
            s += wp.int64(j)
    count[i] = n
    index_sum[i] = s
