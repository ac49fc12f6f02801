"""Summed-area table: row prefix sums (one thread per row) then column
prefix sums (one thread per column) over an int32 image, and box sums
queried from the table with four lookups, compared with brute force."""
import warp as wp


@wp.kernel
def rows(img: wp.array2d(dtype=int), sat: wp.array2d(dtype=int)):
    i = wp.tid()
    s = int(0)
    for j in range(img.shape[1]):
        s += img[i, j]
        sat[i, j] = s


@wp.kernel
def cols(sat: wp.array2d(dtype=int)):
    j = wp.tid()
    s = int(0)
    for i in range(sat.shape[0]):
        s += sat[i, j]
        sat[i, j] = s


@wp.func
def at(sat: wp.array2d(dtype=int), i: int, j: int):
    if i < 0 or j < 0:
        return 0
    return sat[i, j]


@wp.kernel
def box(sat: wp.array2d(dtype=int), img: wp.array2d(dtype=int), r: int, fast: wp.array2d(dtype=int),
        slow: wp.array2d(dtype=int)):
    i, j = wp.tid()
    i0 = wp.max(i - r, 0) - 1
    j0 = wp.max(j - r, 0) - 1
    i1 = wp.min(i + r, sat.shape[0] - 1)
    j1 = wp.min(j + r, sat.shape[1] - 1)
    fast[i, j] = at(sat, i1, j1) - at(sat, i0, j1) - at(sat, i1, j0) + at(sat, i0, j0)
    s = int(0)
    for a in range(i0 + 1, i1 + 1):
        for b in range(j0 + 1, j1 + 1):
            s += img[a, b]
    slow[i, j] = s


TESTS = [
    dict(name="sat", dim=(30, 40), arrays=dict(img=("int", 0, 255)), shapes=dict(img=(30, 40), sat=(30, 40)),
         launches=[dict(kernel="rows", dim=30), dict(kernel="cols", dim=40), dict(kernel="box", args=dict(r=3))],
         outputs=["sat", "fast", "slow"]),
]
