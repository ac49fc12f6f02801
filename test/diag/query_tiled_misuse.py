# Block-wide (tiled) queries (lib/lower/lower_query_tiled.c) used in ways
# Warp does not allow or that cannot work: a _next of a query that is no
# local variable (the call advances it), of the other family's state, of a
# plain query; tile_query_valid of a plain query; wrong arguments; a state
# as a kernel parameter; and the warnings of the deprecated aliases.
import warp as wp


@wp.kernel
def bad(bvh: wp.uint64, mesh: wp.uint64, out: wp.array(dtype=int)):
    lo = wp.vec3(0.0, 0.0, 0.0)
    t = wp.tile_bvh_query_next(wp.tile_bvh_query_aabb(bvh, lo, lo))
    mq = wp.tile_mesh_query_aabb(mesh, lo, lo)
    u = wp.tile_bvh_query_next(mq)
    bq = wp.tile_bvh_query_ray(bvh, lo, lo)
    v = wp.tile_mesh_query_aabb_next(bq)
    plain = wp.bvh_query_aabb(bvh, lo, lo)
    w = wp.tile_bvh_query_next(plain)
    ok = wp.tile_query_valid(plain)
    x = wp.tile_bvh_query_aabb(bvh, lo, 1.0)
    y = wp.tile_mesh_query_aabb(bvh, lo)
    z = wp.tile_bvh_query_next(bq, 1)
    old = wp.bvh_query_aabb_tiled(bvh, lo, lo)
    out[0] = wp.bvh_query_next_tiled(old)[0]


@wp.kernel
def param(q: wp.BvhQueryTiled):
    pass

# expect: 12:32: the query of 'tile_bvh_query_next' must be a local variable: the call advances it
# expect: 14:9: no overload of 'tile_bvh_query_next' for argument types (MeshQueryAABBTiled): the query must be a value of tile_bvh_query_aabb() or tile_bvh_query_ray()
# expect: 16:9: no overload of 'tile_mesh_query_aabb_next' for argument types (BvhQueryTiled): the query must be a value of tile_mesh_query_aabb()
# expect: 18:9: no overload of 'tile_bvh_query_next' for argument types (BvhQuery)
# expect: 19:10: no overload of 'tile_query_valid' for argument types (BvhQuery): the query must be a value of tile_bvh_query_aabb(), tile_bvh_query_ray() or tile_mesh_query_aabb()
# expect: 20:9: no overload of 'tile_bvh_query_aabb' for argument types (uint64, vec3f, float32): takes a uint64 id and two vec3f
# expect: 21:9: 'tile_mesh_query_aabb' takes 3 arguments, got 2
# expect: 22:9: 'tile_bvh_query_next' takes 1 argument, got 2
# expect-warning: 23:11: wp.bvh_query_aabb_tiled() is deprecated in warp-lang 1.18 (to be removed in 1.22): use wp.tile_bvh_query_aabb()
# expect-warning: 24:14: wp.bvh_query_next_tiled() is deprecated in warp-lang 1.18 (to be removed in 1.22): use wp.tile_bvh_query_next()
# expect: 28:14: a kernel parameter cannot be a 'BvhQueryTiled'
