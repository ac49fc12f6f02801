"""atomic_exch and atomic_cas have no gradient in Warp (their adjoints are
empty): nothing flows to the swapped-in value or into the array's grad.  The
kernels here use them next to differentiable work whose gradient must still
be right.  Compared with warp-lang only (fd=False: the true derivative
through the swapped values is not what Warp computes)."""
import warp as wp


@wp.kernel
def swap(a: wp.array(dtype=float), b: wp.array(dtype=float), acc: wp.array(dtype=float),
         y: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_exch(acc, i, a[i] * b[i])
    wp.atomic_cas(acc, i, 0.0, 2.0 * a[i])
    y[i] = wp.sin(a[i]) * b[i]


@wp.kernel
def swap_vec(a: wp.array(dtype=wp.vec3), acc: wp.array(dtype=wp.vec3), y: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_exch(acc, i, a[i] * 3.0)
    y[i] = wp.dot(a[i], a[i])


GRAD_TESTS = [
    dict(kernel="swap", dim=16, args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2), acc=("uniform", -1, 1)),
         outputs=["y", "acc"], inputs=["a", "b"], fd=False),
    dict(kernel="swap_vec", dim=8, args=dict(a=("uniform", -2, 2), acc=("uniform", -1, 1)),
         outputs=["y", "acc"], inputs=["a"], fd=False),
]

