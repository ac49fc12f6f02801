"""A helper module that kernels.py imports (IMPORT_DIRS helpers): changing
it rebuilds kernels.o, through the depfile warpc writes."""
import warp as wp

LIMIT = wp.constant(100.0)


@wp.func
def axpy_clamped(a: float, x: float, y: float):
    return wp.min(a * x + y, LIMIT)
