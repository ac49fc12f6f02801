"""Jump flooding for an approximate Voronoi diagram: each pixel keeps
the coordinates (vec2i) of its nearest seed, updated from 9 samples at
a shrinking step passed per launch, then the distance field; seeds are
marked in an int grid."""
import warp as wp


@wp.kernel
def init(seeds: wp.array2d(dtype=int), nearest: wp.array2d(dtype=wp.vec2i)):
    i, j = wp.tid()
    if seeds[i, j] != 0:
        nearest[i, j] = wp.vec2i(i, j)
    else:
        nearest[i, j] = wp.vec2i(-1, -1)


@wp.kernel
def jfa_step(src: wp.array2d(dtype=wp.vec2i), dst: wp.array2d(dtype=wp.vec2i), step: int):
    i, j = wp.tid()
    n = src.shape[0]
    m = src.shape[1]
    best = src[i, j]
    bd = int(1 << 30)
    if best[0] >= 0:
        bd = (best[0] - i) * (best[0] - i) + (best[1] - j) * (best[1] - j)
    for a in range(-1, 2):
        for b in range(-1, 2):
            ii = i + a * step
            jj = j + b * step
            if ii >= 0 and ii < n and jj >= 0 and jj < m:
                s = src[ii, jj]
                if s[0] >= 0:
                    d = (s[0] - i) * (s[0] - i) + (s[1] - j) * (s[1] - j)
                    if d < bd:
                        bd = d
                        best = s
    dst[i, j] = best


@wp.kernel
def distance(nearest: wp.array2d(dtype=wp.vec2i), dist: wp.array2d(dtype=float)):
    i, j = wp.tid()
    s = nearest[i, j]
    dist[i, j] = wp.sqrt(float((s[0] - i) * (s[0] - i) + (s[1] - j) * (s[1] - j)))


STEPS = [16, 8, 4, 2, 1]
LAUNCHES = [dict(kernel="init", args=dict(nearest="a"))]
src, dst = "a", "b"
for st in STEPS:
    LAUNCHES.append(dict(kernel="jfa_step", args=dict(src=src, dst=dst, step=st)))
    src, dst = dst, src
LAUNCHES.append(dict(kernel="distance", args=dict(nearest=src)))
TESTS = [
    dict(name="voronoi", dim=(32, 32), arrays=dict(seeds=("choice", [0] * 40 + [1])), launches=LAUNCHES,
         outputs=[src, "dist"]),
]
