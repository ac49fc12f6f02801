"""Edge cases warp-lang defines (not undefined behaviour), which a compiler
must reproduce:

  * asin/acos clamp their argument to [-1, 1] (asin(1.5) == pi/2);
  * inverse() of a singular matrix (determinant exactly 0) is the zero matrix;
  * normalize() of the zero vector is the zero vector;
  * sign(0) == sign(-0.0) == 1, also for ints;
  * vec % vec is component-wise with C's truncating remainder, and
    scalar / vector divides the scalar by each component.
"""
import warp as wp


@wp.kernel
def clamped_trig(x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    out[i, 0] = wp.asin(x[i])
    out[i, 1] = wp.acos(x[i])
    out[i, 2] = wp.sign(x[i])


@wp.kernel
def singular(a: wp.array(dtype=wp.mat22), b: wp.array(dtype=wp.mat33), c: wp.array(dtype=wp.mat44),
             ia: wp.array(dtype=wp.mat22), ib: wp.array(dtype=wp.mat33), ic: wp.array(dtype=wp.mat44),
             n: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    ia[i] = wp.inverse(a[i])
    ib[i] = wp.inverse(b[i])
    ic[i] = wp.inverse(c[i])
    n[i] = wp.normalize(b[i][0] * float(i % 2))


@wp.kernel
def vec_remainders(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3i), f: wp.array(dtype=wp.vec3),
                   r: wp.array(dtype=wp.vec3i), rf: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.vec3i),
                   s: wp.array(dtype=int)):
    i = wp.tid()
    r[i] = a[i] % b[i]
    rf[i] = f[i] % wp.vec3(2.0, -1.5, 0.75)
    q[i] = 1000 / b[i]
    s[i] = wp.sign(a[i][0]) + wp.sign(0)


TESTS = [
    dict(kernel="clamped_trig", dim=9, args=dict(x=[-3.0, -1.5, -1.0, -0.5, 0.0, -0.0, 0.5, 1.0, 2.0]),
         shapes=dict(out=(9, 3)), outputs=["out"]),
    dict(kernel="singular", dim=4,
         args=dict(a=[[[1, 2], [2, 4]], [[0, 0], [0, 0]], [[1, 2], [3, 4]], [[3, 1], [6, 2]]],
                   b=[[[1, 2, 3], [2, 4, 6], [0, 1, 1]], [[1, 0, 0], [0, 1, 0], [0, 0, 2]],
                      [[0, 0, 0], [1, 1, 1], [2, 2, 2]], [[2, 0, 0], [0, 4, 0], [1, 0, 1]]],
                   c=("mat_diag", 0, 0, 0.0)),
         outputs=["ia", "ib", "ic", "n"]),
    dict(kernel="vec_remainders", dim=300,
         args=dict(a=("int", -100, 100), b=("choice", [-7, -3, -1, 1, 2, 5]), f=("uniform", -10, 10)),
         outputs=["r", "rf", "q", "s"]),
]
