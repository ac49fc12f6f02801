"""Assigning the translation (`.p`) or rotation (`.q`) of a transform in
place: array elements (`y[i].p = v`, as warp-lang 1.19 allows), float64
transforms, locals, augmented assignment, a component of a part of an array element
(`y[i].p[1] = v`, written as warp-lang 1.19 writes it), and reading the
parts back."""
import warp as wp


@wp.kernel(enable_backward=False)  # reads what it wrote: no gradient
def elem_parts(x: wp.array(dtype=wp.transform), v: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat),
               y: wp.array(dtype=wp.transform), z: wp.array(dtype=wp.transform)):
    i = wp.tid()
    y[i] = x[i]
    y[i].p = v[i]
    z[i] = x[i]
    z[i].q = q[i]
    z[i].p += wp.vec3(1.0, 2.0, 3.0)
    z[i].p[1] = 5.0
    z[i].q.w = 7.0
    y[i].q[0] += 0.5


@wp.kernel
def local_parts(x: wp.array(dtype=wp.transformd), v: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.transformd),
                s: wp.array(dtype=wp.float64)):
    i = wp.tid()
    t = x[i]
    t.p = v[i] * wp.float64(2.0)
    t.q = wp.quatd(wp.float64(0.0), wp.float64(0.0), wp.float64(0.0), wp.float64(1.0))
    out[i] = t
    s[i] = t.p[0] + t.q[3]


TESTS = [
    dict(kernel="elem_parts", dim=16, args=dict(x=("uniform", -2, 2), v=("uniform", -5, 5), q=("uniform", -1, 1)),
         outputs=["y", "z"]),
    dict(kernel="local_parts", dim=16, args=dict(x=("uniform", -2, 2), v=("uniform", -5, 5)), outputs=["out", "s"]),
]
