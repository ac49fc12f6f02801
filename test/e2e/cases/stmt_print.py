"""print(), wp.printf(), wp.expect_eq/expect_neq/expect_near and assert in
kernels.  Outputs go to stdout (not compared); the arrays the kernels
compute around them are.  The expects here hold, so they print nothing.
Differentiable: the backward kernel does not print again."""
import warp as wp


@wp.func
def checked_square(x: float) -> float:
    y = x * x
    wp.expect_near(y, x * x, 1.0e-6)
    return y


@wp.kernel
def report(x: wp.array(dtype=float), k: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    v = x[i]
    n = k[i]
    if i == 0:
        print(v)
        print(n)
        print(wp.vec3(v, 2.0, 3.0))
        print(wp.mat22(1.0, 2.0, 3.0, v))
        print(n > 2)
        print("100% sure")
        wp.printf("i=%d n=%d v=%f u=%u\n", i, n, v, wp.uint32(7))
        wp.printf("%lld %d\n", wp.int64(1) << wp.int64(40), wp.int8(-3))
    assert v >= -1.0, "inputs are in [-1, 1]"
    assert n >= 0
    wp.expect_eq(n, k[i])
    wp.expect_neq(n, -1)
    wp.expect_eq(wp.vec2(v, 1.0), wp.vec2(v, 1.0))
    wp.expect_near(wp.vec3(v), wp.vec3(v + 1.0e-7), 1.0e-5)
    out[i] = checked_square(v) + float(n)


TESTS = [
    dict(kernel="report", dim=32,
         args=dict(x=("uniform", -1, 1), k=("int", 0, 9)), outputs=["out"]),
]
