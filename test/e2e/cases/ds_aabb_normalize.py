"""Axis-aligned bounding boxes: points mapped into a box's unit cube with
cw_div, back with cw_mul, per-axis voxel indices, box-box overlap tests
with component-wise min/max, and box volume; vec3 and vec3d versions."""
import warp as wp


@wp.kernel
def to_unit(p: wp.array(dtype=wp.vec3), lo: wp.vec3, hi: wp.vec3, res: wp.vec3i, u: wp.array(dtype=wp.vec3),
            back: wp.array(dtype=wp.vec3), voxel: wp.array(dtype=wp.vec3i)):
    i = wp.tid()
    ext = hi - lo
    n = wp.cw_div(p[i] - lo, ext)
    u[i] = n
    back[i] = wp.cw_mul(n, ext) + lo
    g = wp.cw_mul(n, wp.vec3(float(res[0]), float(res[1]), float(res[2])))
    voxel[i] = wp.vec3i(wp.clamp(int(g[0]), 0, res[0] - 1), wp.clamp(int(g[1]), 0, res[1] - 1),
                        wp.clamp(int(g[2]), 0, res[2] - 1))


@wp.kernel
def overlap(lo_a: wp.array(dtype=wp.vec3d), hi_a: wp.array(dtype=wp.vec3d), lo_b: wp.array(dtype=wp.vec3d),
            hi_b: wp.array(dtype=wp.vec3d), vol: wp.array(dtype=wp.float64), hit: wp.array(dtype=wp.int32)):
    i = wp.tid()
    a0 = wp.min(lo_a[i], hi_a[i])
    a1 = wp.max(lo_a[i], hi_a[i])
    b0 = wp.min(lo_b[i], hi_b[i])
    b1 = wp.max(lo_b[i], hi_b[i])
    lo = wp.max(a0, b0)
    hi = wp.min(a1, b1)
    d = hi - lo
    if d[0] > wp.float64(0.0) and d[1] > wp.float64(0.0) and d[2] > wp.float64(0.0):
        hit[i] = 1
        vol[i] = d[0] * d[1] * d[2]
    else:
        hit[i] = 0
        e = wp.cw_div(a1 - a0, b1 - b0 + wp.vec3d(wp.float64(1.0)))
        vol[i] = -wp.length(wp.cw_mul(e, e))


TESTS = [
    dict(kernel="to_unit", dim=1000,
         args=dict(p=("uniform", -2, 3), lo=[-2.0, -1.0, -2.0], hi=[3.0, 3.0, 1.0], res=[16, 8, 12]),
         outputs=["u", "back", "voxel"], rtol=1e-5, atol=1e-6),
    dict(kernel="overlap", dim=1000,
         args=dict(lo_a=("uniform", -1, 1), hi_a=("uniform", -1, 1), lo_b=("uniform", -1, 1),
                   hi_b=("uniform", -1, 1)), outputs=["vol", "hit"]),
]
