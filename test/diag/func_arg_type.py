# A @wp.func argument of the wrong type (int for float, vec3 for float).
import warp as wp


@wp.func
def scale(x: float, s: float) -> float:
    return x * s


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = scale(a[i], i)
    a[i] = scale(wp.vec3(1.0, 2.0, 3.0), 2.0)

# expect: 13:24: argument 's' of 'scale' must be 'float32', got 'int32'
# expect: 14:18: argument 'x' of 'scale' must be 'float32', got 'vec3f'
