"""warp-lang 1.19's CPU tape doubles the gradient of tile_matmul's first
operand when the same kernel also reads tile_transpose of the second.

The smallest kernel found: c = tile_matmul(a, b) and r = tile_transpose(b),
both stored.  d(sum seed_c * c)/da = seed_c b^T, which warpc's backward and
float64 finite differences agree on; warp-lang's tape gives exactly twice
that for every element of a.grad (b.grad is right), whether r is seeded or
not.  With alpha= and r = tile_sum(tile_transpose(b), axis=1) (the form first
seen, mm_alpha_sum) it is the same; the transpose of another tile
(mm_other_transpose, the control) leaves warp-lang right.  Not traced into
warp-lang's generated code; there tile_transpose is a view sharing b's data
and adjoint storage.  warpc's rules (adj(a) += g b^T, adj(b) += transpose(adj
r) + a^T g) count each path once."""
import warp as wp


@wp.kernel
def mm_transpose(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
                 r: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(2, 3))
    tb = wp.tile_load(b, shape=(3, 2))
    wp.tile_store(c, wp.tile_matmul(ta, tb))
    wp.tile_store(r, wp.tile_transpose(tb))


@wp.kernel
def mm_transpose_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                     c: wp.array2d(dtype=wp.float64), r: wp.array2d(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(2, 3))
    tb = wp.tile_load(b, shape=(3, 2))
    wp.tile_store(c, wp.tile_matmul(ta, tb))
    wp.tile_store(r, wp.tile_transpose(tb))


# the form first seen (tile_half.py's half_mm and half_t in one kernel)
@wp.kernel
def mm_alpha_sum(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), c: wp.array2d(dtype=float),
                 r: wp.array(dtype=float)):
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=0.5))
    wp.tile_store(r, wp.tile_sum(wp.tile_transpose(tb), axis=1))


@wp.kernel
def mm_alpha_sum_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                     c: wp.array2d(dtype=wp.float64), r: wp.array(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=wp.float64(0.5)))
    wp.tile_store(r, wp.tile_sum(wp.tile_transpose(tb), axis=1))


# the control: the transpose of a tile that is not a matmul operand
@wp.kernel
def mm_other_transpose(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), d: wp.array2d(dtype=float),
                       c: wp.array2d(dtype=float), r: wp.array2d(dtype=float)):
    ta = wp.tile_load(a, shape=(2, 3))
    tb = wp.tile_load(b, shape=(3, 2))
    wp.tile_store(c, wp.tile_matmul(ta, tb))
    wp.tile_store(r, wp.tile_transpose(wp.tile_load(d, shape=(3, 2))))


@wp.kernel
def mm_other_transpose_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                           d: wp.array2d(dtype=wp.float64), c: wp.array2d(dtype=wp.float64),
                           r: wp.array2d(dtype=wp.float64)):
    ta = wp.tile_load(a, shape=(2, 3))
    tb = wp.tile_load(b, shape=(3, 2))
    wp.tile_store(c, wp.tile_matmul(ta, tb))
    wp.tile_store(r, wp.tile_transpose(wp.tile_load(d, shape=(3, 2))))


U = ("uniform", -1, 1)
WRONG = "warp-lang 1.19's tape gives twice d/da of tile_matmul(a, b) when tile_transpose(b) is in the kernel"
GRAD_TESTS = [
    dict(name="mm_transpose", kernel="mm_transpose", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(2, 3), b=(3, 2), c=(2, 2), r=(2, 3)), outputs=["c", "r"], inputs=["a", "b"],
         warp_wrong=["a"], note=WRONG),
    # only c seeded: r's adjoint is zero, and a's gradient is still doubled
    dict(name="mm_transpose_c_only", kernel="mm_transpose", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(2, 3), b=(3, 2), c=(2, 2), r=(2, 3)), outputs=["c"], inputs=["a", "b"],
         warp_wrong=["a"], note=WRONG),
    dict(name="mm_alpha_sum", kernel="mm_alpha_sum", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(3, 4), b=(4, 5), c=(3, 5), r=(5,)), outputs=["c", "r"], inputs=["a", "b"],
         warp_wrong=["a"], note=WRONG),
    dict(name="mm_other_transpose", kernel="mm_other_transpose", dim=1, block_dim=8, args=dict(a=U, b=U, d=U),
         shapes=dict(a=(2, 3), b=(3, 2), d=(3, 2), c=(2, 2), r=(2, 3)), outputs=["c", "r"],
         inputs=["a", "b", "d"]),
]
