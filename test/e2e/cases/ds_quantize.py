"""Quantization and rounding as used for grids and fixed point: floor,
ceil, trunc, round (half away from zero), rint (half to even), frac,
Python // and % on floats and ints (floored for floats, truncating for
ints as in Warp), cell indices of negative coordinates."""
import warp as wp


@wp.kernel
def quantize(x: wp.array(dtype=float), step: float, out: wp.array2d(dtype=float), cells: wp.array2d(dtype=int)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.floor(v / step) * step
    out[i, 1] = wp.ceil(v / step) * step
    out[i, 2] = wp.trunc(v / step) * step
    out[i, 3] = wp.round(v / step) * step
    out[i, 4] = wp.rint(v / step) * step
    out[i, 5] = wp.frac(v)
    out[i, 6] = v // step
    out[i, 7] = v % step
    n = int(wp.floor(v * 10.0))
    cells[i, 0] = n
    cells[i, 1] = n // 7
    cells[i, 2] = n % 7
    cells[i, 3] = int(wp.trunc(v * 10.0)) // -3


@wp.kernel
def fixed_point(x: wp.array(dtype=float), q: wp.array(dtype=wp.int16), back: wp.array(dtype=float)):
    i = wp.tid()
    scaled = wp.clamp(wp.rint(x[i] * 1024.0), -32768.0, 32767.0)
    qi = wp.int16(int(scaled))
    q[i] = qi
    back[i] = float(qi) / 1024.0


HALVES = [k * 0.5 for k in range(-20, 20)] + [-2.25, 2.75, -0.75, 0.3]
TESTS = [
    dict(kernel="quantize", dim=44, args=dict(x=HALVES, step=1.0), shapes=dict(out=(44, 8), cells=(44, 4)),
         outputs=["out", "cells"]),
    dict(name="quantize_rand", kernel="quantize", dim=1000, args=dict(x=("uniform", -50, 50), step=0.25),
         shapes=dict(out=(1000, 8), cells=(1000, 4)), outputs=["out", "cells"]),
    dict(kernel="fixed_point", dim=1000, args=dict(x=("uniform", -40, 40)), outputs=["q", "back"]),
]
