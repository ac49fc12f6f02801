# bfloat16 (warp-lang 1.19) has no truth value (Warp's C++ does not build
# `if x:` on one), does not mix with float16 or float32 operands, and its
# matrix arrays have atomic add/sub but no atomic min/max yet.
import warp as wp

bm22 = wp.types.matrix(shape=(2, 2), dtype=wp.bfloat16)


@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16), h: wp.array(dtype=wp.float16), f: wp.array(dtype=wp.float32),
      v: wp.array(dtype=bm22)):
    i = wp.tid()
    x = a[i]
    if x:
        a[i] = x
    y = x + h[i]
    z = x * f[i]
    w = wp.where(x, x, x)
    wp.atomic_min(v, 0, v[i])

# expect: 14:8: a bfloat16 value has no truth value in Warp; compare it, e.g. x != wp.bfloat16(0.0)
# expect: 16:9: cannot add 'bfloat16' and 'float16': operand types must be the same
# expect: 17:9: cannot multiply 'bfloat16' and 'float32': operand types must be the same
# expect: 18:9: a bfloat16 value has no truth value in Warp; compare it, e.g. x != wp.bfloat16(0.0)
# expect: 19:5: 'atomic_min' is not defined for arrays of 'mat22bf': only arrays of [u]int32, [u]int64, float32 or float64 scalars, vectors and matrices have it (float16 and bfloat16 too for add and sub, bfloat16 scalars and vectors for min and max)
