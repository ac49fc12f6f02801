"""Array slices: a[lo:hi:step] (bounds at run time, omitted, negative,
clamped; negative steps) and slices mixed with indices, read as views
(warp-lang 1.19.0): each slice keeps its dimension, each index removes its
own.  Views of slices are indexed, stored to and take atomics."""
import warp as wp


@wp.kernel
def slices1d(a: wp.array(dtype=float), lo: int, hi: int, out: wp.array(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    s = a[lo:hi]
    t = a[::2]
    u = a[-3:]
    r = a[hi:lo:-1]
    w = a[1:100]
    n[0] = s.shape[0]
    n[1] = t.shape[0]
    n[2] = u.shape[0]
    n[3] = r.shape[0]
    n[4] = w.shape[0]
    n[5] = len(a[5:2]) * 10 + len(a[-100:3])
    if i < s.shape[0]:
        out[i] = s[i] + t[i % t.shape[0]] * 10.0 + r[i % r.shape[0]] * 100.0 + u[i % 3] * 1000.0


@wp.kernel
def slices2d(a: wp.array2d(dtype=float), out: wp.array2d(dtype=float), n: wp.array(dtype=int)):
    i = wp.tid()
    row = a[i]
    window = row[0:2]
    col = a[:, 1]
    sub = a[1:3, 1:]
    n[0] = col.shape[0] * 100 + sub.shape[0] * 10 + sub.shape[1]
    out[i, 0] = window[1] + col[i]
    out[i, 1] = sub[i % 2, 0]
    window[0] = 9.0
    wp.atomic_add(sub, i % 2, 1, 0.5)


@wp.kernel
def slices3d(a: wp.array3d(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    plane = a[1:, i]
    line = a[0, :, 1:3]
    out[i] = plane[0, 1] + line[i, 0] * 10.0 + float(plane.shape[0] * 100 + line.shape[1] * 1000)


TESTS = [
    dict(kernel="slices1d", dim=8, args=dict(a=("uniform", -1, 1), lo=2, hi=6), shapes=dict(a=(8,), out=(8,), n=(6,))),
    dict(kernel="slices1d", dim=8, args=dict(a=("uniform", -1, 1), lo=-5, hi=7), shapes=dict(a=(8,), out=(8,), n=(6,))),
    dict(kernel="slices2d", dim=4, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(4, 3), out=(4, 2), n=(1,))),
    dict(kernel="slices3d", dim=3, args=dict(a=("uniform", -1, 1)), shapes=dict(a=(3, 3, 4), out=(3,))),
]
