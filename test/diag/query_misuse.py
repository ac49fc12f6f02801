# Query states (lib/lower/lower_query.c) used in ways Warp does not allow or
# that cannot work: X_next on a query or an index that is not a local
# variable (the call assigns both), a wrong index type, a constructed state,
# a state as a kernel parameter.
import warp as wp


@wp.kernel
def bad(grid: wp.uint64, out: wp.array(dtype=int)):
    p = wp.vec3(0.0, 0.0, 0.0)
    i = int(0)
    while wp.hash_grid_query_next(wp.hash_grid_query(grid, p, 1.0), i):
        i += 1
    q = wp.hash_grid_query(grid, p, 1.0)
    while wp.hash_grid_query_next(q, out[0]):
        i += 1
    f = float(0.0)
    while wp.hash_grid_query_next(q, f):
        i += 1
    r = wp.HashGridQuery()
    out[0] = wp.hash_grid_point_id(grid, 1.5)


@wp.kernel
def param(q: wp.HashGridQuery):
    pass

# expect: 12:35: the query of 'hash_grid_query_next' must be a local variable: the call assigns it
# expect: 15:38: the index of 'hash_grid_query_next' must be a local variable: the call assigns it
# expect: 18:11: no overload of 'hash_grid_query_next' for argument types (HashGridQuery, float32): the index must be an int32 variable
# expect: 20:9: 'HashGridQuery' has no constructor: its values are made by the builtins that return them
# expect: 21:14: no overload of 'hash_grid_point_id'
# expect: 25:14: a kernel parameter cannot be a 'HashGridQuery'
