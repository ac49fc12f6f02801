"""Functions returning tuples, unpacked by the caller; several helpers
calling each other; a tuple kept whole and indexed; a tuple holding a
struct (whose C type warpc once declared after the tuple's)."""
import warp as wp


@wp.func
def divmod_floor(a: int, b: int):
    # Python-style floor division and modulo built from Warp's truncating ones
    q = a // b
    r = a % b
    if r != 0 and ((r < 0) != (b < 0)):
        q = q - 1
        r = r + b
    return q, r


@wp.func
def minmax3(a: float, b: float, c: float):
    lo = wp.min(a, wp.min(b, c))
    hi = wp.max(a, wp.max(b, c))
    return lo, hi


@wp.func
def stats3(a: float, b: float, c: float):
    lo, hi = minmax3(a, b, c)
    mean = (a + b + c) / 3.0
    return lo, hi, mean


@wp.func
def polar(x: float, y: float):
    return wp.sqrt(x * x + y * y), wp.atan2(y, x)


@wp.kernel
def tuples(a: wp.array(dtype=int), b: wp.array(dtype=int), q: wp.array(dtype=int), r: wp.array(dtype=int)):
    i = wp.tid()
    qq, rr = divmod_floor(a[i], b[i])
    q[i] = qq
    r[i] = rr


@wp.kernel
def float_tuples(x: wp.array(dtype=wp.vec3), out: wp.array2d(dtype=float)):
    i = wp.tid()
    v = x[i]
    lo, hi, mean = stats3(v[0], v[1], v[2])
    rho, phi = polar(v[0], v[1])
    t = minmax3(v[2], v[1], v[0])
    out[i, 0] = lo
    out[i, 1] = hi
    out[i, 2] = mean
    out[i, 3] = rho
    out[i, 4] = phi
    out[i, 5] = t[1] - t[0]


@wp.struct
class Shape:
    radius: float
    center: wp.vec3


@wp.func
def make_shape(x: float):
    s = Shape()
    s.radius = x * x
    s.center = wp.vec3(x, 1.0, -x)
    return s, wp.vec3(2.0 * x)


@wp.kernel
def struct_tuple(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    s, v = make_shape(x[i])
    out[i] = s.radius + s.center[2] * v[0]


TESTS = [
    dict(kernel="tuples", dim=1000, args=dict(a=("int", -100, 100), b=("choice", [-7, -3, -1, 1, 2, 5, 9])),
         outputs=["q", "r"]),
    dict(kernel="struct_tuple", dim=64, args=dict(x=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="float_tuples", dim=300, args=dict(x=("uniform", -2, 2)), shapes=dict(out=(300, 6)), outputs=["out"]),
]
