"""warp.fem's @fem.cache.dynamic_func(suffix=...) makes a @wp.func whose key
the suffix makes unique, so a factory can make one per call (newton's
implicit_mpm make_solve_flow_rule): compiled as @wp.func, each call's own,
with wp.static() over the factory's parameters inside; spelled through
`import warp.fem as fem`, `from warp.fem import cache` and `wp.fem`;
@fem.cache.dynamic_kernel(suffix=...) is a @wp.kernel.  warp-lang caches
the functions by suffix: a second factory call with a suffix equal to an
earlier one's (1.0 == 1, a tuple of the same values) gets the function the
first call made, even where its closure differs (fixed_b computes x * 2)."""
import warp as wp
import warp.fem as fem
from warp.fem import cache


def make_rule(has_scale: bool = True, power: int = 2):
    key = (has_scale, power)

    @fem.cache.dynamic_func(suffix=key)
    def rule(x: float, s: float) -> float:
        y = x
        for _ in range(power - 1):
            y = y * x
        if wp.static(has_scale):
            y = y * s
        return y

    return rule


def make_fixed(scale: float, tag=1):
    @fem.cache.dynamic_func(suffix=("fixed", tag))
    def h(x: float) -> float:
        return x * scale

    return h


fixed_a = make_fixed(2.0)
fixed_b = make_fixed(3.0, tag=1.0)
fixed_c = make_fixed(5.0, tag=2)
rule_scaled = make_rule()
rule_cubed = make_rule(has_scale=False, power=3)


@cache.dynamic_func(suffix="offset")
def offset(x: float) -> float:
    return x + 0.5


@wp.fem.cache.dynamic_func(suffix="twice")
def twice(x: float) -> float:
    return 2.0 * x


@wp.kernel
def rules(x: wp.array(dtype=float), s: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    out[i, 0] = rule_scaled(x[i], s[i])
    out[i, 1] = rule_cubed(x[i], s[i])
    out[i, 2] = offset(x[i]) + twice(x[i])


@fem.cache.dynamic_kernel(suffix="scale", allow_overloads=False)
def scaled(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = rule_scaled(x[i], 0.5) + offset(1.0) + fixed_a(x[i]) + 10.0 * fixed_b(x[i]) + 100.0 * fixed_c(x[i])


TESTS = [
    dict(kernel="scaled", dim=8, args=dict(x=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="rules", dim=16, args=dict(x=("uniform", -2, 2), s=("uniform", -1, 1)), shapes=dict(out=(16, 3)),
         outputs=["out"]),
]
