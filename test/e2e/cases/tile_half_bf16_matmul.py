"""tile_matmul of bfloat16 operands, bit for bit against warp-lang's CPU
backend (tol 0): Warp takes them into a float16, float32 or float64 out
only (it refuses a bfloat16 accumulator), and only with the backward pass
off (the backward would accumulate into them), hence enable_backward=False
here.  Each operand element converted to out's dtype (bfloat16 to float16
through float32, rounded), then the product in that dtype's arithmetic."""
import warp as wp

wp.set_module_options({"enable_backward": False})
EXACT = dict(rtol=0.0, atol=0.0)


@wp.kernel
def mm_bf16(a: wp.array2d(dtype=wp.bfloat16), b: wp.array2d(dtype=wp.bfloat16),
            h: wp.array2d(dtype=wp.float16), f: wp.array2d(dtype=float), d: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(4, 9))
    tb = wp.tile_load(b, shape=(9, 5))
    th = wp.tile_zeros(shape=(4, 5), dtype=wp.float16)
    wp.tile_matmul(ta, tb, th)
    wp.tile_store(h, th)
    tf = wp.tile_load(f, shape=(4, 5))
    wp.tile_matmul(ta, tb, tf, alpha=0.25, beta=0.5)
    wp.tile_store(f, tf)
    td = wp.tile_zeros(shape=(4, 5), dtype=wp.float64)
    wp.tile_matmul(ta, tb, td, alpha=3.0)
    wp.tile_store(d, td)


U = ("uniform", -2, 2)
TESTS = [
    dict(name="bf16", kernel="mm_bf16", dim=1, block_dim=8, args=dict(a=U, b=U, f=U),
         shapes=dict(a=(4, 9), b=(9, 5), h=(4, 5), f=(4, 5), d=(4, 5)), outputs=["h", "f", "d"], **EXACT),
]
