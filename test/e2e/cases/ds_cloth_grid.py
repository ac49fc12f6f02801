"""Cloth on a regular grid: each vertex gathers structural and shear
spring forces from its grid neighbours (array2d of vec3, neighbour
offsets from loops bounded by wp.static(len(NB)) of a module tuple), Verlet integration
with two pinned corners and a sphere collider."""
import warp as wp

NB = (-1, 0, 1)


@wp.kernel
def cloth_step(x: wp.array2d(dtype=wp.vec3), x_prev: wp.array2d(dtype=wp.vec3), x_new: wp.array2d(dtype=wp.vec3),
               rest: float, k: float, dt: float, sphere_c: wp.vec3, sphere_r: float):
    i, j = wp.tid()
    n = x.shape[0]
    m = x.shape[1]
    p = x[i, j]
    if i == 0 and (j == 0 or j == m - 1):
        x_new[i, j] = p
        return
    f = wp.vec3(0.0, -9.8, 0.0)
    for a in range(wp.static(len(NB))):
        for b in range(wp.static(len(NB))):
            di = a - 1
            dj = b - 1
            if di == 0 and dj == 0:
                continue
            ii = i + di
            jj = j + dj
            if ii >= 0 and ii < n and jj >= 0 and jj < m:
                d = x[ii, jj] - p
                l = wp.length(d)
                r = rest
                if di != 0 and dj != 0:
                    r = rest * 1.41421356
                f += d * (k * (l - r) / l)
    q = p + (p - x_prev[i, j]) * 0.99 + f * (dt * dt)
    c = q - sphere_c
    dist = wp.length(c)
    if dist < sphere_r:
        q = sphere_c + c * (sphere_r / dist)
    x_new[i, j] = q


@wp.kernel
def init_grid(x: wp.array2d(dtype=wp.vec3), h: float):
    i, j = wp.tid()
    x[i, j] = wp.vec3(float(j) * h, 1.0, float(i) * h)


TESTS = [
    dict(name="cloth", dim=(16, 16), arrays=dict(),
         launches=[dict(kernel="init_grid", args=dict(x="a", h=0.1)),
                   dict(kernel="init_grid", args=dict(x="b", h=0.1)),
                   dict(kernel="cloth_step", args=dict(x="a", x_prev="b", x_new="c", rest=0.1, k=500.0, dt=0.01,
                                                       sphere_c=[0.75, 0.7, 0.8], sphere_r=0.3)),
                   dict(kernel="cloth_step", args=dict(x="c", x_prev="a", x_new="b", rest=0.1, k=500.0, dt=0.01,
                                                       sphere_c=[0.75, 0.7, 0.8], sphere_r=0.3)),
                   dict(kernel="cloth_step", args=dict(x="b", x_prev="c", x_new="a", rest=0.1, k=500.0, dt=0.01,
                                                       sphere_c=[0.75, 0.7, 0.8], sphere_r=0.3))],
         repeat=8, outputs=["a", "b", "c"], rtol=1e-4, atol=1e-5),
]
