"""Helper package module of the e2e case multifile_helpers."""
import warp as wp

SCALE = 0.5
LIFT = wp.constant(2.0)


@wp.func
def smooth(x: float) -> float:
    t = wp.clamp(x, 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


@wp.func
def area(x: float) -> float:
    """The same name as mf_shapes.area: both are compiled, apart."""
    return x * SCALE
