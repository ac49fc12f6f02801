"""Reductions with wp.atomic_add into a single element.

The threads add in an unspecified order, so float sums differ from the
reference by rounding: the float32 sum of N values of magnitude <= 1 is
compared with rtol 1e-3 / atol 1e-3 (summation error bound ~ N * eps).  Sums
of small integers stored as floats are exact in any order and compared
exactly, as are integer sums.
"""
import warp as wp


@wp.kernel
def sum_floats(x: wp.array(dtype=float), total: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(total, 0, x[i])


@wp.kernel
def sum_squares(x: wp.array(dtype=float), total: wp.array(dtype=float), count: wp.array(dtype=int)):
    i = wp.tid()
    v = x[i]
    wp.atomic_add(total, 0, v * v)
    wp.atomic_add(count, 0, 1)
    total[1] += v  # += on an array element is atomic in Warp too


@wp.kernel
def sum_ints(x: wp.array(dtype=int), total: wp.array(dtype=int), total64: wp.array(dtype=wp.int64)):
    i = wp.tid()
    wp.atomic_add(total, 0, x[i])
    wp.atomic_sub(total, 1, x[i])
    wp.atomic_add(total64, 0, wp.int64(x[i]) * wp.int64(100000))


TESTS = [
    dict(kernel="sum_floats", dim=20000, args=dict(x=("uniform", -1, 1)), shapes=dict(total=(1,)),
         outputs=["total"], rtol=1e-3, atol=1e-3),
    dict(kernel="sum_floats", dim=20000, args=dict(x=("int", -8, 8)), shapes=dict(total=(1,)),
         outputs=["total"], rtol=0, atol=0),
    dict(kernel="sum_squares", dim=10000, args=dict(x=("uniform", -1, 1)), shapes=dict(total=(2,), count=(1,)),
         outputs=["total", "count"], rtol=1e-3, atol=1e-3),
]
TESTS.append(dict(kernel="sum_ints", dim=50000, args=dict(x=("int", -1000, 1000)),
                  shapes=dict(total=(2,), total64=(1,)), outputs=["total", "total64"]))
