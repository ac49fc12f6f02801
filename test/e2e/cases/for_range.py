"""for loops over range() with one, two and three arguments (negative steps,
empty ranges, bounds from arrays), nested loops."""
import warp as wp


@wp.kernel
def ranges(n: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    k = n[i]
    s0 = int(0)
    for j in range(k):
        s0 += j
    s1 = int(0)
    for j in range(-3, k):
        s1 += j * j
    s2 = int(0)
    for j in range(k, -k, -2):
        s2 = s2 * 3 + j
        s2 = s2 % 100003
    s3 = int(0)
    for j in range(1, 20, 4):
        s3 = s3 * 10 + j % 10
    s4 = int(0)
    for j in range(5, 0):  # empty
        s4 += 1
    out[i, 0] = s0
    out[i, 1] = s1
    out[i, 2] = s2
    out[i, 3] = s3
    out[i, 4] = s4


@wp.kernel
def nested(n: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    total = float(0.0)
    for a in range(n[i]):
        for b in range(a):
            for c in range(b, a):
                total += float(a - b + c) * 0.5
    out[i] = total


@wp.kernel
def loop_var_modified(out: wp.array(dtype=int)):
    # assigning to the loop variable does not change the iteration
    i = wp.tid()
    s = int(0)
    for j in range(5):
        j = j + 10
        s += j
    out[i] = s + i


TESTS = [
    dict(kernel="ranges", dim=200, args=dict(n=("int", -5, 30)), shapes=dict(out=(200, 5)), outputs=["out"]),
    dict(kernel="nested", dim=64, args=dict(n=("int", 0, 12)), outputs=["out"]),
    dict(kernel="loop_var_modified", dim=10),
]
