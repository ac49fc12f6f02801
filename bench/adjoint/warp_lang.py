#!/usr/bin/env python3
"""warp_lang.py - warp-lang's forward vs backward CPU time for the kernels of
bench/adjoint/kernels.py (the file warpc compiles for adjoint_warpc).

    python3 bench/adjoint/warp_lang.py [--reps N]

Same inputs as main.c (bench_uniform's hash, computed with numpy's wrapping
uint32 arithmetic), same procedure: one forward + backward on zeroed grads
with seeded output grads, printing the sum of the input grads; 3 warm-up
pairs; N timed pairs (default 20), each launch timed alone (forward
wp.launch, then the backward wp.launch(..., adjoint=True) with the grads as
adj_inputs, which is what wp.Tape.backward runs per recorded launch), with
wp.synchronize_device after each; medians reported.  warp-lang's CPU
backend runs a launch on one thread.  Prints lines like main.c's:

    ADJOINT kernel=K impl=warp-lang threads=1 fwd_ms=F bwd_ms=B reps=N gradsum=S

warp-lang's kernel cache goes to build/bench/adjoint/warp-cache.
"""
import argparse
import importlib.util
import os
import statistics
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]

SPRING_KE = 100.0
SPRING_KD = 1.0
SAXPY_A = 2.5
OSC_DT = 0.01


def bench_uniform(count, seed, lo, hi):
    """bench_common.h's bench_uniform(k, seed, lo, hi) for k in [0, count),
    in float32 as C computes it."""
    import numpy as np

    with np.errstate(over="ignore"):
        h = np.arange(count, dtype=np.uint32) * np.uint32(0x9E3779B9) + np.uint32(seed) * np.uint32(0x85EBCA6B)
        h ^= h >> np.uint32(16)
        h *= np.uint32(0x7FEB352D)
        h ^= h >> np.uint32(15)
        h *= np.uint32(0x846CA68B)
        h ^= h >> np.uint32(16)
    u = (h >> np.uint32(8)).astype(np.float32) * np.float32(1.0 / 16777216.0)
    return np.float32(lo) + u * (np.float32(hi) - np.float32(lo))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=20)
    opts = ap.parse_args()

    import numpy as np
    import warp as wp

    cache = ROOT / "build" / "bench" / "adjoint" / "warp-cache"
    cache.mkdir(parents=True, exist_ok=True)
    wp.config.kernel_cache_dir = str(cache)
    wp.config.log_level = 40  # ERROR: no banner (1.19 deprecates config.quiet)
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

    spec = importlib.util.spec_from_file_location("adjoint", str(HERE / "kernels.py"))
    k = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(k)
    dev = "cpu"

    def arr(values, dtype, grad=True):
        return wp.array(values, dtype=dtype, device=dev, requires_grad=grad)

    # spring_forces: as main.c's setup()
    np_ = k.SPRING_PARTICLES
    ns = 2 * np_
    x = bench_uniform(3 * np_, 1, -0.02, 0.02).reshape(np_, 3)
    x[:, 0] += np.float32(0.1) * np.arange(np_, dtype=np.float32)
    v = bench_uniform(3 * np_, 2, -1.0, 1.0).reshape(np_, 3)
    rest = bench_uniform(ns, 3, 0.9, 1.1)
    s = np.arange(ns, dtype=np.int64)
    i = s // 2
    j = (i + 1 + s % 2) % np_
    springs = np.stack([i, j], axis=1).reshape(-1).astype(np.int32)
    rest = rest * (np.float32(0.1) * (1 + s % 2).astype(np.float32))
    sp = dict(x=arr(x, wp.vec3), v=arr(v, wp.vec3), springs=arr(springs, wp.int32, False),
              rest=arr(rest.astype(np.float32), float), f=arr(np.zeros((np_, 3), np.float32), wp.vec3))
    sp_in = [sp["x"], sp["v"], sp["springs"], sp["rest"], SPRING_KE, SPRING_KD, sp["f"]]

    n = k.SAXPY_N
    sx = dict(x=arr(bench_uniform(n, 11, -1, 1), float), y=arr(bench_uniform(n, 12, -1, 1), float),
              z=arr(np.zeros(n, np.float32), float))
    sx_in = [sx["x"], sx["y"], SAXPY_A, sx["z"]]

    n = k.OSC_N
    os_ = dict(x0=arr(bench_uniform(n, 21, -1, 1), float), v0=arr(bench_uniform(n, 22, -1, 1), float),
               k=arr(bench_uniform(n, 23, 0.5, 2.0), float), out=arr(np.zeros(n, np.float32), float))
    os_in = [os_["x0"], os_["v0"], os_["k"], k.OSC_STEPS, OSC_DT, os_["out"]]

    # name, kernel, dim, inputs, arrays whose grads are summed, outputs seeded, seed base
    benches = [
        ("spring_forces", k.spring_forces, ns, sp_in, [sp["x"], sp["v"], sp["rest"]], [sp["f"]], 101),
        ("saxpy", k.saxpy, k.SAXPY_N, sx_in, [sx["x"], sx["y"]], [sx["z"]], 111),
        ("oscillator", k.oscillator, k.OSC_N, os_in, [os_["x0"], os_["v0"], os_["k"]], [os_["out"]], 121),
    ]

    for name, kernel, dim, inputs, grads_in, outputs, seed in benches:
        # the adjoints of the arguments: grads of arrays, zeros of scalars
        adj = [a.grad if isinstance(a, wp.array) else type(a)(0) for a in inputs]

        def fwd():
            wp.launch(kernel, dim=dim, inputs=inputs, device=dev)
            wp.synchronize_device(dev)

        def bwd():
            wp.launch(kernel, dim=dim, inputs=inputs, adj_inputs=adj, adjoint=True, device=dev)
            wp.synchronize_device(dev)

        for a in grads_in:
            a.grad.zero_()
        for m, a in enumerate(outputs):
            a.zero_()
            shape = a.numpy().shape
            a.grad.assign(bench_uniform(int(np.prod(shape)), seed + m, -1, 1).reshape(shape))
        fwd()
        bwd()
        gradsum = sum(float(a.grad.numpy().astype(np.float64).sum()) for a in grads_in)
        for _ in range(3):
            fwd()
            bwd()
        tf, tb = [], []
        for _ in range(opts.reps):
            t0 = time.perf_counter()
            fwd()
            t1 = time.perf_counter()
            bwd()
            t2 = time.perf_counter()
            tf.append((t1 - t0) * 1e3)
            tb.append((t2 - t1) * 1e3)
        print(f"ADJOINT kernel={name} impl=warp-lang threads=1 fwd_ms={statistics.median(tf):.4f} "
              f"bwd_ms={statistics.median(tb):.4f} reps={opts.reps} gradsum={gradsum:.6e}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
