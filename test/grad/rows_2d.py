"""Backward kernels of 2-D and 3-D launches in the CPU row form
(lib/emit/emit_cpu_rows.c): straight-line kernels over dense arrays, sized
to be pooled so that threads' ranges start and end mid-row.  `pointwise`
writes each adjoint once (plain adds); `blur` scatters each read's adjoint
to clamped neighbours (atomic adds); `scale3` is a 3-D launch."""
import warp as wp


@wp.kernel
def pointwise(a: wp.array2d(dtype=float), b: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    y[i, j] = a[i, j] * b[i, j] + wp.sin(a[i, j])


@wp.kernel
def pointwise_f64(a: wp.array2d(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                  y: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    y[i, j] = a[i, j] * b[i, j] + wp.sin(a[i, j])


@wp.kernel
def blur(a: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    jm = wp.max(j - 1, 0)
    jp = wp.min(j + 1, a.shape[1] - 1)
    y[i, j] = a[i, jm] * 0.25 + a[i, j] * a[i, j] + a[i, jp] * 0.75


@wp.kernel
def blur_f64(a: wp.array2d(dtype=wp.float64), y: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    jm = wp.max(j - 1, 0)
    jp = wp.min(j + 1, a.shape[1] - 1)
    y[i, j] = a[i, jm] * wp.float64(0.25) + a[i, j] * a[i, j] + a[i, jp] * wp.float64(0.75)


@wp.kernel
def scale3(a: wp.array3d(dtype=float), y: wp.array3d(dtype=float), s: float):
    i, j, k = wp.tid()
    y[i, j, k] = a[i, j, k] * a[i, j, k] * s


@wp.kernel
def scale3_f64(a: wp.array3d(dtype=wp.float64), y: wp.array3d(dtype=wp.float64), s: wp.float64):
    i, j, k = wp.tid()
    y[i, j, k] = a[i, j, k] * a[i, j, k] * s


GRAD_TESTS = [
    dict(name="pointwise", kernel="pointwise", dim=(23, 61),
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)), outputs=["y"], inputs=["a", "b"]),
    dict(name="blur", kernel="blur", dim=(19, 67), args=dict(a=("uniform", -2, 2)), outputs=["y"], inputs=["a"]),
    dict(name="scale3", kernel="scale3", dim=(3, 7, 53), args=dict(a=("uniform", -2, 2), s=1.5), outputs=["y"],
         inputs=["a"]),
]
