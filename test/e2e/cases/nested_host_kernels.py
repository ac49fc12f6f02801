"""Kernels nested in a method, in a function nested in another, in a with
block or in a loop (the same kernel each time round: it reads no loop
variable; newton's test_environment_group_collision) see the constants and
@wp.func defs of their enclosing def's
body (warp-lang's own tests define helpers so, e.g. test_func_inline's
methods): warpc compiles them with launcher MODULE_Class__method__kernel;
warp-lang makes them when the method runs (the e2e spec's kernel path runs
it)."""
import warp as wp

SCALE = 3.0


class Sim:
    def build(self):
        offset = SCALE * 2.0
        count = 3

        @wp.func
        def helper(x: float) -> float:
            return x * SCALE + offset

        @wp.kernel
        def step(a: wp.array(dtype=float), out: wp.array(dtype=float)):
            i = wp.tid()
            s = float(0.0)
            for _k in range(count):
                s += helper(a[i])
            out[i] = s

        return step

    def in_with(self):
        @wp.func
        def twice(x: float) -> float:
            return 2.0 * x

        with wp.ScopedDevice("cpu"):

            @wp.kernel
            def doubled(a: wp.array(dtype=float), out: wp.array(dtype=float)):
                i = wp.tid()
                out[i] = twice(a[i]) - 1.0

        return doubled


def looped():
    kernels = []
    for case in range(3):

        @wp.kernel
        def per_case(a: wp.array(dtype=float), k: int, out: wp.array(dtype=float)):
            i = wp.tid()
            out[i] = a[i] * float(k) + SCALE

        kernels.append(per_case)
        assert case >= 0
    return kernels[-1]


def outer():
    def inner():
        limit = 0.25

        @wp.kernel
        def clip(a: wp.array(dtype=float), out: wp.array(dtype=float)):
            i = wp.tid()
            out[i] = wp.min(a[i], limit)

        return clip

    return inner()


TESTS = [
    dict(kernel="Sim().build()", launcher="Sim__build__step", dim=16, args=dict(a=("uniform", -1, 1)),
         outputs=["out"]),
    dict(kernel="Sim().in_with()", launcher="Sim__in_with__doubled", dim=16, args=dict(a=("uniform", -1, 1)),
         outputs=["out"]),
    dict(kernel="looped()", launcher="looped__per_case", dim=16, args=dict(a=("uniform", -1, 1), k=3),
         outputs=["out"]),
    dict(kernel="outer()", launcher="outer__inner__clip", dim=16, args=dict(a=("uniform", -1, 1)),
         outputs=["out"]),
]
