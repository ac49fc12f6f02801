"""Two-dimensional launches: wp.tid() returning (i, j), 2-D arrays, a
transpose and an outer product.  With a 2-D launch a single `i = wp.tid()`
would give only the first coordinate; kernels here unpack both."""
import warp as wp


@wp.kernel
def transpose_scale(a: wp.array2d(dtype=float), s: float, b: wp.array2d(dtype=float)):
    i, j = wp.tid()
    b[j, i] = a[i, j] * s


@wp.kernel
def outer_index(x: wp.array(dtype=float), y: wp.array(dtype=float), m: wp.array2d(dtype=float),
                code: wp.array2d(dtype=int)):
    i, j = wp.tid()
    m[i, j] = x[i] * y[j] - float(i) + float(j)
    code[i, j] = i * 1000 + j


@wp.kernel
def first_coordinate(hits: wp.array(dtype=int)):
    # a single `i = wp.tid()` in a 2-D launch is the first coordinate (not
    # the linear index): each i in [0, dim[0]) is seen dim[1] times
    i = wp.tid()
    wp.atomic_add(hits, i, 1)


TESTS = [
    dict(kernel="transpose_scale", dim=(37, 53), args=dict(a=("uniform", -1, 1), s=3.0), shapes=dict(b=(53, 37)),
         outputs=["b"]),
    dict(kernel="outer_index", dim=(20, 30), args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1)),
         shapes=dict(x=(20,), y=(30,)), outputs=["m", "code"]),
    dict(kernel="first_coordinate", dim=(6, 5), shapes=dict(hits=(30,))),
]
