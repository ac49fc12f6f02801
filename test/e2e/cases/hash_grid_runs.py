# Hash-grid queries visit a row's consecutive cells as one run of sorted
# points (lib/emit/prelude/8hashgrid.h): the exact sequence of point ids
# each query yields, against warp-lang, where rows wrap past dim_x (two
# runs), a radius wider than the grid (a row of dim_x cells), a negative
# radius (hi < lo: Warp still visits the first cell), many empty cells,
# points outside the dims, and grouped grids (plain queries run over
# group-sorted cells; group queries go cell by cell).
import warp as wp

K = 48


@wp.kernel
def sequence(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), r: float,
             count: wp.array(dtype=int), seq: wp.array(dtype=int)):
    t = wp.tid()
    n = int(0)
    for j in wp.hash_grid_query(grid, pts[t], r):
        if n < K:
            seq[t * K + n] = j
        n += 1
    count[t] = n


@wp.kernel
def sequence_grouped(grid: wp.uint64, pts: wp.array(dtype=wp.vec3), grp: wp.array(dtype=int), r: float,
                     count: wp.array(dtype=int), seq: wp.array(dtype=int)):
    t = wp.tid()
    q = wp.hash_grid_query(grid, pts[t], r, grp[t])
    j = int(0)
    n = int(0)
    while wp.hash_grid_query_next(q, j):
        if n < K:
            seq[t * K + n] = j
        n += 1
    count[t] = n


@wp.kernel
def sequence_d(grid: wp.uint64, pts: wp.array(dtype=wp.vec3d), r: wp.float64,
               count: wp.array(dtype=int), seq: wp.array(dtype=int)):
    t = wp.tid()
    n = int(0)
    for j in wp.hash_grid_query(grid, pts[t], r):
        if n < K:
            seq[t * K + n] = j
        n += 1
    count[t] = n


def _grid(**kw):
    return ("object", "hash_grid", dict(points="pts", **kw))


N = 120
_OUT = ["count", "seq"]
_SHAPES = dict(seq=(N * K,))
TESTS = [
    # dims 5 x 4 x 3, points over two periods: most rows wrap past dim_x
    dict(name="wrapping_rows", kernel="sequence", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.5, dims=(5, 4, 3)), pts=("uniform", -2.5, 2.5), r=0.5),
         outputs=_OUT),
    # a radius wider than the grid: every row is dim_x cells
    dict(name="wide_radius", kernel="sequence", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.25, dims=(4, 3, 2)), pts=("uniform", -0.6, 0.6), r=3.0),
         outputs=_OUT),
    # a negative radius: one cell per query
    dict(name="negative_radius", kernel="sequence", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.25, dims=(4, 4, 4)), pts=("uniform", -1.0, 1.0), r=-0.3),
         outputs=_OUT),
    # a sparse grid: most cells of a run are empty
    dict(name="sparse", kernel="sequence", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.1, dims=(32, 32, 32)), pts=("uniform", 0.0, 3.2), r=0.25),
         outputs=_OUT),
    # a grouped build queried without a group: runs over (cell, group) order
    dict(name="grouped_build_plain_query", kernel="sequence", dim=N, shapes=_SHAPES,
         arrays=dict(grp=("int", 0, 3)),
         args=dict(grid=_grid(radius=0.5, dims=(6, 5, 4), groups="grp"), pts=("uniform", -1.0, 4.0), r=0.6),
         outputs=_OUT),
    # group queries of a grouped build (cell by cell) and of a plain build (runs)
    dict(name="grouped_query", kernel="sequence_grouped", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.5, dims=(6, 5, 4), groups="grp"), pts=("uniform", -1.0, 4.0),
                   grp=("int", 0, 3), r=0.6),
         outputs=_OUT),
    dict(name="grouped_query_plain_build", kernel="sequence_grouped", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.5, dims=(6, 5, 4)), pts=("uniform", -1.0, 4.0),
                   grp=("int", 0, 3), r=0.6),
         outputs=_OUT),
    dict(name="float64", kernel="sequence_d", dim=N, shapes=_SHAPES,
         args=dict(grid=_grid(radius=0.5, dims=(5, 4, 3), dtype="float64"), pts=("uniform", -2.5, 2.5), r=0.5),
         outputs=_OUT),
]
