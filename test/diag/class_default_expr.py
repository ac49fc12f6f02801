# A @staticmethod's default value that computes with names of its class
# body is not followed (warpc computed TOL * 2 with the module's TOL, 200,
# where Python gives 6): using it is an error.
import enum

import warp as wp

TOL = 100


class Mode(enum.IntEnum):
    A = 0
    TOL = 3
    SCALE = TOL * 2

    @staticmethod
    def make(scale=SCALE):
        @wp.func
        def f() -> int:
            return scale

        return f


F = Mode.make()


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[0] = F()

# expect: 20:20: captured name 'scale' is not a compile-time constant
