"""Gradients through runtime vector/matrix indices that may be negative (they
count from the end, as Warp's extract/assign do): a row, a column beside a
slice, a component read and re-assigned.  warp-lang drops part of the
re-assigned component's adjoint (documented, warp_wrong): checked against
float64 finite differences.  Stores through matrix slices (a column at a
runtime index, a block, rows with +=) pass their adjoints too; warp-lang's
are wrong there as well (warp_wrong)."""
import warp as wp

@wp.kernel
def k(m: wp.array(dtype=wp.mat33), idx: wp.array(dtype=int), y: wp.array(dtype=float)):
    i = wp.tid()
    j = idx[i]
    v = m[i][j]
    w = wp.vec3(v)
    w[j] = w[j] * v[j]
    y[i] = wp.dot(w, m[i][:, j]) + m[i][j, j] * 2.0

@wp.kernel
def k_f64(m: wp.array(dtype=wp.mat33d), idx: wp.array(dtype=int), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    j = idx[i]
    v = m[i][j]
    w = wp.vec3d(v)
    w[j] = w[j] * v[j]
    y[i] = wp.dot(w, m[i][:, j]) + m[i][j, j] * wp.float64(2.0)

@wp.kernel
def slice_store(m: wp.array(dtype=wp.mat33), idx: wp.array(dtype=int), v: wp.array(dtype=wp.vec3),
                y: wp.array(dtype=float)):
    i = wp.tid()
    j = idx[i]
    a = m[i]
    a[:, j] = v[i] * a[0, 0]
    a[0:2, 1:] = wp.mat22(v[i][0], a[2, 2], v[i][1] * v[i][2], 1.0)
    a[1:] += wp.matrix(a[0, 1], 1.0, 1.0, 1.0, 1.0, v[i][0], shape=(2, 3))
    y[i] = wp.ddot(a, m[i])


@wp.kernel
def slice_store_f64(m: wp.array(dtype=wp.mat33d), idx: wp.array(dtype=int), v: wp.array(dtype=wp.vec3d),
                    y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    j = idx[i]
    a = m[i]
    a[:, j] = v[i] * a[0, 0]
    a[0:2, 1:] = wp.mat22d(v[i][0], a[2, 2], v[i][1] * v[i][2], wp.float64(1.0))
    a[1:] += wp.matrix(a[0, 1], wp.float64(1.0), wp.float64(1.0), wp.float64(1.0), wp.float64(1.0), v[i][0],
                       shape=(2, 3))
    y[i] = wp.ddot(a, m[i])


GRAD_TESTS = [
    dict(name="slice_store", kernel="slice_store", dim=6,
         args=dict(m=("uniform", -1, 1), idx=[0, 1, 2, -1, -2, -3], v=("uniform", -1, 1)),
         outputs=["y"], inputs=["m", "v"], warp_wrong=True),dict(name="neg", kernel="k", dim=6, args=dict(m=("uniform", -1, 1), idx=[0, 1, 2, -1, -2, -3]),
                   outputs=["y"], inputs=["m"], warp_wrong=True)]
