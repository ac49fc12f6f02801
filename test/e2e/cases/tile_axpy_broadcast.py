"""wp.tile_axpy onto a tile_broadcast, bit for bit against warp-lang's CPU
backend (tol 0): the broadcast is a view of its source (Warp places it in
shared memory), so every position along a broadcast extent adds its
alpha * src into the same source element, in row-major order of the
positions; the source tile and every other broadcast of it see the sums
(out[i, j] = bias[j] + 4 with ones, as warp-lang's test expects).  The
in-place operators (+=, -=, ^= with a tile) onto a broadcast write each
position's result into the source, the last position's staying."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.kernel
def axpy_rows(bias_in: wp.array(dtype=float), src_in: wp.array2d(dtype=float), alpha: float,
              out: wp.array2d(dtype=float), bias_out: wp.array(dtype=float), other: wp.array3d(dtype=float)):
    i = wp.tid()
    bias = wp.tile_load(bias_in, shape=4, storage="shared")
    dest = wp.tile_broadcast(bias, shape=(4, 4))
    again = wp.tile_broadcast(bias, shape=(2, 3, 4))
    src = wp.tile_load(src_in, shape=(4, 4), storage="register")
    wp.tile_axpy(alpha, src, dest)
    wp.tile_store(out, dest)
    wp.tile_store(bias_out, bias)
    wp.tile_store(other, again)


@wp.kernel
def axpy_cols(col_in: wp.array2d(dtype=float), src_in: wp.array2d(dtype=float), alpha: float,
              out: wp.array2d(dtype=float), col_out: wp.array2d(dtype=float)):
    i = wp.tid()
    col = wp.tile_load(col_in, shape=(3, 1))
    dest = wp.tile_broadcast(col, shape=(3, 5))
    src = wp.tile_load(src_in, shape=(3, 5))
    wp.tile_axpy(alpha, src, dest)
    wp.tile_axpy(alpha * 2.0, src, dest)
    wp.tile_store(out, dest)
    wp.tile_store(col_out, col)


@wp.kernel
def axpy_3d(b_in: wp.array(dtype=float), src_in: wp.array3d(dtype=float), out: wp.array3d(dtype=float)):
    i = wp.tid()
    dest = wp.tile_broadcast(wp.tile_load(b_in, shape=4), shape=(2, 3, 4))
    wp.tile_axpy(0.5, wp.tile_load(src_in, shape=(2, 3, 4)), dest)
    wp.tile_store(out, dest)


@wp.kernel
def axpy_loop(a: wp.array(dtype=float), s: wp.array2d(dtype=float), n: int, out: wp.array2d(dtype=float),
              b_out: wp.array(dtype=float)):
    i = wp.tid()
    b = wp.tile_load(a, shape=4, storage="shared")
    t = wp.tile_load(s, shape=(4, 4))
    for j in range(n):  # the source, updated in each iteration
        d = wp.tile_broadcast(b, shape=(4, 4))
        wp.tile_axpy(0.25, t, d)
    fresh = wp.tile_broadcast(b, shape=(4, 4))
    fresh = wp.tile_zeros(shape=(4, 4), dtype=float)  # no longer a broadcast
    wp.tile_axpy(1.0, t, fresh)
    wp.tile_store(out, fresh)
    wp.tile_store(b_out, b)


@wp.kernel
def inplace(b_in: wp.array(dtype=float), s_in: wp.array2d(dtype=float), c_in: wp.array2d(dtype=float),
            k_in: wp.array(dtype=int), m_in: wp.array2d(dtype=int), out: wp.array2d(dtype=float),
            b_out: wp.array(dtype=float), out2: wp.array2d(dtype=float), c_out: wp.array2d(dtype=float),
            k_out: wp.array(dtype=int), out3: wp.array2d(dtype=int)):
    i = wp.tid()
    b = wp.tile_load(b_in, shape=4, storage="shared")
    d = wp.tile_broadcast(b, shape=(3, 4))
    s = wp.tile_load(s_in, shape=(3, 4))
    d += s  # each position writes b[j] + s[i, j] into b[j]: the last stays
    wp.tile_store(out, d)
    wp.tile_store(b_out, b)
    c = wp.tile_load(c_in, shape=(3, 1))
    e = wp.tile_broadcast(c, shape=(3, 4))
    e -= s
    e *= s  # not in place in Warp: e's own value from here
    wp.tile_store(out2, e)
    wp.tile_store(c_out, c)
    k = wp.tile_load(k_in, shape=4)
    f = wp.tile_broadcast(k, shape=(3, 4))
    f ^= wp.tile_load(m_in, shape=(3, 4))
    wp.tile_store(out3, f)
    wp.tile_store(k_out, k)


ROWS = dict(bias_in=(4,), src_in=(4, 4), out=(4, 4), bias_out=(4,), other=(2, 3, 4))
TESTS = [
    dict(name="rows_test", kernel="axpy_rows", dim=1, block_dim=64,
         args=dict(bias_in=("values", [1.0, 2.0, 3.0, 4.0]), src_in=("full", 1.0), alpha=1.0),
         shapes=ROWS, outputs=["out", "bias_out", "other"], **EXACT),
    dict(name="rows_uniform", kernel="axpy_rows", dim=1, block_dim=64,
         args=dict(bias_in=("uniform", -1, 1), src_in=("uniform", -1, 1), alpha=0.7),
         shapes=ROWS, outputs=["out", "bias_out", "other"], **EXACT),
    dict(name="cols", kernel="axpy_cols", dim=1, block_dim=16,
         args=dict(col_in=("uniform", -1, 1), src_in=("uniform", -1, 1), alpha=-1.3),
         shapes=dict(col_in=(3, 1), src_in=(3, 5), out=(3, 5), col_out=(3, 1)), outputs=["out", "col_out"], **EXACT),
    dict(name="nd", kernel="axpy_3d", dim=1, block_dim=8,
         args=dict(b_in=("uniform", -1, 1), src_in=("uniform", -1, 1)),
         shapes=dict(b_in=(4,), src_in=(2, 3, 4), out=(2, 3, 4)), outputs=["out"], **EXACT),
    dict(name="loop", kernel="axpy_loop", dim=1, block_dim=8,
         args=dict(a=("uniform", -1, 1), s=("uniform", -1, 1), n=3),
         shapes=dict(a=(4,), s=(4, 4), out=(4, 4), b_out=(4,)), outputs=["out", "b_out"], **EXACT),
    dict(name="inplace", kernel="inplace", dim=1, block_dim=8,
         args=dict(b_in=("uniform", -1, 1), s_in=("uniform", -1, 1), c_in=("uniform", -1, 1),
                   k_in=("int", 0, 255), m_in=("int", 0, 255)),
         shapes=dict(b_in=(4,), s_in=(3, 4), c_in=(3, 1), k_in=(4,), m_in=(3, 4), out=(3, 4), b_out=(4,),
                     out2=(3, 4), c_out=(3, 1), k_out=(4,), out3=(3, 4)),
         outputs=["out", "b_out", "out2", "c_out", "k_out", "out3"], **EXACT),
]
