# A local variable keeps the type of its first assignment.
import warp as wp


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array(dtype=int)):
    i = wp.tid()
    x = 1.0
    x = i
    a[i] = x
    b[i] = f(i)


@wp.func
def f(n: int) -> int:
    m = n
    m = wp.vec3(1.0, 2.0, 3.0)
    return m

# expect: 9:5: cannot assign a value of type 'int32' to 'x', which has type 'float32'
# expect: 17:5: cannot assign a value of type 'vec3f' to 'm', which has type 'int32'
