"""Classification loss per row of logits: max-subtracted softmax,
log-sum-exp, argmax with first-index tie break, cross entropy against
an integer label, and the gradient softmax - onehot written per
element; batch mean accumulated with atomic_add (unordered, rtol 1e-4)."""
import warp as wp


@wp.kernel
def xent(logits: wp.array2d(dtype=float), labels: wp.array(dtype=int), loss: wp.array(dtype=float),
         pred: wp.array(dtype=int), grad: wp.array2d(dtype=float), mean: wp.array(dtype=float)):
    i = wp.tid()
    n = logits.shape[1]
    mx = logits[i, 0]
    am = int(0)
    for j in range(1, n):
        if logits[i, j] > mx:
            mx = logits[i, j]
            am = j
    s = float(0.0)
    for j in range(n):
        s += wp.exp(logits[i, j] - mx)
    lse = mx + wp.log(s)
    y = labels[i]
    l = lse - logits[i, y]
    loss[i] = l
    pred[i] = am
    for j in range(n):
        g = wp.exp(logits[i, j] - lse)
        if j == y:
            g -= 1.0
        grad[i, j] = g
    wp.atomic_add(mean, 0, l / float(logits.shape[0]))


TESTS = [
    dict(kernel="xent", dim=256, args=dict(logits=("normal", 0, 3), labels=("int", 0, 9)),
         shapes=dict(logits=(256, 10), grad=(256, 10), mean=(1,)), outputs=["loss", "pred", "grad", "mean"],
         rtol=1e-4, atol=1e-6),
]
