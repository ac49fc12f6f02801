"""Gradients through a view bound in the body and written in a loop
(wp.tile_assign(row, x * row) three times) and an in-place operator on a
view (r2 += x), against float64 finite differences; warp-lang's Tape
gives a wrong b.grad (its adjoint of the overwriting tile_assign)."""
import warp as wp

M = 4
N = 4


@wp.kernel
def g(a: wp.array2d(dtype=float), b: wp.array(dtype=float), o: wp.array2d(dtype=float), o1: wp.array(dtype=float)):
    t = wp.tile_load(a, shape=(M, N), storage="shared")
    x = wp.tile_load(b, shape=N, storage="shared")
    row = t[0]
    for i in range(3):
        wp.tile_assign(row, x * row)
    r2 = t[1]
    r2 += x
    wp.tile_store(o1, row * r2)
    wp.tile_store(o, t)


@wp.kernel
def g_f64(a: wp.array2d(dtype=wp.float64), b: wp.array(dtype=wp.float64), o: wp.array2d(dtype=wp.float64), o1: wp.array(dtype=wp.float64)):
    t = wp.tile_load(a, shape=(M, N), storage="shared")
    x = wp.tile_load(b, shape=N, storage="shared")
    row = t[0]
    for i in range(3):
        wp.tile_assign(row, x * row)
    r2 = t[1]
    r2 += x
    wp.tile_store(o1, row * r2)
    wp.tile_store(o, t)


GRAD_TESTS = [
    dict(name="g", kernel="g", dim=1, block_dim=16,
         args=dict(a=("uniform", -1.0, 1.0), b=("uniform", -1.0, 1.0)),
         shapes=dict(a=(M, N), b=(N,), o=(M, N), o1=(N,)), outputs=["o", "o1"], inputs=["a", "b"], warp_wrong=["b"]),
]
