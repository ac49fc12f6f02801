"""wp.tile_dot of tiles of vectors, matrices, float16 and bfloat16, bit for bit
against warp-lang's CPU backend (tol 0): Warp contracts each pair of
elements fully (tensordot: dot of vectors, ddot of matrices, product of
scalars) and sums from zero in element order into a tile of shape (1,) of
the scalar type (warp/native/tile_reduce.h tile_dot); in float16
(bfloat16) every product and partial sum is rounded to float16
(bfloat16).  A float16 dot of negative zero products is +0 (the sum
starts from +0, unlike tile_sum): seen through 1 / dot = +inf."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.kernel
def dot_vec(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), c: wp.array2d(dtype=wp.vec2d),
            d: wp.array2d(dtype=wp.vec2d), out: wp.array(dtype=float), outd: wp.array(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=16, storage="register")
    tb = wp.tile_load(b, shape=16, storage="shared")
    wp.tile_store(out, wp.tile_dot(ta, tb))
    wp.tile_store(outd, wp.tile_dot(wp.tile_load(c, shape=(3, 5)), wp.tile_load(d, shape=(3, 5))))


@wp.kernel
def dot_mat(a: wp.array(dtype=wp.mat33), b: wp.array(dtype=wp.mat33), c: wp.array(dtype=wp.mat22d),
            out: wp.array(dtype=float), outd: wp.array(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=8)
    tb = wp.tile_load(b, shape=8, storage="shared")
    wp.tile_store(out, wp.tile_dot(ta, tb))
    tc = wp.tile_load(c, shape=7)
    wp.tile_store(outd, wp.tile_dot(tc, tc))


@wp.kernel
def dot_half(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.float16), out: wp.array(dtype=wp.float16),
             inv: wp.array(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=64)
    tb = wp.tile_load(b, shape=64, storage="shared")
    s = wp.tile_dot(ta, tb)
    wp.tile_store(out, s)
    wp.tile_store(inv, 1.0 / wp.tile_astype(s, dtype=float))


@wp.kernel
def dot_bf16(a: wp.array(dtype=wp.bfloat16), b: wp.array(dtype=wp.bfloat16), out: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    wp.tile_store(out, wp.tile_dot(wp.tile_load(a, shape=40), wp.tile_load(b, shape=40)))


TESTS = [
    dict(name="vec", kernel="dot_vec", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1), d=("uniform", -1, 1)),
         shapes=dict(a=(16,), b=(16,), c=(3, 5), d=(3, 5), out=(1,), outd=(1,)), outputs=["out", "outd"], **EXACT),
    dict(name="vec_arange", kernel="dot_vec", dim=1, block_dim=16,
         args=dict(a=("arange",), b=("full", 2.0), c=("arange",), d=("full", 0.5)),
         shapes=dict(a=(16,), b=(16,), c=(3, 5), d=(3, 5), out=(1,), outd=(1,)), outputs=["out", "outd"], **EXACT),
    dict(name="mat", kernel="dot_mat", dim=1, block_dim=16,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1)),
         shapes=dict(a=(8,), b=(8,), c=(7,), out=(1,), outd=(1,)), outputs=["out", "outd"], **EXACT),
    dict(name="half", kernel="dot_half", dim=1, block_dim=16,
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)),
         shapes=dict(a=(64,), b=(64,), out=(1,), inv=(1,)), outputs=["out", "inv"], **EXACT),
    dict(name="half_negzero", kernel="dot_half", dim=1, block_dim=16,
         args=dict(a=("full", -0.0), b=("full", 1.0)),
         shapes=dict(a=(64,), b=(64,), out=(1,), inv=(1,)), outputs=["out", "inv"], allow_nonfinite=True, **EXACT),
    dict(name="bf16", kernel="dot_bf16", dim=1, block_dim=8,
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)),
         shapes=dict(a=(40,), b=(40,), out=(1,)), outputs=["out"], **EXACT),
]
