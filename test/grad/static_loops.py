"""Loops over constant ranges.  warp-lang unrolls range(C) loops up to
max_unroll = 16 iterations, so its gradients through range(4) are right;
range(20) is above the limit and becomes a dynamic loop, whose reverse pass
sees only the last iteration's values of the loop-carried variables
(warp_wrong).  warpc unrolls up to the same limit and replays the rest."""
import warp as wp


@wp.kernel
def unrolled(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    x = a[i]
    p = float(1.0)
    s = float(0.0)
    for j in range(4):
        p = p * x + b[i]
        s = s + p / (x * x + float(j + 1))
    y[i] = s


@wp.kernel
def unrolled_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    p = wp.float64(1.0)
    s = wp.float64(0.0)
    for j in range(4):
        p = p * x + b[i]
        s = s + p / (x * x + wp.float64(j + 1))
    y[i] = s


@wp.kernel
def nested_static(m: wp.array(dtype=wp.mat33), v: wp.array(dtype=wp.vec3), y: wp.array(dtype=wp.vec3)):
    # v <- tanh(M v) three times, component by component
    i = wp.tid()
    u = v[i]
    a = m[i]
    for it in range(3):
        w = wp.vec3()
        for r in range(3):
            acc = float(0.0)
            for c in range(3):
                acc += a[r, c] * u[c]
            w[r] = wp.tanh(acc)
        u = w
    y[i] = u


@wp.kernel
def nested_static_f64(m: wp.array(dtype=wp.mat33d), v: wp.array(dtype=wp.vec3d), y: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    u = v[i]
    a = m[i]
    for it in range(3):
        w = wp.vec3d()
        for r in range(3):
            acc = wp.float64(0.0)
            for c in range(3):
                acc += a[r, c] * u[c]
            w[r] = wp.tanh(acc)
        u = w
    y[i] = u


@wp.kernel
def long_static(a: wp.array(dtype=float), y: wp.array(dtype=float)):
    # 20 iterations: more than max_unroll, so not unrolled
    i = wp.tid()
    x = a[i]
    p = float(1.0)
    for j in range(20):
        p = p * (1.0 + x * 0.1)
    y[i] = p


@wp.kernel
def long_static_f64(a: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    x = a[i]
    p = wp.float64(1.0)
    for j in range(20):
        p = p * (wp.float64(1.0) + x * wp.float64(0.1))
    y[i] = p


GRAD_TESTS = [
    dict(name="range4_products", kernel="unrolled", dim=8, args=dict(a=("uniform", -1.5, 1.5), b=("uniform", -1, 1)),
         outputs=["y"]),
    dict(name="nested_static", kernel="nested_static", dim=4,
         args=dict(m=("uniform", -1, 1), v=("uniform", -1, 1)), outputs=["y"]),
    dict(name="range20_product", kernel="long_static", dim=6, args=dict(a=("uniform", -1, 1)), outputs=["y"],
         warp_wrong=True),
]
