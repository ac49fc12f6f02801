"""Numerical quadrature: 5-point Gauss-Legendre nodes and weights in
float64 arrays (loop bound wp.static(len(NODES)) of the module tuple
they come from), applied to per-thread intervals of exp, sin and log
integrands in float64, and composite Simpson's rule in float32."""
import warp as wp

NODES = (0.0, -0.5384693101056831, 0.5384693101056831, -0.9061798459386640, 0.9061798459386640)
WEIGHTS = (0.5688888888888889, 0.4786286704993665, 0.4786286704993665, 0.2369268850561891, 0.2369268850561891)


@wp.func
def f64(kind: int, x: wp.float64):
    if kind == 0:
        return wp.exp(x)
    elif kind == 1:
        return wp.sin(x)
    return wp.log(x)


@wp.kernel
def gauss5(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), kind: wp.array(dtype=int),
           nodes: wp.array(dtype=wp.float64), weights: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    lo = a[i]
    hi = b[i]
    half = (hi - lo) * wp.float64(0.5)
    mid = (hi + lo) * wp.float64(0.5)
    s = wp.float64(0.0)
    for k in range(wp.static(len(NODES))):
        s += weights[k] * f64(kind[i], mid + half * nodes[k])
    out[i] = s * half


@wp.kernel
def simpson(a: wp.array(dtype=float), b: wp.array(dtype=float), n: int, out: wp.array(dtype=float)):
    i = wp.tid()
    h = (b[i] - a[i]) / float(n)
    s = wp.exp(a[i]) + wp.exp(b[i])
    for k in range(1, n):
        w = 4.0
        if k % 2 == 0:
            w = 2.0
        s += w * wp.exp(a[i] + h * float(k))
    out[i] = s * h / 3.0


TESTS = [
    dict(kernel="gauss5", dim=600, args=dict(a=("uniform", 0.5, 1.0), b=("uniform", 1.5, 3.0), kind=("int", 0, 2), nodes=list(NODES),
                   weights=list(WEIGHTS)),
         shapes=dict(nodes=(5,), weights=(5,)), outputs=["out"]),
    dict(kernel="simpson", dim=600, args=dict(a=("uniform", -1, 0), b=("uniform", 0.5, 1.5), n=64), outputs=["out"],
         rtol=1e-5, atol=1e-6),
]
