"""Local variables: reassignment, augmented assignment, shadowing across
branches, swaps through tuple assignment."""
import warp as wp


@wp.kernel
def locals_kernel(a: wp.array(dtype=float), b: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    t = x
    x = y
    y = t
    s = x + y
    s += 1.0
    s -= 0.5 * x
    s *= 2.0
    s /= 4.0
    p, q = x * 2.0, y * 3.0
    p, q = q, p
    k = 0
    k += 3
    k *= i
    k -= 1
    out[i, 0] = x
    out[i, 1] = y
    out[i, 2] = s
    out[i, 3] = p - q
    out[i, 4] = float(k)


@wp.kernel
def accumulate(a: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    acc = a[i]
    acc = acc * 2
    acc = acc + 1
    acc = acc * acc
    acc %= 1000
    acc //= 3
    out[i] = acc


TESTS = [
    dict(kernel="locals_kernel", dim=200, args=dict(a=("uniform", -3, 3), b=("uniform", -3, 3)),
         shapes=dict(out=(200, 5)), outputs=["out"]),
    dict(kernel="accumulate", dim=200, args=dict(a=("int", -500, 500)), outputs=["out"]),
]
