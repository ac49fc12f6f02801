"""Locals bound to @wp.funcs by tuple unpacking (f, g = mod.f, h), also of
another module, then called, as warp-lang allows (warp's
aux_test_dependent_local kern_tuple)."""
import mf_features as mf

import warp as wp


@wp.func
def cube(x: float):
    return x * x * x


@wp.kernel
def calls(x: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    f, g = mf.affine, cube
    out[i] = f(x[i], 2.0, 1.0) + g(x[i])


TESTS = [
    dict(kernel="calls", dim=8, args=dict(x=("uniform", -1, 1)), outputs=["out"]),
]
