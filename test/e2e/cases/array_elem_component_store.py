"""Stores into one component of a vector/matrix array element, as warp's own
tests do (tests/test_struct.py, test_lvalue.py): `m[i][2, 2] = x`,
`m[i][1][2] = x`, `v[i][1] = x`, `v[i].y = x`, and the augmented
forms warp-lang 1.10.1 runs correctly (`v[i].z += x`, `v[i][1] *= x`).
Not compared: `m[i][1, 1] += x` (warp-lang 1.10.1 compiles it but leaves
the array unchanged; warpc updates the element) and `v[i][0] += x` /
`v[i][0] -= x` (warp-lang 1.10.1 fails with an internal AttributeError;
warpc updates the element).  The adjoint is not tested here: warp-lang
treats these stores as non-differentiable (zero gradient to the value)."""

import warp as wp


@wp.kernel
def store_components(
    m: wp.array(dtype=wp.mat33),
    v: wp.array(dtype=wp.vec3),
    q: wp.array(dtype=wp.vec4d),
    x: wp.array(dtype=float),
):
    i = wp.tid()
    m[i][2, 2] = 6.0 * x[i]
    m[i][1][2] = x[i] - 1.0
    v[i][1] = x[i] * 2.0
    v[i].z = x[i] * 3.0
    q[i].w = wp.float64(x[i])
    q[i][0] = q[i][1] + q[i][3]


@wp.kernel
def augment_components(
    m: wp.array(dtype=wp.mat33),
    v: wp.array(dtype=wp.vec3),
    n: wp.array2d(dtype=wp.mat22),
    x: wp.array(dtype=float),
):
    i = wp.tid()
    v[i].z += x[i] * 5.0
    v[i][1] *= x[i]
    v[i].x -= x[i]
    n[i, 1][0, 1] = x[i]
    n[i, 0][1][1] = 2.0 * x[i]


@wp.kernel
def int_components(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.int32)):
    i = wp.tid()
    a[i][2] = b[i] * 7
    a[i].x += b[i]
    a[i][1] *= 3


TESTS = [
    dict(kernel="store_components", dim=17,
         args=dict(m=("uniform", -1, 1), v=("uniform", -1, 1),
                   q=("uniform", -1, 1), x=("uniform", -2, 2))),
    dict(kernel="augment_components", dim=13,
         args=dict(m=("uniform", -1, 1), v=("uniform", -1, 1),
                   n=("uniform", -1, 1), x=("uniform", -2, 2)),
         shapes=dict(n=(13, 2))),
    dict(kernel="int_components", dim=9,
         args=dict(a=("int", -50, 50), b=("int", -9, 9))),
]


@wp.kernel
def local_nested(m: wp.array(dtype=wp.mat33), x: wp.array(dtype=float)):
    i = wp.tid()
    a = m[i]
    a[1][2] = x[i]
    a[0][1] += 2.0 * x[i]
    m[i] = a


TESTS.append(dict(kernel="local_nested", dim=7,
                  args=dict(m=("uniform", -1, 1), x=("uniform", -2, 2))))
