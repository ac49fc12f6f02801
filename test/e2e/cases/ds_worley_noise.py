"""Cellular (Worley) noise: the plane is split into unit cells (vec2i),
each cell gets a feature point from an integer hash of its coordinates
(uint32 arithmetic), and each pixel takes the distances to the nearest
and second-nearest feature point over the 3x3 neighbouring cells."""
import warp as wp


@wp.func
def hash2(c: wp.vec2i, seed: wp.uint32):
    h = wp.uint32(c[0]) * wp.uint32(0x8DA6B343) ^ wp.uint32(c[1]) * wp.uint32(0xD8163841) ^ seed
    h = (h ^ (h >> wp.uint32(13))) * wp.uint32(0x5BD1E995)
    h = h ^ (h >> wp.uint32(15))
    return h


@wp.func
def feature(c: wp.vec2i, seed: wp.uint32):
    h = hash2(c, seed)
    fx = float(h & wp.uint32(0xFFFF)) / 65535.0
    fy = float(h >> wp.uint32(16)) / 65535.0
    return wp.vec2(float(c[0]) + fx, float(c[1]) + fy)


@wp.kernel
def worley(scale: float, seed: int, f1: wp.array2d(dtype=float), f2: wp.array2d(dtype=float),
           cell_id: wp.array2d(dtype=wp.vec2i)):
    i, j = wp.tid()
    p = wp.vec2(float(j), float(i)) * scale - wp.vec2(3.0, 2.0)
    base = wp.vec2i(int(wp.floor(p[0])), int(wp.floor(p[1])))
    d1 = float(1.0e9)
    d2 = float(1.0e9)
    best = base
    for dy in range(-1, 2):
        for dx in range(-1, 2):
            c = base + wp.vec2i(dx, dy)
            d = wp.length(feature(c, wp.uint32(seed)) - p)
            if d < d1:
                d2 = d1
                d1 = d
                best = c
            elif d < d2:
                d2 = d
    f1[i, j] = d1
    f2[i, j] = d2
    cell_id[i, j] = best


TESTS = [
    dict(kernel="worley", dim=(40, 60), args=dict(scale=0.13, seed=17), outputs=["f1", "f2", "cell_id"],
         rtol=1e-5, atol=1e-6),
]
