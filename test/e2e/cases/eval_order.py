"""Which operands Warp evaluates, observed through side effects (a function
that counts its calls with atomic_add):

  * `a and b`, `a or b`: both operands are always evaluated (no short
    circuit) and the result is a bool;
  * `x if c else y`: only the chosen branch is evaluated;
  * wp.where(c, x, y): both x and y are evaluated (it is a function call).
"""
import warp as wp


@wp.func
def counted(calls: wp.array(dtype=int), slot: int, value: int) -> int:
    wp.atomic_add(calls, slot, 1)
    return value


@wp.kernel
def boolean_ops(calls: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    a = i > 100 and counted(calls, 0, i) > 0
    b = i >= 0 or counted(calls, 1, i) > 0
    out[i, 0] = int(a)
    out[i, 1] = int(b)


@wp.kernel
def conditional_exprs(calls: wp.array(dtype=int), out: wp.array2d(dtype=int)):
    i = wp.tid()
    t = counted(calls, 2, 1) if i % 2 == 0 else counted(calls, 3, 2)
    w = wp.where(i % 2 == 0, counted(calls, 4, 10), counted(calls, 5, 20))
    out[i, 0] = t
    out[i, 1] = w


TESTS = [
    dict(kernel="boolean_ops", dim=10, shapes=dict(calls=(2,), out=(10, 2))),
    dict(kernel="conditional_exprs", dim=10, shapes=dict(calls=(6,), out=(10, 2))),
]
