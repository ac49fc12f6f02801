# Tuple indices must be compile-time constants in range (warp-lang 1.10.1
# rejects run-time indices and fails on negative ones); a loop variable is a
# constant only in a constant range that is unrolled (at most max_unroll
# iterations), as in warp-lang.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), n: int):
    i = wp.tid()
    t = (a[i], 2.0)
    a[i] = t[i % 2]
    a[i] = t[-1]
    a[i] = t[2]
    for j in range(n):
        a[i] = t[j]
    for j in range(20):
        a[i] = t[j % 2]
    for j in range(2):
        a[i] = t[j]

# expect: 12:14: a tuple index must be a constant
# expect: 13:14: index -1 is out of range for 'tuple(float32, float32)'
# expect: 14:14: index 2 is out of range for 'tuple(float32, float32)'
# expect: 16:18: a tuple index must be a constant
# expect: 18:18: a tuple index must be a constant
