"""Gradients through runtime vector/matrix indices that may be negative (they
count from the end, as Warp's extract/assign do): a row, a column beside a
slice, a component read and re-assigned.  warp-lang drops part of the
re-assigned component's adjoint (documented, warp_wrong): checked against
float64 finite differences."""
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

GRAD_TESTS = [dict(name="neg", kernel="k", dim=6, args=dict(m=("uniform", -1, 1), idx=[0, 1, 2, -1, -2, -3]),
                   outputs=["y"], inputs=["m"], warp_wrong=True)]
