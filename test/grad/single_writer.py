"""Adjoints added without atomics (lib/ir/injective.c) and where they must not be.

A read at an index injective in the thread (a[i], a[i, j], a[2 * i + 1])
adds its adjoint into the grad with a plain add when the launch has no more
dimensions than the index covers; every other launch, and every read whose
element another thread may touch, keeps the atomic add.  Each test here
pins one side of that line with its gradients:

- pointwise: a[i], b[i] in a 1-D launch (plain adds);
- affine: a[2 * i + 1], a[2 * i] in a 1-D launch (plain adds);
- grid: a[i, j] in a 2-D launch (plain adds);
- row_in_grid: `i, j = wp.tid()`, a[i] read by every j of a 2-D launch
  (the atomic: the index covers one of the two dimensions);
- flat_in_grid: `i = wp.tid()` (the first coordinate) in a 2-D launch:
  every j reads a[i] (the atomic);
- aliased_same: a[i] * b[i] with a and b the same array (plain adds: one
  thread owns the element through both parameters);
- aliased_shifted: a[i] * b[i + 1] with a and b the same array: threads i
  and i + 1 both add into element i + 1 (the atomic: the forms differ).
"""
import warp as wp


@wp.kernel
def pointwise(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = a[i] * b[i] + wp.sin(a[i])


@wp.kernel
def pointwise_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = a[i] * b[i] + wp.sin(a[i])


@wp.kernel
def affine(a: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = a[2 * i + 1] * a[2 * i + 1] - a[2 * i]


@wp.kernel
def affine_f64(a: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = a[2 * i + 1] * a[2 * i + 1] - a[2 * i]


@wp.kernel
def grid(a: wp.array2d(dtype=wp.vec3), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    y[i, j] = wp.dot(a[i, j], a[i, j])


@wp.kernel
def grid_f64(a: wp.array2d(dtype=wp.vec3d), y: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    y[i, j] = wp.dot(a[i, j], a[i, j])


@wp.kernel
def row_in_grid(a: wp.array(dtype=float), b: wp.array2d(dtype=float), y: wp.array2d(dtype=float)):
    i, j = wp.tid()
    y[i, j] = a[i] * b[i, j]


@wp.kernel
def row_in_grid_f64(a: wp.array(dtype=wp.float64), b: wp.array2d(dtype=wp.float64),
                    y: wp.array2d(dtype=wp.float64)):
    i, j = wp.tid()
    y[i, j] = a[i] * b[i, j]


@wp.kernel
def flat(a: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(y, 0, a[i] * a[i])


@wp.kernel
def flat_f64(a: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    wp.atomic_add(y, 0, a[i] * a[i])


@wp.kernel
def same(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = a[i] * b[i]


@wp.kernel
def same_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = a[i] * b[i]


@wp.kernel
def shifted(a: wp.array(dtype=float), b: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = a[i] * b[i + 1]


@wp.kernel
def shifted_f64(a: wp.array(dtype=wp.float64), b: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = a[i] * b[i + 1]


GRAD_TESTS = [
    dict(name="pointwise", kernel="pointwise", dim=64,
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)), outputs=["y"], inputs=["a", "b"]),
    dict(name="affine", kernel="affine", dim=32, shapes=dict(a=(64,)),
         args=dict(a=("uniform", -2, 2)), outputs=["y"], inputs=["a"]),
    dict(name="grid", kernel="grid", dim=(6, 5),
         args=dict(a=("uniform", -2, 2)), outputs=["y"], inputs=["a"]),
    dict(name="row_in_grid", kernel="row_in_grid", dim=(6, 7), shapes=dict(a=(6,)),
         args=dict(a=("uniform", -2, 2), b=("uniform", -2, 2)), outputs=["y"], inputs=["a", "b"]),
    dict(name="flat_in_grid", kernel="flat", dim=(5, 9), shapes=dict(a=(5,), y=(1,)),
         args=dict(a=("uniform", -2, 2)), outputs=["y"], inputs=["a"]),
    dict(name="aliased_same", dim=48, arrays=dict(x=("uniform", -2, 2)),
         launches=[dict(kernel="same", args=dict(a="x", b="x", y="y"))],
         outputs=["y"], inputs=["x"]),
    dict(name="aliased_shifted", dim=48, shapes=dict(x=(49,)), arrays=dict(x=("uniform", -2, 2)),
         launches=[dict(kernel="shifted", args=dict(a="x", b="x", y="y"))],
         outputs=["y"], inputs=["x"]),
]
