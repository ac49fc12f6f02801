"""Bool arrays as inputs and outputs (1 byte per element), bool locals,
bools from comparisons, int(b) and wp.where on bools."""
import warp as wp


@wp.kernel
def masks(x: wp.array(dtype=float), mask: wp.array(dtype=wp.bool), keep: wp.array(dtype=wp.bool),
          out: wp.array(dtype=float), counts: wp.array(dtype=int)):
    i = wp.tid()
    pos = x[i] > 0.0
    k = pos and mask[i]
    keep[i] = k
    out[i] = wp.where(k, x[i], 0.0)
    if mask[i]:
        wp.atomic_add(counts, 0, 1)
    wp.atomic_add(counts, 1, int(k))
    flag = False
    if x[i] > 0.9:
        flag = True
    if flag:
        wp.atomic_add(counts, 2, 1)


@wp.kernel
def life_step(cur: wp.array2d(dtype=wp.bool), nxt: wp.array2d(dtype=wp.bool)):
    # Conway's game of life on a torus
    i, j = wp.tid()
    n = cur.shape[0]
    m = cur.shape[1]
    alive = int(0)
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di != 0 or dj != 0:
                if cur[(i + di + n) % n, (j + dj + m) % m]:
                    alive += 1
    if cur[i, j]:
        nxt[i, j] = alive == 2 or alive == 3
    else:
        nxt[i, j] = alive == 3


TESTS = [
    dict(kernel="masks", dim=1000, args=dict(x=("uniform", -1, 1), mask=("bool", 0.6)), shapes=dict(counts=(3,)),
         outputs=["keep", "out", "counts"]),
    dict(name="life", dim=(32, 40), arrays=dict(a=("bool", 0.35)),
         launches=[dict(kernel="life_step", args=dict(cur="a", nxt="b")),
                   dict(kernel="life_step", args=dict(cur="b", nxt="a"))],
         repeat=8, outputs=["a", "b"]),
]
