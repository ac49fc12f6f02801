"""The CMake sample's first module: y = min(a * x + y, LIMIT).

Module name 'kernels' (kernels.py at the top of the project): the launcher
is kernels_step, declared in kernels.h.  The helper comes from
helpers/mathx.py, found through IMPORT_DIRS helpers (warpc -I helpers).
"""
import warp as wp

import mathx


@wp.kernel
def step(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = mathx.axpy_clamped(a, x[i], y[i])
