"""Heightfield terrain analysis: vertex normals from the cross product of
central-difference tangents, slope in degrees, a horizon-based ambient
occlusion by marching 8 directions (sin/cos of k*pi/4) up to a radius,
and a flow direction index (steepest descent, ties to the first)."""
import warp as wp


@wp.kernel
def analyze(h: wp.array2d(dtype=float), cell: float, nrm: wp.array2d(dtype=wp.vec3), slope: wp.array2d(dtype=float),
            ao: wp.array2d(dtype=float), flow: wp.array2d(dtype=wp.int8)):
    i, j = wp.tid()
    n = h.shape[0]
    m = h.shape[1]
    hl = h[i, wp.max(j - 1, 0)]
    hr = h[i, wp.min(j + 1, m - 1)]
    hd = h[wp.max(i - 1, 0), j]
    hu = h[wp.min(i + 1, n - 1), j]
    tx = wp.vec3(2.0 * cell, hr - hl, 0.0)
    tz = wp.vec3(0.0, hu - hd, 2.0 * cell)
    nn = wp.normalize(wp.cross(tz, tx))
    nrm[i, j] = nn
    slope[i, j] = wp.degrees(wp.acos(wp.clamp(nn[1], -1.0, 1.0)))
    occl = float(0.0)
    best = float(0.0)
    dir_best = int(-1)
    for k in range(8):
        a = float(k) * wp.pi / 4.0
        dx = wp.cos(a)
        dy = wp.sin(a)
        horizon = float(0.0)
        for step in range(1, 5):
            ii = wp.clamp(i + int(wp.round(dy * float(step))), 0, n - 1)
            jj = wp.clamp(j + int(wp.round(dx * float(step))), 0, m - 1)
            rise = (h[ii, jj] - h[i, j]) / (float(step) * cell)
            horizon = wp.max(horizon, rise)
            if step == 1 and -rise > best:
                best = -rise
                dir_best = k
        occl += horizon / wp.sqrt(1.0 + horizon * horizon)
    ao[i, j] = 1.0 - occl / 8.0
    flow[i, j] = wp.int8(dir_best)


TESTS = [
    dict(kernel="analyze", dim=(32, 40), args=dict(h=("uniform", 0, 2), cell=0.5),
         outputs=["nrm", "slope", "ao", "flow"], rtol=1e-4, atol=1e-4,
         note="slope uses acos near 1 (flat normals): ~1e-4 degree error; round(dy*step) of cos/sin(k pi/4) "
              "could flip at .5 (none do)"),
]
