# wp.static() sees a loop variable only where Warp unrolls the loop: a
# range() of plain constants.  warp-lang 1.19.0 rejects the same kernels
# ("Error evaluating static expression: name 'i' is not defined").  A
# `break` in a loop unrolled for wp.static() fails in warp-lang too.
import warp as wp


@wp.kernel
def dynamic_range(out: wp.array(dtype=float), n: int):
    for i in range(n):
        out[i] = float(wp.static(i))


@wp.kernel
def computed_range(out: wp.array(dtype=float)):
    for i in range(2 * 2):
        out[i] = float(wp.static(i))


@wp.kernel
def reversed_range(out: wp.array(dtype=float)):
    for i in reversed(range(3)):
        out[i] = float(wp.static(i + 1))


@wp.kernel
def reassigned(out: wp.array(dtype=float)):
    for i in range(3):
        i = i + 1
        out[i] = float(wp.static(i))


@wp.kernel
def with_break(out: wp.array(dtype=float), n: int):
    for i in range(5):
        if i == n:
            break
        out[i] = float(wp.static(i))

# expect: 11:34: 'i' is not a compile-time constant
# expect: 17:34: 'i' is not a compile-time constant
# expect: 23:34: 'i' is not a compile-time constant
# expect: 30:34: 'i' is not a compile-time constant
# expect: 37:13: 'break' in a loop that Warp unrolls because it contains wp.static(): warp-lang 1.19.0 cannot compile it either; guard the rest of the body with a flag instead
