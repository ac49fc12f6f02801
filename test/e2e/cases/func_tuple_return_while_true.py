"""Funcs annotated as returning tuples (-> tuple[bool, int], typing.Tuple)
and funcs whose body is a `while True:` loop left only by return (warp-lang's
example_work_queue.py has both): the loop's exit is unreachable, so such a
func does not 'reach its end without returning'.  `while True:` with break
in a kernel as well."""
from typing import Tuple

import warp as wp


@wp.func
def find_first_above(a: wp.array(dtype=float), t: float) -> tuple[bool, int]:
    k = int(0)
    while True:
        if k >= a.shape[0]:
            return False, -1
        if a[k] > t:
            return True, k
        k += 1


@wp.func
def split(x: float) -> Tuple[float, float]:
    return wp.floor(x), x - wp.floor(x)


@wp.kernel
def tuples(a: wp.array(dtype=float), ts: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    found, k = find_first_above(a, ts[i])
    out[i, 0] = wp.where(found, 1.0, 0.0)
    out[i, 1] = float(k)
    whole, frac = split(ts[i] * 10.0)
    out[i, 2] = whole + 2.0 * frac
    n = int(0)
    s = float(0.0)
    while True:
        n += 1
        s += a[(i + n) % a.shape[0]]
        if s > 1.5 or n > 20:
            break
    out[i, 3] = float(n) + s


TESTS = [
    dict(
        kernel="tuples",
        dim=32,
        args=dict(a=("uniform", 0, 1), ts=("uniform", 0, 1.2)),
        shapes=dict(a=(40,), out=(32, 4)),
        outputs=["out"],
    ),
]
