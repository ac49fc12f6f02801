"""warp-lang 1.19.0's warp/tests/geometry/test_hash_grid.py: its
module-level kernels, over grids built by e2e_obj_hash_grid.py (warp-lang's
wp.HashGrid for the oracle, <warp/hash_grid.h> for warpc) from points drawn
from the ranges the file's own tests use (its particle lattice, its grouped
points, its three precisions), every output compared exactly: neighbour
counts, the closest neighbour, the indices a capped walk collects in
iteration order."""
import warp as wp

TARGET = "warp/tests/geometry/test_hash_grid.py"


def grid(points="points", **kw):
    return ("object", "hash_grid", dict(points=points, **kw))


N = 400
TESTS = [
    # test_hashgrid_query: a jittered lattice of spacing 4, cell width 8,
    # query radius 8, on the file's 128^3 grid
    *[dict(name=f"count_neighbors_{t}", kernel="count_neighbors", dim=N,
           overload=[wp.uint64, s, wp.array(dtype=v), wp.array(dtype=int)],
           args=dict(grid=grid(radius=8.0, dims=(128, 128, 128), dtype=t), radius=8.0,
                     points=("uniform", 0.0, 40.0)),
           outputs=["counts"])
      for t, s, v in (("float32", wp.float32, wp.vec3f), ("float64", wp.float64, wp.vec3d),
                      ("float16", wp.float16, wp.vec3h))],
    dict(kernel="count_neighbors_reference", dim=64 * 64,
         args=dict(radius=8.0, points=("uniform", 0.0, 30.0), num_points=64),
         shapes=dict(points=(64,), counts=(64,)), outputs=["counts"]),
    # test_hashgrid_grouped_query and its relatives: groups of both signs
    dict(kernel="count_neighbors_grouped", dim=N,
         args=dict(grid=grid(radius=0.2, dims=(16, 16, 16), groups="groups"), radius=0.2,
                   points=("uniform", -0.5, 0.5), groups=("int", -2, 2)),
         outputs=["counts"]),
    dict(name="count_neighbors_fixed_group", dim=N,
         arrays=dict(points=("uniform", -0.5, 0.5), groups=("int", 0, 3)),
         launches=[dict(kernel="count_neighbors_fixed_group",
                        args=dict(grid=grid(radius=0.2, dims=(16, 16, 16), groups="groups"),
                                  radius=0.2, group=1))],
         outputs=["counts"]),
    # test_hashgrid_query_func_annotations: a query passed to a @wp.func
    *[dict(name=f"closest_{t}", kernel=f"closest_hashgrid_neighbor_kernel_{t}", dim=64,
           args=dict(grid=grid(radius=0.5, dims=(16, 16, 16), dtype=t),
                     query_points=("uniform", 0.0, 2.0), points=("uniform", 0.0, 2.0), radius=0.5),
           shapes=dict(points=(200,)), outputs=["closest"])
      for t in ("float16", "float32", "float64")],
    # the periodic box test: a grid whose dims times the width span the box
    dict(kernel="count_neighbors_periodic", dim=N,
         args=dict(grid=grid(radius=1.0, dims=(4, 4, 4)), radius=1.0, period=4.0,
                   points=("uniform", 0.0, 4.0)),
         outputs=["counts"]),
    # collect_single_point_neighbors and the wrapping tests: the indices in
    # iteration order, capped at 8 per query
    *[dict(name=f"collect_capped_{t}", dim=N,
           arrays=dict(queries=("uniform", -20.0, 20.0)),
           launches=[dict(kernel="collect_neighbors_capped",
                          overload=[wp.uint64, s, wp.array(dtype=v), wp.array2d(dtype=int),
                                    wp.array(dtype=int)],
                          args=dict(grid=grid("queries", radius=1.5, dims=(5, 3, 7), dtype=t),
                                    radius=2.0))],
           shapes=dict(results=(N, 8)), outputs=["results", "counts"])
      for t, s, v in (("float32", wp.float32, wp.vec3f), ("float64", wp.float64, wp.vec3d))],
]
