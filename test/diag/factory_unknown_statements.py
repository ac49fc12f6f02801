# What a factory's try, with or match statement, a walrus or a list target
# binds, and an attribute set in a loop, is not known at compile time: a
# definition using it is an error, never the value from before (warpc used
# s = 1.0 here, where Python gives 2.0).
import warp as wp


def make():
    s = 1.0
    try:
        s = 2.0
    except Exception:
        pass
    [a, b] = 3.0, 4.0
    (w := 5.0)

    @wp.func
    def use_s(x: float):
        return x + s

    @wp.func
    def use_a(x: float):
        return x + a

    @wp.func
    def use_w(x: float):
        return x + w

    @wp.func
    def solve(x: float):
        return x

    solve.core = use_s
    for _i in range(2):
        solve.core = solve
    solve.s, solve.a, solve.w = use_s, use_a, use_w
    return solve


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[0] = wp.static(make().s)(1.0)
    out[1] = wp.static(make().a)(1.0)
    out[2] = wp.static(make().w)(1.0)
    out[3] = wp.static(make().core)(1.0)

# expect: 19:20: captured name 's' is not a compile-time constant
# expect: 23:20: captured name 'a' is not a compile-time constant
# expect: 27:20: captured name 'w' is not a compile-time constant
# expect: 45:24: this expression cannot be evaluated at compile time
