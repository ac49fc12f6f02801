"""tile_matmul with a float16 accumulator, bit for bit against warp-lang's
CPU backend (tol 0): the result's dtype is the accumulator's (out's, else
a's), each operand element converted to it, and per output element
s = s + a[i, k] * b[k, j] in float16 arithmetic (every product and sum
rounded to float16, k in order), then alpha * s (+ beta * out when
beta != 0) rounded likewise (warp/native/tile_matmul.h scalar_matmul).
Shapes: K above and below 32 (Warp's unrolled and plain loops), M and N
not multiples of its register blocks; float32 and float64 operands into a
float16 out; the accumulating form with beta 0 and not."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.kernel
def mm_half(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16),
            c: wp.array2d(dtype=wp.float16), d: wp.array2d(dtype=wp.float16)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(5, 40))
    tb = wp.tile_load(b, shape=(40, 3))
    wp.tile_store(c, wp.tile_matmul(ta, tb, alpha=0.7))
    sa = wp.tile_load(a, shape=(3, 7))
    sb = wp.tile_load(b, shape=(7, 6))
    wp.tile_store(d, wp.tile_matmul(sa, sb))


@wp.kernel
def mm_half_acc(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16),
                c: wp.array2d(dtype=wp.float16), d: wp.array2d(dtype=wp.float16)):
    i = wp.tid()
    acc = wp.tile_load(c, shape=(4, 6))
    for k in range(3):
        ta = wp.tile_load(a, shape=(4, 8), offset=(0, k * 8))
        tb = wp.tile_load(b, shape=(8, 6), offset=(k * 8, 0))
        wp.tile_matmul(ta, tb, acc, alpha=1.5, beta=-0.75)
    wp.tile_store(c, acc)
    z = wp.tile_load(d, shape=(4, 6))
    ta = wp.tile_load(a, shape=(4, 8))
    tb = wp.tile_load(b, shape=(8, 6))
    wp.tile_matmul(ta, tb, z, alpha=2.0, beta=0.0)
    wp.tile_store(d, z)


@wp.kernel
def mm_half_mixed(a: wp.array2d(dtype=float), b: wp.array2d(dtype=wp.float64),
                  h: wp.array2d(dtype=wp.float16), c: wp.array2d(dtype=wp.float16)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(3, 12))
    tb = wp.tile_load(b, shape=(12, 5))
    out = wp.tile_load(h, shape=(3, 5))
    wp.tile_matmul(ta, tb, out, alpha=0.5, beta=1.0)
    wp.tile_store(c, out)


U = ("uniform", -1, 1)
TESTS = [
    dict(name="half", kernel="mm_half", dim=1, block_dim=8, args=dict(a=U, b=U),
         shapes=dict(a=(5, 40), b=(40, 6), c=(5, 3), d=(3, 6)), outputs=["c", "d"], **EXACT),
    dict(name="half_acc", kernel="mm_half_acc", dim=1, block_dim=8, args=dict(a=U, b=U, c=U, d=U),
         shapes=dict(a=(4, 24), b=(24, 6), c=(4, 6), d=(4, 6)), outputs=["c", "d"], **EXACT),
    dict(name="half_mixed", kernel="mm_half_mixed", dim=1, block_dim=8, args=dict(a=U, b=U, h=U),
         shapes=dict(a=(3, 12), b=(12, 5), h=(3, 5), c=(3, 5)), outputs=["c"], **EXACT),
]
