"""Incompressible fluid pressure projection on a 2D collocated grid:
velocity divergence by central differences, red-black Gauss-Seidel
pressure smoothing (parity chosen by a scalar argument), and the
pressure gradient subtracted from the velocity."""
import warp as wp


@wp.kernel
def divergence(u: wp.array2d(dtype=wp.vec2), div: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = u.shape[0]
    m = u.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        div[i, j] = 0.0
        return
    div[i, j] = 0.5 * (u[i + 1, j][0] - u[i - 1, j][0] + u[i, j + 1][1] - u[i, j - 1][1])


@wp.kernel
def gauss_seidel(p: wp.array2d(dtype=float), div: wp.array2d(dtype=float), parity: int):
    i, j = wp.tid()
    n = p.shape[0]
    m = p.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        return
    if (i + j) % 2 != parity:
        return
    p[i, j] = 0.25 * (p[i - 1, j] + p[i + 1, j] + p[i, j - 1] + p[i, j + 1] - div[i, j])


@wp.kernel
def subtract_gradient(u: wp.array2d(dtype=wp.vec2), p: wp.array2d(dtype=float)):
    i, j = wp.tid()
    n = u.shape[0]
    m = u.shape[1]
    if i == 0 or j == 0 or i == n - 1 or j == m - 1:
        return
    g = wp.vec2(p[i + 1, j] - p[i - 1, j], p[i, j + 1] - p[i, j - 1]) * 0.5
    u[i, j] = u[i, j] - g


TESTS = [
    dict(name="project", dim=(32, 32), arrays=dict(u=("uniform", -1, 1)),
         launches=[dict(kernel="divergence")] + [dict(kernel="gauss_seidel", args=dict(parity=k % 2))
                                                 for k in range(20)] + [dict(kernel="subtract_gradient"),
                                                                         dict(kernel="divergence",
                                                                              args=dict(div="div_after"))],
         outputs=["u", "p", "div", "div_after"], rtol=1e-5, atol=1e-5),
]
