# Module-level arithmetic on Warp scalars is Warp's own builtin in warp-lang
# 1.19.0: both sides need one type (a Python float is float32, an int is
# int32); 1.19.0 raises "Couldn't find a function 'mul' compatible with the
# arguments 'float64, float'" for these.
import warp as wp

A = wp.float64(1.0) * 2.0
B = 2 * wp.int64(3)
C = wp.float32(1.5) * 2


@wp.kernel
def k(out: wp.array(dtype=wp.float64)):
    out[0] = A
    out[1] = wp.float64(B)
    out[2] = wp.float64(C)

# expect: 7:5: Warp's arithmetic on scalars needs one type on both sides, got float64 and float32 (a Python float counts as float32, an int as int32); convert one side, e.g. wp.float64(...)
# expect: 8:5: Warp's arithmetic on scalars needs one type on both sides, got int32 and int64 (a Python float counts as float32, an int as int32); convert one side, e.g. wp.int64(...)
# expect: 9:5: Warp's arithmetic on scalars needs one type on both sides, got float32 and int32 (a Python float counts as float32, an int as int32); convert one side, e.g. wp.float32(...)
