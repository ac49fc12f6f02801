"""Brute-force sphere-sphere collision response: each particle sums
penalty forces and damping from all overlapping neighbours (no atomics:
a gather loop), plus ground contact with friction, then symplectic
Euler; radii vary per particle."""
import warp as wp


@wp.kernel
def contacts(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), r: wp.array(dtype=float), ke: float, kd: float,
             f: wp.array(dtype=wp.vec3), nc: wp.array(dtype=int)):
    i = wp.tid()
    xi = x[i]
    fi = wp.vec3()
    count = int(0)
    for j in range(x.shape[0]):
        if j == i:
            continue
        d = xi - x[j]
        dist = wp.length(d)
        pen = r[i] + r[j] - dist
        if pen > 0.0:
            n = d / dist
            vn = wp.dot(v[i] - v[j], n)
            fi += n * (ke * pen - kd * wp.min(vn, 0.0))
            count += 1
    # ground plane y = 0
    pen_g = r[i] - xi[1]
    if pen_g > 0.0:
        vt = wp.vec3(v[i][0], 0.0, v[i][2])
        fi += wp.vec3(0.0, ke * pen_g, 0.0) - vt * kd
    f[i] = fi
    nc[i] = count


@wp.kernel
def euler(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), f: wp.array(dtype=wp.vec3), dt: float):
    i = wp.tid()
    vel = v[i] + (f[i] + wp.vec3(0.0, -9.8, 0.0)) * dt
    v[i] = vel
    x[i] = x[i] + vel * dt


TESTS = [
    dict(name="pile", dim=200,
         arrays=dict(x=("uniform", 0.0, 1.0), v=("uniform", -0.1, 0.1), r=("uniform", 0.03, 0.06)),
         launches=[dict(kernel="contacts", args=dict(ke=1000.0, kd=5.0)), dict(kernel="euler", args=dict(dt=0.002))],
         repeat=10, outputs=["x", "v", "nc"], rtol=1e-4, atol=1e-5),
]
