"""In-place updates of array elements: +=, -=, *= on 1-D and 2-D arrays of
floats, ints and vectors, including a component of a vector element."""
import warp as wp


@wp.kernel
def update(a: wp.array(dtype=float), b: wp.array2d(dtype=float), n: wp.array(dtype=int),
           v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a[i] += 1.5
    a[i] *= 2.0
    a[i] -= float(i) * 0.25
    b[i, 0] += a[i]
    b[i, 1] -= b[i, 0]
    b[i, 2] *= -3.0
    n[i] += i
    n[i] *= 3
    n[i] -= 7
    v[i] += wp.vec3(1.0, 2.0, 3.0)
    v[i] *= 0.5
    v[i].y += 10.0


TESTS = [
    dict(kernel="update", dim=200,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1), n=("int", -100, 100), v=("uniform", -1, 1)),
         shapes=dict(b=(200, 3))),
]
