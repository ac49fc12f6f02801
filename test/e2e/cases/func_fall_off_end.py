"""Funcs that can reach their end without a return: warp-lang returns the
zero value of the return type there (one value; warpc warns,
-Wreturn-type), as newton's broad_phase_common.test_group_pair relies on.
And funcs whose if/elif/else arms all return, also through a chained
comparison (newton's rigid_vbd_kernels), which reach no end at all."""
import warp as wp


@wp.func
def group_pair(a: int, b: int) -> bool:
    if a == 0 or b == 0:
        return False
    if a > 0:
        return a == b or b < 0
    if a < 0:
        return a != b


@wp.func
def scaled(x: float) -> wp.vec3:
    for k in range(3):
        if x > float(k):
            return wp.vec3(x, float(k), 1.0)


@wp.func
def contact_law(d: float, r: float, k: float, barrier: bool):
    p = r - d
    if not barrier or r <= 0.0:
        return -k * p, k
    tau = r * 0.5
    d_min = wp.min(0.1, 0.5 * tau)
    if tau > d > d_min:
        k2 = tau * tau * k
        return -k2 / d, k2 / (d * d)
    elif d <= d_min:
        k2 = tau * tau * k
        return k2 * (d - 2.0 * d_min) / (d_min * d_min), k2 / (d_min * d_min)
    else:
        return -k * p, k


@wp.kernel
def fall_off(g: wp.array(dtype=int), x: wp.array(dtype=float), ok: wp.array(dtype=int),
             v: wp.array(dtype=wp.vec3), f: wp.array(dtype=float), h: wp.array(dtype=float)):
    i = wp.tid()
    ok[i] = int(group_pair(g[i] - 3, (i % 5) - 2))
    v[i] = scaled(x[i])
    a, b = contact_law(x[i], 1.5, 2.0, i % 3 != 0)
    f[i] = a
    h[i] = b


TESTS = [
    dict(kernel="fall_off", dim=60, args=dict(g=("int", 0, 6), x=("uniform", -1, 4)),
         outputs=["ok", "v", "f", "h"]),
]
