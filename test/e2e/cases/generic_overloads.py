"""@wp.func overloads by signature: several `def` of one name with different
parameter types (or counts); a call runs the overload whose parameter types
equal the argument types.  A later def with the same signature replaces the
earlier one, as when Python runs the module.  Overloads call each other."""
import warp as wp


@wp.struct
class Pair:
    a: float
    b: int


@wp.func
def describe(x: float):
    return x * 2.0


@wp.func
def describe(x: int):
    return x + 100


@wp.func
def describe(x: wp.vec3):
    return wp.length(x)


@wp.func
def describe(x: wp.float64):
    return x * wp.float64(3.0)


@wp.func
def describe(p: Pair):
    return p.a + float(p.b)


@wp.func
def describe(x: float, y: float):  # another arity
    return describe(x) - y


@wp.func
def describe(x: int):  # same signature: replaces the int overload above
    return x - 7


@wp.func
def twice(v: wp.vec2) -> wp.vec2:
    return v * 2.0


@wp.func
def twice(v: wp.vec2i) -> wp.vec2i:
    return v * 2


@wp.kernel
def use_overloads(x: wp.array(dtype=float), n: wp.array(dtype=int), d: wp.array(dtype=wp.float64),
                  out: wp.array2d(dtype=float), nout: wp.array2d(dtype=int), dout: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i, 0] = describe(x[i])
    out[i, 1] = describe(wp.vec3(x[i], 1.0, 2.0))
    out[i, 2] = describe(Pair(x[i], n[i]))
    out[i, 3] = describe(x[i], 0.5)
    v = twice(wp.vec2(x[i], 1.0))
    out[i, 4] = v[0] + v[1]
    nout[i, 0] = describe(n[i])
    w = twice(wp.vec2i(n[i], 3))
    nout[i, 1] = w[0] * w[1]
    dout[i] = describe(d[i])


TESTS = [
    dict(kernel="use_overloads", dim=64,
         args=dict(x=("uniform", -2, 2), n=("int", -50, 50), d=("uniform", -2, 2)),
         shapes=dict(out=(64, 5), nout=(64, 2)),
         outputs=["out", "nout", "dout"]),
]
