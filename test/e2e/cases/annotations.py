"""The spellings of parameter annotations warp-lang 1.10.1 accepts:
wp.array(dtype=float), wp.array(dtype=wp.float32), wp.array(dtype=T, ndim=N),
wp.array2d/3d(dtype=T), Python int/float/bool and wp.int32/wp.float32/wp.bool
scalars.  (The subscript form wp.array[float] is not accepted by 1.10.1.)"""
import warp as wp
from warp import vec3


@wp.kernel
def spellings(
    a: wp.array(dtype=float),
    b: wp.array(dtype=wp.float32),
    c: wp.array(dtype=wp.float32, ndim=1),
    m: wp.array(dtype=float, ndim=2),
    m2: wp.array2d(dtype=wp.float32),
    t: wp.array3d(dtype=int),
    n1: int,
    n2: wp.int32,
    f1: float,
    f2: wp.float32,
    b1: bool,
    b2: wp.bool,
    v: vec3,
    out: wp.array(dtype=wp.vec3f),
):
    i = wp.tid()
    s = a[i] + b[i] * f1 + c[i] * f2
    s = s + m[i, 0] + m2[i, 1] + float(t[i, 0, 1] + n1 * n2)
    if b1 and not b2:
        s = -s
    out[i] = v * s


TESTS = [
    dict(kernel="spellings", dim=50,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), c=("uniform", -1, 1), m=("uniform", -1, 1),
                   m2=("uniform", -1, 1), t=("int", -5, 5), n1=3, n2=-4, f1=0.5, f2=1.5, b1=True, b2=False,
                   v=(1.0, -2.0, 0.5)),
         shapes=dict(m=(50, 2), m2=(50, 2), t=(50, 2, 2)), outputs=["out"]),
]
