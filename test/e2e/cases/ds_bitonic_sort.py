"""Bitonic sorting network on 256 float keys with integer payloads: one
launch per (k, j) stage with the partner index i ^ j, direction from
i & k, compare-and-swap of key and value; the stage list is built in
host code."""
import warp as wp


@wp.kernel
def bitonic_step(keys: wp.array(dtype=float), vals: wp.array(dtype=int), j: int, k: int):
    i = wp.tid()
    l = i ^ j
    if l > i:
        up = (i & k) == 0
        a = keys[i]
        b = keys[l]
        if (a > b) == up:
            keys[i] = b
            keys[l] = a
            va = vals[i]
            vals[i] = vals[l]
            vals[l] = va


N = 256
STAGES = []
k = 2
while k <= N:
    j = k // 2
    while j > 0:
        STAGES.append(dict(kernel="bitonic_step", args=dict(j=j, k=k)))
        j //= 2
    k *= 2
TESTS = [
    dict(name="sort", dim=N, arrays=dict(keys=("uniform", -100, 100), vals="arange"), launches=STAGES,
         outputs=["keys", "vals"]),
]
