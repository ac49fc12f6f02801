# BVH queries are out of scope by decision.
import warp as wp


@wp.kernel
def overlaps(bvh: wp.uint64, lo: wp.array(dtype=wp.vec3), hi: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    query = wp.bvh_query_aabb(bvh, lo[i], hi[i])

# expect: 8:13: 'bvh_query_aabb' is not supported by warpc: BVH queries are out of scope
