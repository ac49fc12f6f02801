"""Batch normalization over a 4D activation tensor (batch, height,
width, channel) stored as array4d: per-channel mean and variance in a
channel-per-thread loop over the other three dimensions, then the
normalized, scaled and shifted output with a 4D launch."""
import warp as wp


@wp.kernel
def stats(x: wp.array4d(dtype=float), mean: wp.array(dtype=float), var: wp.array(dtype=float)):
    c = wp.tid()
    s = float(0.0)
    s2 = float(0.0)
    n = x.shape[0] * x.shape[1] * x.shape[2]
    for b in range(x.shape[0]):
        for i in range(x.shape[1]):
            for j in range(x.shape[2]):
                v = x[b, i, j, c]
                s += v
                s2 += v * v
    m = s / float(n)
    mean[c] = m
    var[c] = s2 / float(n) - m * m


@wp.kernel
def normalize4(x: wp.array4d(dtype=float), mean: wp.array(dtype=float), var: wp.array(dtype=float),
               gamma: wp.array(dtype=float), beta: wp.array(dtype=float), eps: float, y: wp.array4d(dtype=float)):
    b, i, j, c = wp.tid()
    y[b, i, j, c] = gamma[c] * (x[b, i, j, c] - mean[c]) / wp.sqrt(var[c] + eps) + beta[c]


TESTS = [
    dict(name="bn", dim=(4, 6, 5, 8),
         arrays=dict(x=("normal", 1.0, 2.0), gamma=("uniform", 0.5, 1.5), beta=("uniform", -1, 1)),
         shapes=dict(x=(4, 6, 5, 8), y=(4, 6, 5, 8), mean=(8,), var=(8,), gamma=(8,), beta=(8,)),
         launches=[dict(kernel="stats", dim=8), dict(kernel="normalize4", args=dict(eps=1e-5))],
         outputs=["mean", "var", "y"], rtol=1e-5, atol=1e-5),
]
