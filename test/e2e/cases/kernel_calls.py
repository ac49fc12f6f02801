"""Kernels made by module-level calls instead of the decorator:
`k = wp.kernel(f)`, `k = wp.Kernel(func=f, key=...)` with options as
keywords or an `options` dict, and `k = wp.kernel(...)(f)`.  warpc compiles
each as the kernel bound to the name (launcher t_k), f being a plain def of
the file; f itself stays a host function."""
import warp as wp

SCALE = 1.5


@wp.func
def shift(x: float):
    return x + 0.25


def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


def scaled(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = shift(x[i]) * SCALE


def count_positive(x: wp.array(dtype=float), counter: wp.array(dtype=int)):
    i = wp.tid()
    if x[i] > 0.0:
        wp.atomic_add(counter, 0, 1)


def mix(x: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.dot(x[i], wp.vec3(1.0, 2.0, 3.0))


k_saxpy = wp.kernel(saxpy)
k_scaled = wp.Kernel(func=scaled, key="scaled_kernel")
k_count = wp.kernel(count_positive, enable_backward=False)
k_mix = wp.kernel(enable_backward=False)(mix)


TESTS = [
    dict(kernel="k_saxpy", dim=64,
         args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), a=2.5),
         outputs=["y"]),
    dict(kernel="k_scaled", dim=32, args=dict(x=("uniform", -2, 2)),
         outputs=["out"]),
    dict(kernel="k_count", dim=50, args=dict(x=("uniform", -1, 1)),
         shapes=dict(counter=(1,)), outputs=["counter"]),
    dict(kernel="k_mix", dim=16, args=dict(x=("uniform", -1, 1)),
         outputs=["out"]),
]
