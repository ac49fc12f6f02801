"""Random walkers on a periodic 2D lattice: steps drawn with randi,
positions as vec2i wrapped with integer % on vectors, a visit-count grid
updated with atomic_add, and the squared displacement of the unwrapped
walk (exact integers)."""
import warp as wp


@wp.kernel
def walk(seed: int, steps: int, size: int, pos: wp.array(dtype=wp.vec2i), visits: wp.array2d(dtype=int),
         msd: wp.array(dtype=int)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    p = wp.vec2i(i % size, (i * 7) % size)
    start = p
    unwrapped = wp.vec2i(0, 0)
    for _ in range(steps):
        r = wp.randi(s) & 3
        d = wp.vec2i(0, 0)
        if r == 0:
            d = wp.vec2i(1, 0)
        elif r == 1:
            d = wp.vec2i(-1, 0)
        elif r == 2:
            d = wp.vec2i(0, 1)
        else:
            d = wp.vec2i(0, -1)
        unwrapped = unwrapped + d
        p = (p + d + wp.vec2i(size, size)) % wp.vec2i(size, size)
        wp.atomic_add(visits, p[0], p[1], 1)
    pos[i] = p
    msd[i] = wp.dot(unwrapped, unwrapped) + 0 * start[0]


TESTS = [
    dict(kernel="walk", dim=400, args=dict(seed=9, steps=100, size=32), shapes=dict(visits=(32, 32)),
         outputs=["pos", "visits", "msd"]),
]
