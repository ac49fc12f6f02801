"""Neural-network style element-wise layers on a 2D batch: tanh, sigmoid
via exp, softplus via log, GELU (tanh approximation), sinh/cosh based
swish variant, binary step and sign, smoothstep gating, and per-row
entropy in bits (log2) and decibels (log10)."""
import warp as wp


@wp.func
def sigmoid(x: float):
    return 1.0 / (1.0 + wp.exp(-x))


@wp.func
def gelu(x: float):
    return 0.5 * x * (1.0 + wp.tanh(0.7978845608 * (x + 0.044715 * x * x * x)))


@wp.kernel
def activations(x: wp.array2d(dtype=float), y: wp.array3d(dtype=float)):
    i, j = wp.tid()
    v = x[i, j]
    y[i, j, 0] = wp.tanh(v)
    y[i, j, 1] = sigmoid(v)
    y[i, j, 2] = wp.log(1.0 + wp.exp(v))
    y[i, j, 3] = gelu(v)
    y[i, j, 4] = wp.sinh(v) / wp.cosh(v) - wp.tanh(v)
    y[i, j, 5] = wp.step(v)
    y[i, j, 6] = wp.sign(v) * wp.smoothstep(-1.0, 1.0, v)
    y[i, j, 7] = wp.cosh(0.5 * v) - wp.sinh(0.25 * v)


@wp.kernel
def entropy(p: wp.array2d(dtype=float), bits: wp.array(dtype=float), db: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for j in range(p.shape[1]):
        s += p[i, j]
    h = float(0.0)
    for j in range(p.shape[1]):
        q = p[i, j] / s
        h -= q * wp.log2(q)
    bits[i] = h
    db[i] = 10.0 * wp.log10(s)


TESTS = [
    dict(kernel="activations", dim=(64, 32), args=dict(x=("uniform", -4, 4)), shapes=dict(y=(64, 32, 8)),
         outputs=["y"], rtol=1e-5, atol=1e-6),
    dict(kernel="entropy", dim=64, args=dict(p=("uniform", 0.01, 1)), shapes=dict(p=(64, 20)),
         outputs=["bits", "db"]),
]
