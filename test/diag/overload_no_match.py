# A call whose argument types match no overload of a @wp.func.
import warp as wp


@wp.func
def scale(x: float):
    return x * 2.0


@wp.func
def scale(x: wp.vec3):
    return x * 2.0


@wp.kernel
def k(a: wp.array(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    a[i] = scale(a[i])
    a[i] = float(scale(n[i]))
    a[i] = scale(a[i], a[i])

# expect: 19:18: no overload of 'scale' accepts arguments of type (int32)
# expect: 20:12: no overload of 'scale' accepts arguments of type (float32, float32)
