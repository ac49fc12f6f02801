#!/usr/bin/env python3
"""warp_cpu.py - warp-lang's own CPU time for the benchmark kernels.

    python3 bench/warp_cpu.py saxpy|nbody [--reps N]

Imports bench/NAME/kernels.py with warp-lang (the same file warpc compiles),
launches its kernel on the CPU with the sizes of the C drivers (inputs from
numpy: the values do not change the time), once to compile and warm up, then
N timed times (default: saxpy 10, nbody 3), and prints a BENCH line like the
C drivers'.  warp-lang's kernel cache goes to build/bench/warp-cache.
"""
import argparse
import importlib.util
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("bench", choices=["saxpy", "nbody"])
    ap.add_argument("--reps", type=int, default=0)
    opts = ap.parse_args()

    import numpy as np
    import warp as wp

    cache = ROOT / "build" / "bench" / "warp-cache"
    cache.mkdir(parents=True, exist_ok=True)
    wp.config.kernel_cache_dir = str(cache)
    wp.config.log_level = 40  # ERROR (warp-lang 1.19 deprecates config.quiet)
    # silence the native "CUDA driver not found" note; real failures raise
    sys.stderr.flush()
    saved = os.dup(2)
    try:
        with open(os.devnull, "w") as null:
            os.dup2(null.fileno(), 2)
        wp.init()
    finally:
        os.dup2(saved, 2)
        os.close(saved)

    path = ROOT / "bench" / opts.bench / "kernels.py"
    spec = importlib.util.spec_from_file_location("bench_" + opts.bench, str(path))
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    rng = np.random.default_rng(1)
    dev = "cpu"
    if opts.bench == "saxpy":
        n = mod.N
        reps = opts.reps or 10
        x = wp.array(rng.uniform(-1, 1, n).astype(np.float32), dtype=float, device=dev)
        y = wp.array(rng.uniform(-1, 1, n).astype(np.float32), dtype=float, device=dev)

        def launch():
            wp.launch(mod.saxpy, dim=n, inputs=[x, y, 2.5], device=dev)

        work, unit = 12.0 * n / 1e6, "GB/s"  # bytes/1e6 per ms = GB/s
    else:
        n = mod.N
        reps = opts.reps or 3
        pos = wp.array(rng.uniform(-1, 1, (n, 3)).astype(np.float32), dtype=wp.vec3, device=dev)
        vel = wp.array(rng.uniform(-0.1, 0.1, (n, 3)).astype(np.float32), dtype=wp.vec3, device=dev)
        mass = wp.array((rng.uniform(0.5, 1.5, n) / n).astype(np.float32), dtype=float, device=dev)
        new_pos = wp.zeros(n, dtype=wp.vec3, device=dev)
        new_vel = wp.zeros(n, dtype=wp.vec3, device=dev)

        def launch():
            wp.launch(mod.step, dim=n, inputs=[pos, vel, mass, new_pos, new_vel, 0.001, 1e-4], device=dev)

        work, unit = 20.0 * n * n / 1e6, "GFLOP/s"
    launch()  # compile + warm up
    wp.synchronize_device(dev)
    t0 = time.perf_counter()
    for _ in range(reps):
        launch()
    wp.synchronize_device(dev)
    ms = (time.perf_counter() - t0) * 1e3 / reps
    print(f"BENCH bench={opts.bench} impl=warp-lang-cpu device=cpu threads=1 ms={ms:.4f} reps={reps} "
          f"rate={work / ms:.1f} unit={unit} check=- diff=-", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
