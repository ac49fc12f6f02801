"""Spatial (screw) vectors and matrices: wp.spatial_vector / spatial_vectorf
/ spatial_vectord are 6-vectors (w = components 0..2, v = 3..5) and
wp.spatial_matrix a 6x6 matrix, interchangeable with the plain vector/matrix
types of that shape.  Constructors: zero, 6 scalars (with dtype=), (w, v)
from two vec3, conversion between precisions.  spatial_top/bottom, dot,
cross = (wa x wb, va x wb + wa x vb), cross_dual = (wa x wb + va x vb,
wa x vb), spatial_adjoint(R, S) = [[R, 0], [S, R]]; arithmetic and indexing
on the 6-vectors and 6x6 matrices; spatial types as kernel parameters,
struct fields and @wp.func parameters and results."""
import warp as wp


@wp.kernel
def ctors(w: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), s: wp.array(dtype=float),
          out: wp.array(dtype=wp.spatial_vector), out_d: wp.array(dtype=wp.spatial_vectord)):
    i = wp.tid()
    a = wp.spatial_vector(w[i], v[i])
    b = wp.spatial_vector(s[i], 2.0 * s[i], 3.0, -s[i], 0.5, 1.0)
    c = wp.spatial_vectorf(1.0, 2.0, 3.0, 4.0, 5.0, 6.0, dtype=wp.float32)
    z = wp.spatial_vector()
    x = a + b * 2.0 - c + z
    x[4] = x[4] + a[0]
    out[i] = x
    out_d[i] = wp.spatial_vectord(x) * wp.float64(0.5)


@wp.kernel
def ops(a: wp.array(dtype=wp.spatial_vector), b: wp.array(dtype=wp.spatial_vector),
        top: wp.array(dtype=wp.vec3), bottom: wp.array(dtype=wp.vec3), dots: wp.array(dtype=float),
        cr: wp.array(dtype=wp.spatial_vector), crd: wp.array(dtype=wp.spatial_vector)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    top[i] = wp.spatial_top(x)
    bottom[i] = wp.spatial_bottom(x) + wp.spatial_top(y)
    dots[i] = wp.spatial_dot(x, y) + wp.dot(x, y) * 0.5 + wp.length(x)
    cr[i] = wp.spatial_cross(x, y)
    crd[i] = wp.spatial_cross_dual(x, y)


@wp.kernel
def ops_d(a: wp.array(dtype=wp.spatial_vectord), b: wp.array(dtype=wp.spatial_vectord),
          dots: wp.array(dtype=wp.float64), cr: wp.array(dtype=wp.spatial_vectord),
          crd: wp.array(dtype=wp.spatial_vectord)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    dots[i] = wp.spatial_dot(x, y)
    cr[i] = wp.spatial_cross(x, y)
    crd[i] = wp.spatial_cross_dual(x, y) + wp.spatial_vectord()


@wp.kernel
def adjoint(r: wp.array(dtype=wp.mat33), s: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.spatial_vector),
            out: wp.array(dtype=wp.spatial_matrix), mv: wp.array(dtype=wp.spatial_vector)):
    i = wp.tid()
    m = wp.spatial_adjoint(r[i], s[i])
    m2 = m * wp.transpose(m) + wp.spatial_matrix()
    m2[0, 5] = 7.0
    out[i] = m2
    mv[i] = m * v[i]


@wp.kernel
def adjoint_d(r: wp.array(dtype=wp.mat33d), s: wp.array(dtype=wp.mat33d), out: wp.array(dtype=wp.spatial_matrixd)):
    i = wp.tid()
    out[i] = wp.spatial_adjoint(r[i], s[i])


@wp.struct
class Body:
    twist: wp.spatial_vector
    inertia: wp.spatial_matrix


@wp.func
def momentum(b: Body, scale: float) -> wp.spatial_vector:
    return b.inertia * b.twist * scale


@wp.kernel
def params(tw: wp.array(dtype=wp.spatial_vector), bias: wp.spatial_vector, m: wp.spatial_matrix,
           out: wp.array(dtype=wp.spatial_vector), bodies: wp.array(dtype=Body)):
    i = wp.tid()
    b = Body()
    b.twist = tw[i] + bias
    b.inertia = m
    out[i] = momentum(b, 0.5) + wp.spatial_cross(b.twist, bias)
    bodies[i] = b


TESTS = [
    dict(kernel="ctors", dim=64, args=dict(w=("uniform", -2, 2), v=("uniform", -2, 2), s=("uniform", -1, 1)),
         outputs=["out", "out_d"]),
    dict(kernel="ops", dim=200, args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)),
         outputs=["top", "bottom", "dots", "cr", "crd"]),
    dict(kernel="ops_d", dim=200, args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)),
         outputs=["dots", "cr", "crd"]),
    dict(kernel="adjoint", dim=50, args=dict(r=("uniform", -1, 1), s=("uniform", -1, 1), v=("uniform", -1, 1)),
         outputs=["out", "mv"]),
    dict(kernel="adjoint_d", dim=50, args=dict(r=("uniform", -1, 1), s=("uniform", -1, 1)), outputs=["out"]),
    dict(kernel="params", dim=40, args=dict(tw=("uniform", -1, 1), bias=[0.5, -1.0, 2.0, 0.25, 1.5, -0.75],
                                            m=[[float(r * 6 + c) / 10.0 for c in range(6)] for r in range(6)]),
         outputs=["out", "bodies"]),
]
