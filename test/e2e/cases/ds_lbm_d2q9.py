"""Lattice Boltzmann D2Q9: BGK collision with the equilibrium
distribution and pull-streaming on a periodic grid, lattice velocities
and weights in small int / float arrays indexed in a wp.static-bounded
loop, distributions in a 3D array (x, y, q)."""
import warp as wp

CX_T = [0, 1, 0, -1, 0, 1, -1, -1, 1]
CY_T = [0, 0, 1, 0, -1, 1, 1, -1, -1]
W_T = [4.0 / 9.0] + [1.0 / 9.0] * 4 + [1.0 / 36.0] * 4
Q = 9


@wp.kernel
def collide_stream(f: wp.array3d(dtype=float), f_new: wp.array3d(dtype=float), omega: float,
                   rho_out: wp.array2d(dtype=float), CX: wp.array(dtype=int), CY: wp.array(dtype=int),
                   W: wp.array(dtype=float)):
    x, y = wp.tid()
    nx = f.shape[0]
    ny = f.shape[1]
    # pull streaming: gather the post-collision populations from upstream cells
    rho = float(0.0)
    ux = float(0.0)
    uy = float(0.0)
    for q in range(wp.static(Q)):
        xs = (x - CX[q] + nx) % nx
        ys = (y - CY[q] + ny) % ny
        fq = f[xs, ys, q]
        rho += fq
        ux += fq * float(CX[q])
        uy += fq * float(CY[q])
    ux /= rho
    uy /= rho
    usq = ux * ux + uy * uy
    for q in range(wp.static(Q)):
        xs = (x - CX[q] + nx) % nx
        ys = (y - CY[q] + ny) % ny
        cu = 3.0 * (float(CX[q]) * ux + float(CY[q]) * uy)
        feq = W[q] * rho * (1.0 + cu + 0.5 * cu * cu - 1.5 * usq)
        f_new[x, y, q] = f[xs, ys, q] - omega * (f[xs, ys, q] - feq)
    rho_out[x, y] = rho


TESTS = [
    dict(name="lbm", dim=(24, 16), arrays=dict(a=("uniform", 0.09, 0.13), CX=CX_T, CY=CY_T, W=W_T),
         shapes=dict(a=(24, 16, 9), b=(24, 16, 9), rho=(24, 16), CX=(9,), CY=(9,), W=(9,)),
         launches=[dict(kernel="collide_stream", args=dict(f="a", f_new="b", omega=1.2, rho_out="rho")),
                   dict(kernel="collide_stream", args=dict(f="b", f_new="a", omega=1.2, rho_out="rho"))],
         repeat=5, outputs=["a", "b", "rho"], rtol=1e-5, atol=1e-6),
]
