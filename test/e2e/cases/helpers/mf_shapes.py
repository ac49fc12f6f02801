"""Helper module of the e2e case multifile_helpers (not a case itself: the
case runner only collects cases/*.py).  Imports a submodule of a package from
the same directory."""
import warp as wp
from mf_pkg.ops import smooth

HALF_TAU = 6.283185307179586 / 2.0


@wp.struct
class Disk:
    c: wp.vec3
    r: float


@wp.func
def area(d: Disk) -> float:
    return HALF_TAU * d.r * d.r


@wp.func
def offset(d: Disk, h: float) -> wp.vec3:
    return d.c + wp.vec3(0.0, h * smooth(d.r), 0.0)
