"""Arrays made in kernels and funcs: wp.zeros(shape, dtype) (Warp's
fixedarray: storage in the thread's frame, zeroed where it runs, so again
on each loop iteration) of scalars, vectors and structs, written through a
@wp.func taking it as an array parameter, viewed (a[i]) and sliced
(a[:2, 1:]); and wp.array(ptr=a.ptr, shape=, dtype=) reinterpreting one's
storage as another dtype (warp's test_fixedarray_ptr_reinterpret); `c = a`
copies such an array, as Warp does; the dtype may be type(a).dtype."""
from typing import Any

import warp as wp


@wp.struct
class Rec:
    offset: int
    dist: float


@wp.func
def fill(arr: wp.array2d(dtype=int)):
    for i in range(arr.shape[0]):
        for j in range(arr.shape[1]):
            arr[i][j] = i * arr.shape[1] + j


@wp.kernel
def zeros_2d(out: wp.array(dtype=int)):
    tid = wp.tid()
    arr = wp.zeros(shape=(2, 3), dtype=int)
    fill(arr)
    arr[1, 2] += tid
    r1 = arr[1]
    s = arr[:2, 1:]
    out[tid * 8 + 0] = arr[0][1]
    out[tid * 8 + 1] = arr[1, 2]
    out[tid * 8 + 2] = r1[0] + r1.shape[0] * 100 + r1.shape[1] * 1000
    out[tid * 8 + 3] = s[1, 1] + s.shape[0] * 100 + s.shape[1] * 1000
    out[tid * 8 + 4] = arr.shape[0] * 10 + arr.shape[1]
    b = wp.zeros(shape=4, dtype=wp.vec2)
    b[tid % 4] = wp.vec2(1.0, 2.0)
    out[tid * 8 + 5] = int(b[0][1] + b[1][0] * 10.0)
    st = wp.zeros(shape=(2,), dtype=Rec)
    st[1].offset = tid + 7
    out[tid * 8 + 6] = st[1].offset + st[0].offset
    out[tid * 8 + 7] = arr[0, 0] + 42


@wp.kernel
def in_loop(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    tid = wp.tid()
    acc = float(0.0)
    for k in range(3):
        m = wp.zeros(shape=(4,), dtype=float)  # zeroed on every iteration
        m[k] = x[tid] * float(k + 1)
        m[3] += 1.0
        acc += m[0] + m[1] + m[2] + m[3]
    out[tid] = acc


@wp.kernel
def reinterpret(output: wp.array(dtype=wp.vec2)):
    m_b = wp.zeros(shape=(24,), dtype=wp.float32)
    for i in range(24):
        m_b[i] = float(i)
    m_b_2d = wp.array(ptr=m_b.ptr, shape=(12,), dtype=wp.vec2)
    for i in range(12):
        output[i] = m_b_2d[i]


@wp.kernel
def copies(out: wp.array(dtype=float)):
    tid = wp.tid()
    a = wp.zeros(shape=4, dtype=float)
    b = wp.zeros(shape=4, dtype=float)
    b[0] = 9.0
    c = a  # a copy, as Warp copies a fixed array on assignment
    c[1] = 3.0 + float(tid)
    out[tid * 3 + 0] = a[1] + c[1] * 10.0
    d = b
    d[0] = 1.0
    out[tid * 3 + 1] = b[0] + d[0] * 10.0
    e = c
    e[1] = 5.0
    out[tid * 3 + 2] = e[1] + c[1] * 10.0


@wp.kernel
def typed_like(a: wp.array(dtype=Any), out: wp.array(dtype=float)):
    i = wp.tid()
    z = wp.zeros(shape=2, dtype=type(a).dtype)
    z[1] = a[i]
    w = wp.zeros(shape=2, dtype=a.dtype)
    w[0] = z[1] + z[1]
    out[i] = float(w[0])


wp.overload(typed_like, [wp.array(dtype=wp.int32), wp.array(dtype=float)])
wp.overload(typed_like, [wp.array(dtype=wp.float64), wp.array(dtype=float)])


TESTS = [
    dict(kernel="zeros_2d", dim=5, shapes=dict(out=(40,)), outputs=["out"]),
    dict(kernel="in_loop", dim=16, args=dict(x=("uniform", -2, 2)), outputs=["out"]),
    dict(kernel="reinterpret", dim=1, shapes=dict(output=(12,)), outputs=["output"]),
    dict(kernel="copies", dim=3, shapes=dict(out=(9,)), outputs=["out"]),
    dict(kernel="typed_like", dim=5, overload=[wp.array(dtype=wp.int32), wp.array(dtype=float)],
         args=dict(a=("int", -9, 9)), outputs=["out"]),
    dict(kernel="typed_like", dim=5, overload=[wp.array(dtype=wp.float64), wp.array(dtype=float)],
         args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
