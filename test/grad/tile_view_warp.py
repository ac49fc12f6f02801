"""Gradients of the tile views, slices, gathers and writes that warp-lang's
own tests (warp/tests/tile/test_tile_view.py) differentiate, compared with
warp-lang's tape (fd=False: the rules are linear, FD adds nothing that
grad.tile_view_assign does not check): rows stored through views, views
assigned at offsets, a column mapped and written back, a column copied
through another tile (the overwritten column gets no gradient twice),
broadcasts assigned (the gradient summed over the broadcast positions),
gathers with repeated and negative indices, chained slices.  (Its column mapped by a @wp.func and written back is left
out: warpc has no adjoint of tile_map of a @wp.func yet.)"""
import warp as wp

TILE_M = 16
TILE_N = 32


@wp.kernel
def row_copy(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    a = wp.tile_load(src, shape=(TILE_M, TILE_N))
    for i in range(TILE_M):
        row = a[i]
        wp.tile_store(dst[i], row)


@wp.kernel
def view_offset(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    a = wp.tile_load(src, shape=(TILE_M, TILE_N))
    b = wp.tile_zeros(shape=(TILE_M, TILE_N), dtype=float)
    for i in range(TILE_M // 4):
        v = wp.tile_view(a, offset=(i * 4, 0), shape=(4, TILE_N))
        wp.tile_assign(b, v, offset=(i * 4, 0))
    wp.tile_store(dst, b)


@wp.kernel
def shared_column(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float), col_idx: int):
    a = wp.tile_load(src, shape=(TILE_M, TILE_N), storage="shared")
    col_src = wp.tile_view(a, offset=(0, col_idx), shape=(TILE_M, 1))
    col_scaled = wp.tile_zeros(shape=(TILE_M, 1), dtype=float, storage="shared")
    wp.tile_assign(col_scaled, col_src)
    col_scaled_view = wp.tile_view(col_scaled, offset=(0, 0), shape=(TILE_M, 1))
    wp.tile_assign(a, col_scaled_view, offset=(0, col_idx))
    wp.tile_store(dst, a)


@wp.kernel
def broadcast_rows(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    row = wp.tile_load(src, shape=(1, 8), storage="shared")
    dest = wp.tile_zeros(shape=(TILE_M, 8), dtype=float, storage="shared")
    wp.tile_assign(dest, wp.tile_broadcast(row, shape=(TILE_M, 8)))
    wp.tile_store(dst, dest)


@wp.kernel
def gather_dup(src: wp.array2d(dtype=float), idx: wp.array1d(dtype=int), dst: wp.array2d(dtype=float)):
    t = wp.tile_load(src, shape=(TILE_M, TILE_N))
    i = wp.tile_load(idx, shape=8)
    wp.tile_store(dst, t[i, :])


@wp.kernel
def chains(src: wp.array1d(dtype=float), m: wp.array2d(dtype=float), idx: wp.array1d(dtype=int),
           dst: wp.array1d(dtype=float), dst2: wp.array1d(dtype=float)):
    t = wp.tile_load(src, shape=(64,))
    wp.tile_store(dst, t[::-1][::2])
    u = wp.tile_load(m, shape=(TILE_M, TILE_N))
    i = wp.tile_load(idx, shape=4)
    wp.tile_store(dst2, u[2][i])


GRAD_TESTS = [
    dict(name="row_copy", kernel="row_copy", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1)), shapes=dict(src=(TILE_M, TILE_N), dst=(TILE_M, TILE_N)),
         outputs=["dst"], inputs=["src"]),
    dict(name="view_offset", kernel="view_offset", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1)), shapes=dict(src=(TILE_M, TILE_N), dst=(TILE_M, TILE_N)),
         outputs=["dst"], inputs=["src"]),
    dict(name="shared_column", kernel="shared_column", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1), col_idx=5), shapes=dict(src=(TILE_M, TILE_N), dst=(TILE_M, TILE_N)),
         outputs=["dst"], inputs=["src"]),
    dict(name="broadcast_rows", kernel="broadcast_rows", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1)), shapes=dict(src=(1, 8), dst=(TILE_M, 8)),
         outputs=["dst"], inputs=["src"]),
    dict(name="gather_dup", kernel="gather_dup", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1), idx=("values", [0, 0, 3, 3, 5, -1, 7, -1])),
         shapes=dict(src=(TILE_M, TILE_N), idx=(8,), dst=(8, TILE_N)),
         outputs=["dst"], inputs=["src"]),
    dict(name="chains", kernel="chains", dim=1, block_dim=32, fd=False,
         args=dict(src=("uniform", 0, 1), m=("uniform", 0, 1), idx=("values", [1, 3, 3, -1])),
         shapes=dict(src=(64,), m=(TILE_M, TILE_N), idx=(4,), dst=(32,), dst2=(4,)),
         outputs=["dst", "dst2"], inputs=["src", "m"]),
]
