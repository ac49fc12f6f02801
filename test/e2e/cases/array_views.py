"""Array views: a[i] with fewer indices than dimensions is the (N-k)-d array
at those leading indices (warp-lang 1.19.0): indexed, stored to, viewed
again, passed to @wp.func array parameters, atomics, len and shape."""
import warp as wp


@wp.func
def row_sum(r: wp.array(dtype=float)) -> float:
    s = float(0.0)
    for j in range(r.shape[0]):
        s += r[j]
    return s


@wp.func
def scale_row(r: wp.array(dtype=float), k: float):
    for j in range(len(r)):
        r[j] = r[j] * k


@wp.kernel
def views2d(a: wp.array2d(dtype=float), out: wp.array(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    row = a[i]
    out[i] = row_sum(row) + row[1] * 10.0
    n[i] = len(row) * 100 + row.shape[0]
    scale_row(a[i], 2.0)
    row[0] = row[0] + 1.0


@wp.kernel
def views3d(a: wp.array3d(dtype=float), out: wp.array2d(dtype=float), cnt: wp.array2d(dtype=int)):
    i, j = wp.tid()
    plane = a[i]
    line = plane[j]
    line2 = a[i, j]
    out[i, j] = line[0] + line2[2] * 2.0 + float(plane.shape[0] * 10 + plane.shape[1])
    c = cnt[i]
    wp.atomic_add(c, j, 1)
    c[j] += 2
    wp.atomic_max(line, 1, 100.0)


@wp.kernel
def views_vec(a: wp.array2d(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    row = a[i]
    row[1] = row[0] + row[2]
    out[i] = row[1]
    row[2].y = 7.0


@wp.kernel
def views_neg(a: wp.array2d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    last = a[-1]
    k = -2
    out[i] = last[i] + a[k][i] * 10.0


TESTS = [
    dict(kernel="views2d", dim=5, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(5, 4))),
    dict(kernel="views3d", dim=(3, 4), args=dict(a=("uniform", -1, 1), cnt=("int", 0, 5)),
         shapes=dict(a=(3, 4, 5), out=(3, 4), cnt=(3, 4))),
    dict(kernel="views_neg", dim=4, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(3, 4))),
    dict(kernel="views_vec", dim=6, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(6, 3))),
]
