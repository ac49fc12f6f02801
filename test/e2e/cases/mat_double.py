"""float64 matrices (mat22d, mat33d, mat44d): products, inverse,
determinant, solve of a 3x3 system."""
import warp as wp


@wp.kernel
def solve3(a: wp.array(dtype=wp.mat33d), b: wp.array(dtype=wp.vec3d), x: wp.array(dtype=wp.vec3d),
           resid: wp.array(dtype=wp.float64), det: wp.array(dtype=wp.float64)):
    i = wp.tid()
    A = a[i]
    sol = wp.inverse(A) * b[i]
    x[i] = sol
    resid[i] = wp.length(A * sol - b[i])
    det[i] = wp.determinant(A)


@wp.kernel
def mat_products(a: wp.array(dtype=wp.mat44d), b: wp.array(dtype=wp.mat22d), out4: wp.array(dtype=wp.mat44d),
                 out2: wp.array(dtype=wp.mat22d)):
    i = wp.tid()
    A = a[i]
    out4[i] = A * wp.transpose(A) - wp.mat44d(wp.float64(1.0)) * wp.float64(0.5)
    B = b[i]
    out2[i] = wp.inverse(B) * wp.determinant(B)


TESTS = [
    dict(kernel="solve3", dim=300, args=dict(a=("mat_diag", -1, 1, 4.0), b=("uniform", -1, 1)),
         outputs=["x", "resid", "det"], tol=dict(resid=(0, 1e-13))),
    dict(kernel="mat_products", dim=200, args=dict(a=("uniform", -1, 1), b=("mat_diag", -1, 1, 3.0)),
         outputs=["out4", "out2"]),
]
