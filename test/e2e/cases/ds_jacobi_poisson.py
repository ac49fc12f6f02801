"""Jacobi iterations for the 2D Poisson equation -lap(u) = f with
Dirichlet zero boundary, then the squared residual norm reduced with a
float atomic_add (unordered sum: rtol 1e-4)."""
import warp as wp


@wp.kernel
def jacobi(u: wp.array2d(dtype=float), f: wp.array2d(dtype=float), h2: float, u_new: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = u.shape[0]
    m = u.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        u_new[i, j] = 0.0
        return
    u_new[i, j] = 0.25 * (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] + h2 * f[i, j])


@wp.kernel
def residual(u: wp.array2d(dtype=float), f: wp.array2d(dtype=float), inv_h2: float, r2: wp.array(dtype=float)):
    i, j = wp.tid()
    n = u.shape[0]
    m = u.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        return
    lap = (u[i - 1, j] + u[i + 1, j] + u[i, j - 1] + u[i, j + 1] - 4.0 * u[i, j]) * inv_h2
    r = f[i, j] + lap
    wp.atomic_add(r2, 0, r * r)


H = 1.0 / 31.0
TESTS = [
    dict(name="poisson", dim=(32, 32), arrays=dict(f=("uniform", 0, 1)),
         launches=[dict(kernel="jacobi", args=dict(u="a", u_new="b", h2=H * H)),
                   dict(kernel="jacobi", args=dict(u="b", u_new="a", h2=H * H))],
         repeat=25, outputs=["a", "b"]),
    dict(name="residual", kernel="residual", dim=(32, 32),
         args=dict(u=("uniform", 0, 0.01), f=("uniform", 0, 1), inv_h2=1.0 / (H * H)), shapes=dict(r2=(1,)),
         outputs=["r2"], rtol=1e-4),
]
