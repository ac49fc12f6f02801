# Negative constant indices of vectors and matrices count from the end, as
# in warp-lang 1.19 (reads, stores and augmented stores).
import warp as wp


@wp.kernel
def neg(p: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.mat33), out: wp.array(dtype=float)):
    i = wp.tid()
    v = p[i]
    m = q[i]
    out[i * 5 + 0] = v[-1]
    out[i * 5 + 1] = m[-1, -2]
    v[-2] = 7.0
    m[-3, -1] += 2.0
    out[i * 5 + 2] = v[1]
    r = m[-1]
    out[i * 5 + 3] = r[0] + r[-3]
    out[i * 5 + 4] = m[0, 2]
    p[i] = v


TESTS = [
    dict(kernel="neg", dim=4, args=dict(p=("uniform", -1, 1), q=("uniform", -1, 1)), shapes=dict(out=(20,)),
         outputs=["p", "out"]),
]
