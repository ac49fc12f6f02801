"""The row form of CPU range loops (lib/emit/emit_cpu_rows.c): straight-line
kernels whose wp.tid() has 2-4 components, launched over dense arrays of as
many dimensions, run an inner loop over the last launch dimension with
constant innermost strides.  Sizes are odd and large enough to be pooled,
so threads' ranges start and end mid-row (the tails); `repeat` runs the
launches again once the pool has learnt their cost (other splits).
Covered: clamped neighbour reads (fluid's pressure solve), vec2 elements, a
1-D array beside 2-D ones, a transposed store, 3-D and 4-D launches, int
arrays, a kernel of two wp.tid() calls, and the threads of a row in order
where their order shows (smear_left: threads j = 0 and 1 update one
element; small enough for one pool chunk, as warp-lang's one thread)."""
import warp as wp


@wp.func
def lookup(f: wp.array2d(dtype=float), x: int, y: int):
    x = wp.clamp(x, 0, f.shape[0] - 1)
    y = wp.clamp(y, 0, f.shape[1] - 1)
    return f[x, y]


@wp.kernel
def jacobi(src: wp.array2d(dtype=float), rhs: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = lookup(src, i - 1, j) + lookup(src, i + 1, j) + lookup(src, i, j - 1) + lookup(src, i, j + 1)
    dst[i, j] = (s - rhs[i, j]) * 0.25


@wp.kernel
def vel_scale(u: wp.array2d(dtype=wp.vec2), w: wp.array(dtype=float), out: wp.array2d(dtype=wp.vec2), s: float):
    i, j = wp.tid()
    out[i, j] = u[i, j] * (s * w[j]) + wp.vec2(float(i), float(j))


@wp.kernel
def transpose(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    i, j = wp.tid()
    b[j, i] = a[i, j] * 2.0 - float(j)


@wp.kernel
def blur3(a: wp.array3d(dtype=float), b: wp.array3d(dtype=float), code: wp.array3d(dtype=int)):
    i, j, k = wp.tid()
    km = wp.max(k - 1, 0)
    kp = wp.min(k + 1, a.shape[2] - 1)
    b[i, j, k] = (a[i, j, km] + a[i, j, k] + a[i, j, kp]) / 3.0
    code[i, j, k] = (i * 100 + j) * 100 + k


@wp.kernel
def axpy4(x: wp.array4d(dtype=float), y: wp.array4d(dtype=float), a: float):
    i, j, k, l = wp.tid()
    y[i, j, k, l] = a * x[i, j, k, l] + y[i, j, k, l] + float(l - k)


@wp.kernel
def tid_twice(n: wp.array2d(dtype=int)):
    i, j = wp.tid()
    p, q = wp.tid()
    n[i, j] = n[i, j] + i * 7 + j * 3 + p - q


@wp.kernel
def smear_left(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float)):
    i, j = wp.tid()
    k = wp.clamp(j - 1, 0, a.shape[1] - 1)
    a[i, k] = a[i, k] * 0.5 + b[i, j]


TESTS = [
    dict(name="jacobi_pingpong", dim=(67, 129),
         arrays=dict(a=("uniform", -1, 1), rhs=("uniform", -1, 1)),
         launches=[dict(kernel="jacobi", args=dict(src="a", rhs="rhs", dst="b")),
                   dict(kernel="jacobi", args=dict(src="b", rhs="rhs", dst="a"))],
         repeat=6, outputs=["a", "b"]),
    dict(kernel="vel_scale", dim=(45, 77), args=dict(u=("uniform", -2, 2), w=("uniform", 0, 1), s=1.5),
         shapes=dict(w=(77,)), outputs=["out"], repeat=3),
    dict(kernel="transpose", dim=(61, 33), args=dict(a=("uniform", -1, 1)), shapes=dict(b=(33, 61)),
         outputs=["b"]),
    dict(kernel="blur3", dim=(5, 9, 47), args=dict(a=("uniform", -1, 1)), outputs=["b", "code"], repeat=2),
    dict(kernel="axpy4", dim=(3, 4, 5, 29), args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), a=0.75),
         outputs=["y"], repeat=3),
    dict(kernel="tid_twice", dim=(31, 1), args=dict(n=("int", -5, 5)), repeat=2),
    dict(name="tid_twice_long_rows", kernel="tid_twice", dim=(3, 1501), args=dict(n=("int", -5, 5)), repeat=2),
    dict(kernel="smear_left", dim=(7, 41), args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)), outputs=["a"]),
]
