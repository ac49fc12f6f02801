"""`+=` / `-=` on an indexed component of a struct's matrix or vector field
(s.m[1, 0] += x, s.m[1] -= r, a[i].v[1] += x).  warp-lang 1.10.1 ignored the
matrix forms and rejected the vector ones (warpc warned); 1.19.0 applies
them, as warpc does, so they are compared here and warn no more."""
import warp as wp


@wp.struct
class S:
    m: wp.mat22
    v: wp.vec3


@wp.kernel
def k(a: wp.array(dtype=S), x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    s = S()
    s.m[1, 0] += x[i]
    s.m[1] -= wp.vec2(1.0, 2.0)
    a[i].v[1] += 2.0 * x[i]
    s.v.x += 1.0
    s.m[0, 1] *= 2.0
    s.v[2] = s.v[2] + x[i]
    m = wp.mat22()
    m[1, 0] += 1.0
    out[i, 0] = s.m[1, 0]
    out[i, 1] = s.m[1, 1]
    out[i, 2] = s.v[0] + s.v[2] + m[1, 0]
    out[i, 3] = a[i].v[1]


TESTS = [
    dict(kernel="k", dim=20, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(20, 4)), outputs=["out"]),
]
