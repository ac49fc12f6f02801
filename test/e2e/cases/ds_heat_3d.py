"""3D diffusion with a 7-point stencil on an array3d, a source term
from a second array, Dirichlet boundary from a scalar, and the total
heat per z-slice reduced with atomic_add (unordered, rtol 1e-4)."""
import warp as wp


@wp.kernel
def diffuse3(u: wp.array3d(dtype=float), src: wp.array3d(dtype=float), u_new: wp.array3d(dtype=float), k: float,
             boundary: float):
    i, j, l = wp.tid()
    n0 = u.shape[0]
    n1 = u.shape[1]
    n2 = u.shape[2]
    if i == 0 or j == 0 or l == 0 or i == n0 - 1 or j == n1 - 1 or l == n2 - 1:
        u_new[i, j, l] = boundary
        return
    c = u[i, j, l]
    lap = u[i - 1, j, l] + u[i + 1, j, l] + u[i, j - 1, l] + u[i, j + 1, l] + u[i, j, l - 1] + u[i, j, l + 1] - 6.0 * c
    u_new[i, j, l] = c + k * lap + 0.01 * src[i, j, l]


@wp.kernel
def slice_sum(u: wp.array3d(dtype=float), total: wp.array(dtype=float)):
    i, j, l = wp.tid()
    wp.atomic_add(total, l, u[i, j, l])


TESTS = [
    dict(name="diffuse", dim=(16, 12, 10), arrays=dict(a=("uniform", 0, 1), src=("uniform", -1, 1)),
         launches=[dict(kernel="diffuse3", args=dict(u="a", u_new="b", k=0.1, boundary=0.25)),
                   dict(kernel="diffuse3", args=dict(u="b", u_new="a", k=0.1, boundary=0.25))],
         repeat=6, outputs=["a", "b"]),
    dict(kernel="slice_sum", dim=(16, 12, 10), args=dict(u=("uniform", 0, 1)), shapes=dict(total=(10,)),
         outputs=["total"], rtol=1e-4),
]
