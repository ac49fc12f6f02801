"""Module-level constants: wp.constant(...) of ints, floats, float64 and
vectors, plain Python numbers, and arithmetic between them; names bound by
tuple unpacking (`LO, HI = 0.25, 4`)."""
import warp as wp

N = wp.constant(16)
HALF_N = wp.constant(N // 2)
SCALE = 2.0
OFFSET = SCALE * 0.25 - 1.0   # -0.5, computed by Python
EPS = wp.constant(1.0e-3)
TWO64 = wp.constant(wp.float64(2.0))
GRAVITY = wp.constant(wp.vec3(0.0, -9.8, 0.0))
STEPS = 3
DEBUG = False
LO, HI = 0.25, 4
(AXIS, _SPARE) = (wp.vec3(0.0, 0.5, 1.0), 9)


@wp.kernel
def use_constants(x: wp.array(dtype=float), out: wp.array(dtype=float), idx: wp.array(dtype=int),
                  d: wp.array(dtype=wp.float64), g: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = x[i] * SCALE + OFFSET
    for _k in range(STEPS):
        v = v + EPS
    if DEBUG:
        v = 0.0
    out[i] = v
    idx[i] = (i * N + HALF_N) % (N * N)
    d[i] = TWO64 * wp.float64(v)
    g[i] = GRAVITY * float(i % N) + AXIS * (LO * float(HI))


TESTS = [
    dict(kernel="use_constants", dim=300, args=dict(x=("uniform", -1, 1)), outputs=["out", "idx", "d", "g"]),
]
