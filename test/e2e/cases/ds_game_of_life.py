"""Conway's Game of Life on a toroidal int8 grid: neighbour count with
wrapped indices, the birth/survival rule as a boolean expression, many
generations by ping-pong, and the population counted with atomic_add."""
import warp as wp


@wp.kernel
def life(src: wp.array2d(dtype=wp.int8), dst: wp.array2d(dtype=wp.int8), pop: wp.array(dtype=int)):
    i, j = wp.tid()
    n = src.shape[0]
    m = src.shape[1]
    c = int(0)
    for di in range(-1, 2):
        for dj in range(-1, 2):
            if di != 0 or dj != 0:
                c += int(src[(i + di + n) % n, (j + dj + m) % m])
    alive = src[i, j] != wp.int8(0)
    nxt = (alive and (c == 2 or c == 3)) or (not alive and c == 3)
    dst[i, j] = wp.int8(int(nxt))
    if nxt:
        wp.atomic_add(pop, 0, 1)


TESTS = [
    dict(name="generations", dim=(48, 40), arrays=dict(a=("int", 0, 1)), shapes=dict(pop=(1,)),
         launches=[dict(kernel="life", args=dict(src="a", dst="b")),
                   dict(kernel="life", args=dict(src="b", dst="a"))],
         repeat=12, outputs=["a", "b", "pop"]),
]
