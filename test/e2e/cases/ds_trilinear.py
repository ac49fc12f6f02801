"""Trilinear interpolation in a 3D scalar grid (array3d) and in a 3D
vector field (array3d of vec3) at random sample points: cell index with
floor and clamp, fractional weights, 8 corner lookups, plus the
analytic gradient of the trilinear interpolant."""
import warp as wp


@wp.kernel
def sample(grid: wp.array3d(dtype=float), vgrid: wp.array3d(dtype=wp.vec3), pts: wp.array(dtype=wp.vec3),
           val: wp.array(dtype=float), grad: wp.array(dtype=wp.vec3), vval: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = pts[i]
    x0 = wp.clamp(int(wp.floor(p[0])), 0, grid.shape[0] - 2)
    y0 = wp.clamp(int(wp.floor(p[1])), 0, grid.shape[1] - 2)
    z0 = wp.clamp(int(wp.floor(p[2])), 0, grid.shape[2] - 2)
    fx = wp.clamp(p[0] - float(x0), 0.0, 1.0)
    fy = wp.clamp(p[1] - float(y0), 0.0, 1.0)
    fz = wp.clamp(p[2] - float(z0), 0.0, 1.0)
    c000 = grid[x0, y0, z0]
    c100 = grid[x0 + 1, y0, z0]
    c010 = grid[x0, y0 + 1, z0]
    c110 = grid[x0 + 1, y0 + 1, z0]
    c001 = grid[x0, y0, z0 + 1]
    c101 = grid[x0 + 1, y0, z0 + 1]
    c011 = grid[x0, y0 + 1, z0 + 1]
    c111 = grid[x0 + 1, y0 + 1, z0 + 1]
    c00 = wp.lerp(c000, c100, fx)
    c10 = wp.lerp(c010, c110, fx)
    c01 = wp.lerp(c001, c101, fx)
    c11 = wp.lerp(c011, c111, fx)
    c0 = wp.lerp(c00, c10, fy)
    c1 = wp.lerp(c01, c11, fy)
    val[i] = wp.lerp(c0, c1, fz)
    gx = wp.lerp(wp.lerp(c100 - c000, c110 - c010, fy), wp.lerp(c101 - c001, c111 - c011, fy), fz)
    gy = wp.lerp(wp.lerp(c10 - c00, c10 - c00, 0.0), c11 - c01, fz)
    gz = c1 - c0
    grad[i] = wp.vec3(gx, gy, gz)
    v0 = wp.lerp(wp.lerp(vgrid[x0, y0, z0], vgrid[x0 + 1, y0, z0], fx),
                 wp.lerp(vgrid[x0, y0 + 1, z0], vgrid[x0 + 1, y0 + 1, z0], fx), fy)
    v1 = wp.lerp(wp.lerp(vgrid[x0, y0, z0 + 1], vgrid[x0 + 1, y0, z0 + 1], fx),
                 wp.lerp(vgrid[x0, y0 + 1, z0 + 1], vgrid[x0 + 1, y0 + 1, z0 + 1], fx), fy)
    vval[i] = wp.lerp(v0, v1, fz)


TESTS = [
    dict(kernel="sample", dim=3000,
         args=dict(grid=("uniform", -1, 1), vgrid=("uniform", -1, 1), pts=("uniform", -0.5, 9.5)),
         shapes=dict(grid=(10, 8, 9), vgrid=(10, 8, 9)), outputs=["val", "grad", "vval"]),
]
