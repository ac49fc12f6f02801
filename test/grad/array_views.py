"""Gradients through array views (a[i] of a 2-d or 3-d array) and slices
(a[::-1, 1], a[i][1:]): loads and
atomics on a view reach the grad of the viewed row, a @wp.func taking the
view as an array parameter included."""
import warp as wp


@wp.func
def weighted(r: wp.array(dtype=float)) -> float:
    s = float(0.0)
    for j in range(r.shape[0]):
        s += r[j] * r[j] * float(j + 1)
    return s


@wp.kernel
def rows(a: wp.array2d(dtype=float), b: wp.array3d(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    row = a[i]
    line = b[i][1]
    y[i] = weighted(row) + wp.sin(line[0]) * row[2] + b[i, 0][1]


@wp.kernel
def rows_f64(a: wp.array2d(dtype=wp.float64), b: wp.array3d(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    row = a[i]
    line = b[i][1]
    y[i] = weighted_f64(row) + wp.sin(line[0]) * row[2] + b[i, 0][1]


@wp.func
def weighted_f64(r: wp.array(dtype=wp.float64)) -> wp.float64:
    s = wp.float64(0.0)
    for j in range(r.shape[0]):
        s += r[j] * r[j] * wp.float64(j + 1)
    return s


@wp.kernel
def accum(a: wp.array2d(dtype=float), loss: wp.array(dtype=float)):
    i, j = wp.tid()
    row = a[i]
    wp.atomic_add(loss, 0, row[j] * row[j] * float(i + 1))


@wp.kernel
def accum_f64(a: wp.array2d(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i, j = wp.tid()
    row = a[i]
    wp.atomic_add(loss, 0, row[j] * row[j] * wp.float64(i + 1))


@wp.kernel
def looped(a: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    j = wp.tid()
    s = float(0.0)
    for k in range(5):  # unrolled by warp-lang (its dynamic loops lose the carried s)
        r = a[k]
        s = s * r[j] + wp.cos(r[j])
    y[j] = s


@wp.kernel
def looped_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    j = wp.tid()
    s = wp.float64(0.0)
    for k in range(5):  # unrolled by warp-lang (its dynamic loops lose the carried s)
        r = a[k]
        s = s * r[j] + wp.cos(r[j])
    y[j] = s


@wp.kernel
def looped_dyn(a: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    j = wp.tid()
    s = float(0.0)
    for k in range(a.shape[0]):  # a dynamic loop: each view goes on the tape
        r = a[k]
        s = s * r[j] + wp.cos(r[j])
    y[j] = s


@wp.kernel
def looped_dyn_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    j = wp.tid()
    s = wp.float64(0.0)
    for k in range(a.shape[0]):
        r = a[k]
        s = s * r[j] + wp.cos(r[j])
    y[j] = s


@wp.kernel
def sliced(a: wp.array2d(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    col = a[::-1, 1]
    win = a[i][1:]
    y[i] = col[i] * win[1] + wp.exp(win[0])


@wp.kernel
def sliced_f64(a: wp.array2d(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    col = a[::-1, 1]
    win = a[i][1:]
    y[i] = col[i] * win[1] + wp.exp(win[0])


GRAD_TESTS = [
    dict(name="rows", kernel="rows", dim=4,
         args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         shapes=dict(a=(4, 3), b=(4, 2, 3), y=(4,)), outputs=["y"], inputs=["a", "b"]),
    dict(name="accum", kernel="accum", dim=(3, 4),
         args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(3, 4), loss=(1,)), outputs=dict(loss="ones"), inputs=["a"]),
    dict(name="looped", kernel="looped", dim=4, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(5, 4), y=(4,)), outputs=["y"], inputs=["a"]),
    dict(name="sliced", kernel="sliced", dim=4, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(4, 3), y=(4,)), outputs=["y"], inputs=["a"]),
    # warp-lang's dynamic loops drop the carried s from the adjoint: checked
    # against finite differences
    dict(name="looped_dyn", kernel="looped_dyn", dim=4, args=dict(a=("uniform", -1, 1)),
         shapes=dict(a=(5, 4), y=(4,)), outputs=["y"], inputs=["a"], warp_wrong=True),
]
