"""Adjoints of float16 tiles: tile_load / tile_store, tile_matmul with a
float16 accumulator (adj(a) = alpha g b^T accumulated in float16, as Warp's
scalar_matmul), float16 operands into a float32 accumulator (tile_astype's
adjoint), tile_sum over all and along an axis, tile_transpose and the
element-wise operators (float32 maps between tile_astype's).  Warp
differentiates them with float16 adjoints: warpc's backward agrees with
warp-lang's tape within float16 precision and with float64 finite
differences of the twin loosely (tolerances as test/grad/half_grad.py)."""
import warp as wp

H = dict(rtol=2e-2, atol=2e-2, fd_rtol=5e-2, fd_atol=5e-2, twin_tol=(5e-2, 5e-2))


@wp.kernel
def half_mm(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16),
            c: wp.array2d(dtype=wp.float16), s: wp.array(dtype=wp.float16)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=0.5))
    wp.tile_store(s, wp.tile_sum(ta * ta))


# apart: warp-lang 1.19's CPU tape doubles a's gradient through the matmul
# above when this transpose of b is in the same kernel (float32 too)
@wp.kernel
def half_t(b: wp.array2d(dtype=wp.float16), r: wp.array(dtype=wp.float16), s: wp.array(dtype=wp.float16)):
    i = wp.tid()
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(r, wp.tile_sum(wp.tile_transpose(tb), axis=1))
    wp.tile_store(s, wp.tile_sum(tb, axis=1))


@wp.kernel
def half_mm_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                c: wp.array2d(dtype=wp.float64), s: wp.array(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=0.5))
    wp.tile_store(s, wp.tile_sum(ta * ta))


# apart: warp-lang 1.19's CPU tape doubles a's gradient through the matmul
# above when this transpose of b is in the same kernel (float32 too)
@wp.kernel
def half_t_f64(b: wp.array2d(dtype=wp.float64), r: wp.array(dtype=wp.float64), s: wp.array(dtype=wp.float64)):
    i = wp.tid()
    tb = wp.tile_load(b, shape=(4, 5))
    wp.tile_store(r, wp.tile_sum(wp.tile_transpose(tb), axis=1))
    wp.tile_store(s, wp.tile_sum(tb, axis=1))


@wp.kernel
def half_acc(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16), h: wp.array2d(dtype=wp.float16),
             c: wp.array2d(dtype=float), d: wp.array2d(dtype=wp.float16)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    acc = wp.tile_zeros(shape=(3, 5), dtype=float)
    wp.tile_matmul(ta, tb, acc)
    wp.tile_store(c, acc)
    th = wp.tile_load(h, shape=(3, 5))
    wp.tile_matmul(ta, tb, th, alpha=1.5, beta=-0.5)
    wp.tile_store(d, th)


@wp.kernel
def half_acc_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64), h: wp.array2d(dtype=wp.float64),
                 c: wp.array2d(dtype=wp.float64), d: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 4))
    tb = wp.tile_load(b, shape=(4, 5))
    acc = wp.tile_zeros(shape=(3, 5), dtype=wp.float64)
    wp.tile_matmul(ta, tb, acc)
    wp.tile_store(c, acc)
    th = wp.tile_load(h, shape=(3, 5))
    wp.tile_matmul(ta, tb, th, alpha=1.5, beta=-0.5)
    wp.tile_store(d, th)


U = ("uniform", -1, 1)
GRAD_TESTS = [
    dict(name="half_mm", kernel="half_mm", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(3, 4), b=(4, 5), c=(3, 5), s=(1,)), outputs=["c", "s"], inputs=["a", "b"], **H),
    dict(name="half_t", kernel="half_t", dim=1, block_dim=8, args=dict(b=U),
         shapes=dict(b=(4, 5), r=(5,), s=(4,)), outputs=["r", "s"], inputs=["b"], **H),
    dict(name="half_acc", kernel="half_acc", dim=1, block_dim=8, args=dict(a=U, b=U, h=U),
         shapes=dict(a=(3, 4), b=(4, 5), h=(3, 5), c=(3, 5), d=(3, 5)), outputs=["c", "d"], inputs=["a", "b", "h"],
         **H),
]
