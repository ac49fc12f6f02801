# A func returning several values that can reach its end is an error
# (warp-lang's C++ leaves the result undefined there); one returning a single
# value returns zero there, as warp-lang does, with a warning.  An if/elif/else
# whose arms all return does not reach the end (e2e.func_fall_off_end runs
# those).
import warp as wp


@wp.func
def pair(x: float):
    if x > 0.0:
        return x, 1.0
    elif x < -1.0:
        return -x, 2.0


@wp.func
def sign(x: float) -> int:
    if x > 0.0:
        return 1
    if x < 0.0:
        return -1


@wp.kernel
def k(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = float(sign(x[i]))
    a, b = pair(x[i])
    out[i] += a + b

# expect: 10:5: 'pair' can reach its end without returning a value (it returns 'tuple(float32, float32)')
# expect-warning: 18:5: 'sign' can reach its end without returning a value: there it returns the zero value of 'int32', as in warp-lang [-Wreturn-type]
