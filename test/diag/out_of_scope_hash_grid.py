# Hash-grid queries are out of scope by decision.
import warp as wp


@wp.kernel
def neighbours(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), out: wp.array(dtype=int)):
    tid = wp.tid()
    i = wp.hash_grid_point_id(grid, tid)
    out[tid] = i

# expect: 8:9: 'hash_grid_point_id' is not supported by warpc: hash-grid queries are out of scope
