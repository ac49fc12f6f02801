"""len() inside wp.static: the length of a module-level tuple (directly,
through another name, and of a tuple literal) and of a constant vector
or matrix, used as loop bounds and values."""
import warp as wp

WEIGHTS = (0.25, 0.5, 0.25)
ALIAS = WEIGHTS
AXIS = wp.constant(wp.vec4(1.0, 2.0, 3.0, 4.0))
M = wp.constant(wp.mat22(1.0, 2.0, 3.0, 4.0))


@wp.kernel
def lens(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for k in range(wp.static(len(WEIGHTS))):
        s += x[i] * float(k)
    out[i, 0] = s
    out[i, 1] = float(wp.static(len(ALIAS) * 10)) + float(wp.static(len(AXIS)))
    out[i, 2] = float(wp.static(len((1, 2, 3, 4, 5)) + len(M)))
    t = float(0.0)
    for k in range(wp.static(len(AXIS))):
        t += AXIS[k] * x[i]
    out[i, 3] = t


TESTS = [
    dict(kernel="lens", dim=16, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(16, 4)), outputs=["out"]),
]
