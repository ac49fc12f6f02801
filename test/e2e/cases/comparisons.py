"""The six comparison operators, chained comparisons and bool results."""
import warp as wp


@wp.kernel
def compare_floats(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array2d(dtype=wp.bool)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x < y
    out[i, 1] = x <= y
    out[i, 2] = x > y
    out[i, 3] = x >= y
    out[i, 4] = x == y
    out[i, 5] = x != y
    out[i, 6] = -1.0 < x < 1.0
    out[i, 7] = x <= y <= 0.5


@wp.kernel
def compare_ints(a: wp.array(dtype=int), b: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    code = 0
    if a[i] < b[i]:
        code = code + 1
    if a[i] <= b[i]:
        code = code + 2
    if a[i] == b[i]:
        code = code + 4
    if a[i] != b[i]:
        code = code + 8
    if a[i] >= b[i]:
        code = code + 16
    if a[i] > b[i]:
        code = code + 32
    if 0 <= a[i] < 5:
        code = code + 64
    out[i] = code


TESTS = [
    dict(kernel="compare_floats", dim=400,
         args=dict(a=("choice", [-2.0, -1.0, -0.5, 0.0, 0.5, 1.0, 3.0]), b=("choice", [-1.0, 0.0, 0.5, 2.0])),
         shapes=dict(out=(400, 8)), outputs=["out"]),
    dict(kernel="compare_ints", dim=400, args=dict(a=("int", -3, 8), b=("int", -3, 8)), outputs=["out"]),
]
