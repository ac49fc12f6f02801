# print() in Warp kernels takes one value; wp.printf() needs a literal format
# and scalars; expect_* need matching types.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    print(i, a[i])
    wp.printf("%f\n", wp.vec3(1.0))
    wp.printf(i)
    wp.expect_eq(i, a[i])
    wp.expect_near(i, 2, 1)

# expect: 9:5: print() in Warp kernels takes one value (use wp.printf() for several)
# expect: 10:23: wp.printf() prints scalars, not 'vec3f' (use print())
# expect: 11:5: wp.printf() takes a format string literal and scalar values
# expect: 12:5: no overload of 'expect_eq' for argument types (int32, float32)
# expect: 13:5: no overload of 'expect_near' for argument types (int32, int32, int32)
