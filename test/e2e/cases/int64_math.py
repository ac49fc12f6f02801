"""int64 arithmetic on values beyond 32 bits: products, sums, // and %."""
import warp as wp


@wp.kernel
def big_products(a: wp.array(dtype=wp.int64), b: wp.array(dtype=wp.int64), out: wp.array2d(dtype=wp.int64)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out[i, 0] = x * y
    out[i, 1] = x + y * wp.int64(4096)
    out[i, 2] = (x * y) // wp.int64(1000003)
    out[i, 3] = (x * y) % wp.int64(1000003)
    out[i, 4] = wp.max(x, y) - wp.min(x, y)
    out[i, 5] = wp.abs(x - y) * wp.sign(y)


@wp.kernel
def triangular(n: wp.array(dtype=wp.int64), out: wp.array(dtype=wp.int64)):
    i = wp.tid()
    k = n[i]
    out[i] = k * (k + wp.int64(1)) / wp.int64(2)


TESTS = [
    dict(kernel="big_products", dim=500, args=dict(a=("int", -3000000000, 3000000000), b=("int", -1000000, 1000000)),
         shapes=dict(out=(500, 6)), outputs=["out"]),
    dict(kernel="triangular", dim=300, args=dict(n=("int", 0, 3000000000)), outputs=["out"]),
]
