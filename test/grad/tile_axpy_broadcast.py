"""Adjoint of wp.tile_axpy onto a tile_broadcast of b (Warp's view: every
position adds alpha * src into b's element): adj(src)[i, j] = alpha *
adj(b')[j], adj(b) = adj(b') where b' = b + the positions' sums."""
import warp as wp


@wp.kernel
def axpy_b(bias: wp.array(dtype=float), src: wp.array2d(dtype=float), col: wp.array2d(dtype=float),
           out: wp.array2d(dtype=float), b_out: wp.array(dtype=float), out2: wp.array2d(dtype=float)):
    i = wp.tid()
    b = wp.tile_load(bias, shape=4, storage="shared")
    dest = wp.tile_broadcast(b, shape=(3, 4))
    s = wp.tile_load(src, shape=(3, 4))
    wp.tile_axpy(0.75, s, dest)
    wp.tile_store(out, dest)
    wp.tile_store(b_out, b)
    c = wp.tile_load(col, shape=(3, 1))
    d2 = wp.tile_broadcast(c, shape=(3, 4))
    wp.tile_axpy(-1.5, s, d2)
    wp.tile_store(out2, d2 * s)


@wp.kernel
def axpy_b_f64(bias: wp.array(dtype=wp.float64), src: wp.array2d(dtype=wp.float64), col: wp.array2d(dtype=wp.float64),
               out: wp.array2d(dtype=wp.float64), b_out: wp.array(dtype=wp.float64),
               out2: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    b = wp.tile_load(bias, shape=4, storage="shared")
    dest = wp.tile_broadcast(b, shape=(3, 4))
    s = wp.tile_load(src, shape=(3, 4))
    wp.tile_axpy(wp.float64(0.75), s, dest)
    wp.tile_store(out, dest)
    wp.tile_store(b_out, b)
    c = wp.tile_load(col, shape=(3, 1))
    d2 = wp.tile_broadcast(c, shape=(3, 4))
    wp.tile_axpy(wp.float64(-1.5), s, d2)
    wp.tile_store(out2, d2 * s)


GRAD_TESTS = [
    dict(name="axpy_broadcast", kernel="axpy_b", dim=1, block_dim=8,
         args=dict(bias=("uniform", -1, 1), src=("uniform", -1, 1), col=("uniform", -1, 1)),
         shapes=dict(bias=(4,), src=(3, 4), col=(3, 1), out=(3, 4), b_out=(4,), out2=(3, 4)),
         outputs=["out", "b_out", "out2"], inputs=["bias", "src", "col"]),
]
