"""A chain of three kernels over shared arrays: a -> v (vec3) -> m -> loss.
The harness runs the backward launchers in reverse launch order by hand
(k3, k2, k1), as a tape would; the intermediate arrays' grads carry the
adjoints between kernels.  A second chain passes a matrix between kernels
and reuses an input in two of them (its gradient sums both paths)."""
import warp as wp


@wp.kernel
def k1(a: wp.array(dtype=float), c: wp.array(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v[i] = wp.vec3(a[i], a[i] * c[i], wp.sin(c[i]))


@wp.kernel
def k2(v: wp.array(dtype=wp.vec3), c: wp.array(dtype=float), m: wp.array(dtype=float)):
    i = wp.tid()
    m[i] = wp.length(v[i]) * wp.exp(-c[i] * c[i])


@wp.kernel
def k3(m: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, m[i] * m[i] * float(i + 1))


@wp.kernel
def k1_f64(a: wp.array(dtype=wp.float64), c: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    v[i] = wp.vec3d(a[i], a[i] * c[i], wp.sin(c[i]))


@wp.kernel
def k2_f64(v: wp.array(dtype=wp.vec3d), c: wp.array(dtype=wp.float64), m: wp.array(dtype=wp.float64)):
    i = wp.tid()
    m[i] = wp.length(v[i]) * wp.exp(-c[i] * c[i])


@wp.kernel
def k3_f64(m: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    wp.atomic_add(loss, 0, m[i] * m[i] * wp.float64(i + 1))


@wp.kernel
def build(p: wp.array(dtype=wp.vec2), A: wp.array(dtype=wp.mat22)):
    i = wp.tid()
    q = p[i]
    A[i] = wp.mat22(q[0], q[1] * q[0], -q[1], 2.0 + q[0] * q[0])


@wp.kernel
def solve(A: wp.array(dtype=wp.mat22), p: wp.array(dtype=wp.vec2), x: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    x[i] = wp.inverse(A[i]) * p[i]


@wp.kernel
def energy(x: wp.array(dtype=wp.vec2), A: wp.array(dtype=wp.mat22), e: wp.array(dtype=float)):
    i = wp.tid()
    e[i] = wp.dot(x[i], A[i] * x[i]) + wp.determinant(A[i])


@wp.kernel
def build_f64(p: wp.array(dtype=wp.vec2d), A: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    q = p[i]
    A[i] = wp.mat22d(q[0], q[1] * q[0], -q[1], wp.float64(2.0) + q[0] * q[0])


@wp.kernel
def solve_f64(A: wp.array(dtype=wp.mat22d), p: wp.array(dtype=wp.vec2d), x: wp.array(dtype=wp.vec2d)):
    i = wp.tid()
    x[i] = wp.inverse(A[i]) * p[i]


@wp.kernel
def energy_f64(x: wp.array(dtype=wp.vec2d), A: wp.array(dtype=wp.mat22d), e: wp.array(dtype=wp.float64)):
    i = wp.tid()
    e[i] = wp.dot(x[i], A[i] * x[i]) + wp.determinant(A[i])


GRAD_TESTS = [
    dict(name="three_kernels", dim=8, arrays=dict(a=("uniform", -1, 1), c=("uniform", -1, 1)),
         shapes=dict(loss=(1,)),
         launches=[dict(kernel="k1"), dict(kernel="k2"), dict(kernel="k3")],
         outputs=dict(loss="ones"), inputs=["a", "c"], fwd_tol=(1e-5, 1e-5)),
    dict(name="matrix_chain", dim=6, arrays=dict(p=("uniform", 0.5, 1.5)),
         launches=[dict(kernel="build"), dict(kernel="solve"), dict(kernel="energy")],
         outputs=["e"], inputs=["p"]),
]
