"""Numerically stable softmax and log-sum-exp per row of a 2-D array: max,
exp, sum, log, division."""
import warp as wp


@wp.kernel
def softmax(logits: wp.array2d(dtype=float), probs: wp.array2d(dtype=float), lse: wp.array(dtype=float)):
    r = wp.tid()
    n = logits.shape[1]
    mx = logits[r, 0]
    for j in range(1, n):
        mx = wp.max(mx, logits[r, j])
    s = float(0.0)
    for j in range(n):
        s += wp.exp(logits[r, j] - mx)
    for j in range(n):
        probs[r, j] = wp.exp(logits[r, j] - mx) / s
    lse[r] = mx + wp.log(s)


TESTS = [
    dict(kernel="softmax", dim=64, args=dict(logits=("uniform", -10, 10)), shapes=dict(logits=(64, 50), probs=(64, 50)),
         outputs=["probs", "lse"], atol=1e-6),
]
