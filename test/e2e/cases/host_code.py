"""A realistic script: imports, helper classes, numpy setup, a command-line
entry point and plotting-style host code around the kernels.  warpc must skip
everything that is not a kernel, a function or a constant."""
import argparse
import math
import os
import sys

import numpy as np
import warp as wp

DT = 0.01
RESOLUTION = wp.constant(32)


class Config:
    """Host-side settings; never seen by kernels."""

    def __init__(self, steps=10, k=0.5):
        self.steps = steps
        self.k = k

    def __repr__(self):
        return f"Config(steps={self.steps}, k={self.k})"


def make_initial(n, seed=0):
    rng = np.random.default_rng(seed)
    return rng.uniform(-1.0, 1.0, size=n).astype(np.float32)


@wp.func
def spring(x: float, k: float) -> float:
    return -k * x


@wp.kernel
def oscillate(x: wp.array(dtype=float), v: wp.array(dtype=float), k: float):
    i = wp.tid()
    a = spring(x[i], k)
    v[i] = v[i] + a * DT
    x[i] = x[i] + v[i] * DT


@wp.kernel
def energy(x: wp.array(dtype=float), v: wp.array(dtype=float), k: float, e: wp.array(dtype=float)):
    i = wp.tid()
    e[i] = 0.5 * v[i] * v[i] + 0.5 * k * x[i] * x[i] + float(RESOLUTION) * 0.0


def run(cfg: Config, n: int = 128):
    x = wp.array(make_initial(n), dtype=float)
    v = wp.zeros(n, dtype=float)
    e = wp.zeros(n, dtype=float)
    for _step in range(cfg.steps):
        wp.launch(oscillate, dim=n, inputs=[x, v, cfg.k])
    wp.launch(energy, dim=n, inputs=[x, v, cfg.k, e])
    return e.numpy()


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=10)
    parser.add_argument("--k", type=float, default=0.5)
    args = parser.parse_args(argv)
    with wp.ScopedDevice("cpu"):
        e = run(Config(args.steps, args.k))
    print(f"mean energy {float(np.mean(e)):.6f} ({math.pi:.3f}) pid={os.getpid()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


TESTS = [
    dict(name="steps", dim=128, arrays=dict(x=("uniform", -1, 1)),
         launches=[dict(kernel="oscillate", args=dict(k=0.5))], repeat=10, outputs=["x", "v"]),
    dict(kernel="energy", dim=128, args=dict(x=("uniform", -1, 1), v=("uniform", -1, 1), k=0.5), outputs=["e"]),
]
