"""A module-level name bound several times (a def, an assignment, an import)
means what its last binding in the file says, as when Python runs the
module: a constant reassigned after `from m import HALF_TAU` is the local
value, a @wp.func shadowed by a later `from m import area` is the imported
one, and a later local def shadows an earlier import again."""
import warp as wp

from mf_shapes import HALF_TAU

HALF_TAU = wp.constant(0.5)


@wp.func
def area(d: float) -> float:
    return d - 100.0


from mf_shapes import Disk, area  # noqa: E402  (rebinds area)

from mf_pkg.ops import smooth  # noqa: E402


@wp.func
def smooth(x: float) -> float:  # noqa: F811  (the local def wins again)
    return x + 1000.0


@wp.kernel
def rebind(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    d = Disk()
    d.r = a[i]
    out[i] = area(d) + HALF_TAU + smooth(a[i])


TESTS = [
    dict(kernel="rebind", dim=16, args=dict(a=("uniform", -1, 1)), outputs=["out"]),
]
