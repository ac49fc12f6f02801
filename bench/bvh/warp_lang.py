"""warp-lang's side of bench/bvh: wp.Mesh and wp.Bvh (leaf size 1, its
default CPU constructor "sah") over the surface main.c builds, median of 5
builds each; prints the BVH_BUILD line of warp-lang and, given main.c's
line as argv[1], the ratios warpc / warp-lang."""
import sys
import time

import numpy as np
import warp as wp

NX, NY, REPS = 1001, 501, 5


def surface():
    x, y = np.meshgrid(np.arange(NX, dtype=np.float32), np.arange(NY, dtype=np.float32))
    z = np.float32(0.1) * np.sin(x * np.float32(0.05)) * np.cos(y * np.float32(0.07))
    pts = np.stack([x * np.float32(0.01), y * np.float32(0.01), z], axis=-1).reshape(-1, 3).astype(np.float32)
    a = (np.arange(NY - 1)[:, None] * NX + np.arange(NX - 1)[None, :]).ravel()
    tris = np.stack([a, a + 1, a + NX + 1, a, a + NX + 1, a + NX], axis=-1).reshape(-1, 3).astype(np.int32)
    return pts, tris


def median_ms(f):
    ts = []
    for _ in range(REPS):
        t0 = time.perf_counter()
        f()
        ts.append((time.perf_counter() - t0) * 1e3)
    return sorted(ts)[REPS // 2]


def main():
    wp.config.quiet = True
    wp.init()
    pts, tris = surface()
    p = wp.array(pts, dtype=wp.vec3, device="cpu")
    i = wp.array(tris.ravel(), dtype=wp.int32, device="cpu")
    tp = pts[tris]
    lo = wp.array(tp.min(axis=1), dtype=wp.vec3, device="cpu")
    hi = wp.array(tp.max(axis=1), dtype=wp.vec3, device="cpu")
    mesh = median_ms(lambda: wp.Mesh(points=p, indices=i))
    bvh = median_ms(lambda: wp.Bvh(lo, hi))
    print(f"BVH_BUILD triangles={len(tris)} warp_mesh_ms={mesh:.1f} warp_bvh_ms={bvh:.1f}")
    if len(sys.argv) > 1:
        f = dict(kv.split("=") for kv in sys.argv[1].split()[1:])
        print(f"RATIO mesh={float(f['warpc_mesh_ms']) / mesh:.2f} bvh={float(f['warpc_bvh_ms']) / bvh:.2f} "
              "(warpc / warp-lang; target <= 2)")


if __name__ == "__main__":
    main()
