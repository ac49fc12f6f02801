# Forms Warp rejects on float16 and 8/16-bit integers: float16 has no truth
# value (if/not/and/or/where condition), atomic_* refuse 8/16-bit integer
# arrays and atomic_min/max refuse float16, literals do not mix with them.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=wp.float16), b: wp.array(dtype=wp.int8), c: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    if x:
        c[i] = 1.0
    c[i] = wp.where(x, 1.0, 2.0)
    if not x:
        c[i] = 2.0
    wp.atomic_add(b, i, wp.int8(1))
    wp.atomic_max(a, i, x)
    a[i] = x * 2.0
    b[i] = b[i] + 1

# expect: 11:8: a float16 value has no truth value in Warp; compare it, e.g. x != wp.float16(0.0)
# expect: 13:12: a float16 value has no truth value in Warp; compare it, e.g. x != wp.float16(0.0)
# expect: 14:8: a float16 value has no truth value in Warp; compare it, e.g. x != wp.float16(0.0)
# expect: 16:5: 'atomic_add' is not defined for arrays of 'int8': only arrays of [u]int32, [u]int64, float32 or float64 scalars, vectors and matrices have it (float16 and bfloat16 too for add and sub, bfloat16 scalars and vectors for min and max)
# expect: 17:5: 'atomic_max' is not defined for arrays of 'float16': only arrays of [u]int32, [u]int64, float32 or float64 scalars, vectors and matrices have it (float16 and bfloat16 too for add and sub, bfloat16 scalars and vectors for min and max)
# expect: 18:12: cannot multiply 'float16' and 'float32': operand types must be the same
# expect: 19:12: cannot add 'int8' and 'int32': operand types must be the same
