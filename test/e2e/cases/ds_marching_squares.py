"""Marching squares: per cell the 4-bit case index built with | and <<
from corner samples above an iso level, the number of crossed edges from
sign changes plus a small constant vec4i table lookup, and the interpolated
crossing point on the bottom and left edges."""
import warp as wp

EDGES = wp.constant(wp.vec4i(0, 2, 2, 2))


@wp.kernel
def cells(phi: wp.array2d(dtype=float), iso: float, code: wp.array2d(dtype=wp.uint8), nedge: wp.array2d(dtype=int),
          cross: wp.array2d(dtype=wp.vec2)):
    i, j = wp.tid()
    a = phi[i, j]
    b = phi[i, j + 1]
    c = phi[i + 1, j + 1]
    d = phi[i + 1, j]
    k = int(0)
    if a > iso:
        k = k | 1
    if b > iso:
        k = k | (1 << 1)
    if c > iso:
        k = k | (1 << 2)
    if d > iso:
        k = k | (1 << 3)
    code[i, j] = wp.uint8(k)
    ne = int((a > iso) != (b > iso)) + int((b > iso) != (c > iso)) + int((c > iso) != (d > iso))
    ne += int((d > iso) != (a > iso))
    nedge[i, j] = ne * 10 + EDGES[k & 3]
    t0 = float(-1.0)
    t1 = float(-1.0)
    if (a > iso) != (b > iso):
        t0 = (iso - a) / (b - a)
    if (a > iso) != (d > iso):
        t1 = (iso - a) / (d - a)
    cross[i, j] = wp.vec2(t0, t1)


TESTS = [
    dict(kernel="cells", dim=(30, 40), args=dict(phi=("uniform", -1, 1), iso=0.1), shapes=dict(phi=(31, 41)),
         outputs=["code", "nedge", "cross"], rtol=1e-5, atol=1e-6),
]
