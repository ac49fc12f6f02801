#!/usr/bin/env python3
"""Issue 13's compile-time targets, in one run (bench/compile/README.md).

Compiles warp-lang's examples/core/example_raymarch.py with warpc:
  --no-cuda                 the CPU object alone (target: at most 2.5 s)
  the default CUDA archs    CPU code and cubins (target: at most 3x --no-cuda)
  a warm cache hit          $WARPC_CACHE_DIR holding the object (target:
                            under 50 ms)
--reps times each (default 3), the three interleaved so that a change of
load hits all alike, and prints the median, the fastest and the slowest of
wall time and of CPU time (user + system of warpc and every tool it ran),
and each median as a ratio against its target (<= 1 holds).
"""
import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def warp_example():
    out = subprocess.run(
        [sys.executable, "-c", "import warp,os;print(os.path.dirname(warp.__file__))"],
        capture_output=True, text=True)
    if out.returncode:
        sys.exit("bench: warp-lang is not importable (pip install warp-lang==1.19.0)")
    path = os.path.join(out.stdout.strip(), "examples", "core", "example_raymarch.py")
    if not os.path.exists(path):
        sys.exit(f"bench: no {path}")
    return path


def timed(argv, env):
    """(wall s, CPU s) of one run of argv; exits on failure."""
    t0 = time.perf_counter()
    p = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    _, status, ru = os.wait4(p.pid, 0)
    wall = time.perf_counter() - t0
    p.returncode = os.waitstatus_to_exitcode(status)
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    if p.returncode:
        sys.exit(f"bench: {' '.join(argv)} failed ({p.returncode}):\n{err}")
    return wall, ru.ru_utime + ru.ru_stime


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--warpc", default=os.path.join(ROOT, "build", "bin", "warpc"))
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--input", help="the Warp file (default: warp-lang's example_raymarch.py)")
    a = ap.parse_args()
    if not os.access(a.warpc, os.X_OK):
        sys.exit(f"bench: {a.warpc} is missing (make at the root)")
    src = a.input or warp_example()
    tmp = tempfile.mkdtemp(prefix="bench-compile-")
    try:
        env = dict(os.environ)
        env.pop("WARPC_CACHE_DIR", None)
        cache_env = dict(env, WARPC_CACHE_DIR=os.path.join(tmp, "cache"))
        obj = os.path.join(tmp, "r.o")
        runs = {
            "no-cuda": ([a.warpc, src, "--no-cuda", "-o", obj], env),
            "cuda": ([a.warpc, src, "-o", obj], env),
            "cache hit": ([a.warpc, src, "-o", obj], cache_env),
        }
        timed(runs["cuda"][0], cache_env)  # fills the cache
        got = {k: [] for k in runs}
        for _ in range(a.reps):
            for k, (argv, e) in runs.items():
                got[k].append(timed(argv, e))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)

    def stat(k, i):
        xs = [r[i] for r in got[k]]
        return statistics.median(xs), min(xs), max(xs)

    print(f"{os.path.basename(src)}, {a.reps} runs each, {os.cpu_count()} CPUs, "
          f"load average {os.getloadavg()[0]:.1f}")
    print(f"{'':14} {'wall median':>12} {'(min-max)':>15} {'CPU median':>11} {'(min-max)':>15}")
    for k, unit, scale in (("no-cuda", "s", 1), ("cuda", "s", 1), ("cache hit", "ms", 1000)):
        w, c = stat(k, 0), stat(k, 1)
        print(f"{k:14} {w[0]*scale:10.3g} {unit:1} ({w[1]*scale:.3g}-{w[2]*scale:.3g}) "
              f"{c[0]*scale:9.3g} {unit:1} ({c[1]*scale:.3g}-{c[2]*scale:.3g})")
    print("ratios against the targets (<= 1 holds):")
    rows = (
        ("--no-cuda / 2.5 s", lambda i: stat("no-cuda", i)[0] / 2.5),
        ("CUDA / (3 x --no-cuda)",
         lambda i: stat("cuda", i)[0] / (3 * stat("no-cuda", i)[0])),
        ("cache hit / 50 ms", lambda i: stat("cache hit", i)[0] / 0.050),
    )
    for name, f in rows:
        w, c = f(0), f(1)
        print(f"  {name:24} wall {w:5.2f} {'holds' if w <= 1 else 'MISSED':6}  "
              f"CPU {c:5.2f} {'holds' if c <= 1 else 'MISSED'}")


if __name__ == "__main__":
    main()
