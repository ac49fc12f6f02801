"""Multi-file modules: kernels using a @wp.struct, @wp.funcs and constants
imported from helper modules in cases/helpers/ (a module and a package's
submodule), through `import m as x`, `from m import a, b`, `import pkg.mod`.
test/tools/e2e.py puts cases/helpers/ on warp-lang's sys.path and passes it
to warpc with -I."""
import warp as wp

import mf_pkg.ops
import mf_shapes as shp
from mf_pkg.ops import SCALE, smooth
from mf_shapes import Disk, area


@wp.kernel
def measure(disks: wp.array(dtype=Disk), out: wp.array(dtype=float), v: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    d = disks[i]
    out[i] = area(d) * SCALE + smooth(d.r) + mf_pkg.ops.area(d.r)
    v[i] = shp.offset(d, mf_pkg.ops.LIFT)


@wp.kernel
def grow(disks: wp.array(dtype=shp.Disk), k: float, out: wp.array(dtype=Disk)):
    i = wp.tid()
    d = disks[i]
    out[i] = Disk(d.c * k, d.r * k + shp.HALF_TAU)


TESTS = [
    dict(kernel="measure", dim=64,
         args=dict(disks=dict(c=("uniform", -2, 2), r=("uniform", -0.5, 1.5))),
         outputs=["out", "v"]),
    dict(kernel="grow", dim=32,
         args=dict(disks=dict(c=("uniform", -2, 2), r=("uniform", 0, 1)), k=1.5),
         outputs=["out"]),
]
