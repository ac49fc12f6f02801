"""Mass-spring chain: spring forces accumulated per particle with
wp.atomic_add on a vec3 array (float sums in an unspecified order, so
rtol 1e-4 / atol 1e-5), then a semi-implicit Euler step with gravity and
damping, pinned particles via an inverse-mass of zero."""
import warp as wp

GRAVITY = wp.constant(wp.vec3(0.0, -9.8, 0.0))


@wp.kernel
def eval_springs(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), idx: wp.array(dtype=wp.int32),
                 rest: wp.array(dtype=float), ke: float, kd: float, f: wp.array(dtype=wp.vec3)):
    tid = wp.tid()
    i = idx[tid * 2 + 0]
    j = idx[tid * 2 + 1]
    xij = x[i] - x[j]
    vij = v[i] - v[j]
    l = wp.length(xij)
    dir = xij / l
    c = l - rest[tid]
    dcdt = wp.dot(dir, vij)
    fs = dir * (ke * c + kd * dcdt)
    wp.atomic_sub(f, i, fs)
    wp.atomic_add(f, j, fs)


@wp.kernel
def integrate(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), f: wp.array(dtype=wp.vec3),
              inv_mass: wp.array(dtype=float), dt: float):
    i = wp.tid()
    w = inv_mass[i]
    if w == 0.0:
        f[i] = wp.vec3()
        return
    vel = v[i] + (f[i] * w + GRAVITY) * dt
    vel = vel * 0.999
    v[i] = vel
    x[i] = x[i] + vel * dt
    f[i] = wp.vec3(0.0)


N = 32
IDX = [k // 2 + (k % 2) for k in range(2 * (N - 1))]
POS = [[float(k) * 0.1, 0.0, 0.0] for k in range(N)]
INV = [0.0] + [1.0] * (N - 1)

TESTS = [
    dict(name="forces", kernel="eval_springs", dim=N - 1,
         args=dict(x=POS, v=("uniform", -0.1, 0.1), idx=IDX, rest=("uniform", 0.08, 0.12), ke=100.0, kd=1.0),
         shapes=dict(x=(N,), v=(N,), f=(N,), idx=(2 * (N - 1),)), outputs=["f"], rtol=1e-4, atol=1e-5),
    dict(name="simulate", dim=N - 1,
         arrays=dict(x=POS, v="zeros", idx=IDX, rest=("full", 0.1), inv_mass=INV),
         shapes=dict(x=(N,), v=(N,), f=(N,), idx=(2 * (N - 1),), inv_mass=(N,)),
         launches=[dict(kernel="eval_springs", args=dict(ke=200.0, kd=0.5)),
                   dict(kernel="integrate", dim=N, args=dict(dt=0.001))],
         repeat=20, outputs=["x", "v"], rtol=1e-4, atol=1e-5),
]
