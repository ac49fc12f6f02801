#!/usr/bin/env python3
"""run.py - Warp's own examples: warpc's kernels stepped by a C driver
against warp-lang stepping the example itself, on the CPU.

    python3 bench/examples/run.py [--steps N] [--reps N] [--build-dir DIR] [NAME...]

For each example (example_wave.py, example_fluid.py, example_sph.py,
example_dem.py of warp-lang's package): warp-lang builds the example's
Example on the CPU, loads its module (so no compile is timed) and steps it
N times (default 100 for wave and fluid; sph and dem take seconds per step
in warp-lang, so 2 and 1 steps: 80 and 64 substeps); the C driver
(bench/examples/NAME.c, built by `make -C bench/examples`) runs the same
setup and steps with warpc's kernels, on one thread (WARP_NUM_THREADS=1)
and on all of them.  Each of the three runs --reps times (warp-lang with a
new Example each time); the table gives the median and, in parentheses,
the fastest and slowest, of the wall-clock time per step and, for warp-lang
and the one-thread run, of the process's CPU time per step (a speed-up on
CPU time too: on a machine shared with other work, the wall-clock time of
a one-thread run also counts the time others had the core).  Inputs an example draws from numpy's random
generator (dem's points) are written from warp-lang's Example for the
driver.  The state arrays after the last step are compared (float32,
|warpc - warp-lang| <= 1e-5 |warp-lang| + 1e-6); the speed-up is
warp-lang's median time over warpc's (targets: 3 on one core, 10 with all
cores).

A benchmark, not a test: exit status 1 only when the results differ or a
program fails.
"""

import argparse
import contextlib
import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]

# name -> (warp-lang module, Example(...) keywords, state arrays: attribute -> numpy dtype, components,
#          inputs the driver reads (attributes of the new Example), default steps)
EXAMPLES = {
    "wave": ("warp.examples.core.example_wave", dict(stage_path=None),
             {"sim_grid0": (np.float32, 1), "sim_grid1": (np.float32, 1), "sim_verts": (np.float32, 3)}, (), 100),
    "fluid": ("warp.examples.core.example_fluid", dict(),
              {"u0": (np.float32, 2), "rho0": (np.float32, 1), "p0": (np.float32, 1), "div": (np.float32, 1)}, (),
              100),
    "sph": ("warp.examples.core.example_sph", dict(stage_path=None),
            {"x": (np.float32, 3), "v": (np.float32, 3), "rho": (np.float32, 1), "a": (np.float32, 3)}, (), 2),
    "dem": ("warp.examples.core.example_dem", dict(stage_path=None),
            {"x": (np.float32, 3), "v": (np.float32, 3), "f": (np.float32, 3)}, ("x",), 1),
}


def warp_lang(name, steps, out, reps):
    """warp-lang's (wall, CPU) times in ms, one pair per rep; writes the inputs (first rep) and the final state
    (last rep)."""
    import importlib

    import warp as wp

    wp.config.quiet = True
    mod_name, kwargs, state, inputs, _ = EXAMPLES[name]
    times = []
    with wp.ScopedDevice("cpu"), contextlib.redirect_stdout(io.StringIO()):
        mod = importlib.import_module(mod_name)
        wp.load_module(mod, device="cpu")
        for rep in range(reps):
            ex = mod.Example(**kwargs)
            wp.synchronize_device("cpu")
            if rep == 0:
                for attr in inputs:
                    getattr(ex, attr).numpy().tofile(out / f"init_{attr}.bin")
            t0, c0 = time.perf_counter(), time.process_time()
            for _ in range(steps):
                ex.step()
            wp.synchronize_device("cpu")
            times.append(((time.perf_counter() - t0) * 1e3, (time.process_time() - c0) * 1e3))
    for attr in state:
        getattr(ex, attr).numpy().tofile(out / f"{attr}.bin")
    return times


def warpc(exe, steps, out, threads, indir):
    env = dict(os.environ)
    if threads:
        env["WARP_NUM_THREADS"] = str(threads)
    else:
        env.pop("WARP_NUM_THREADS", None)
    argv = [str(exe), str(steps), str(out)] + ([str(indir)] if indir else [])
    r = subprocess.run(argv, capture_output=True, text=True, env=env, timeout=600)
    if r.returncode != 0:
        raise RuntimeError(f"{exe} exited {r.returncode}: {r.stderr.strip()}")
    fields = r.stdout.split()
    return float(fields[fields.index("ms") + 1]), float(fields[fields.index("cpu_ms") + 1])


def compare(name, want_dir, got_dir):
    worst = 0.0
    for attr, (dt, _) in EXAMPLES[name][2].items():
        w = np.fromfile(want_dir / f"{attr}.bin", dtype=dt)
        g = np.fromfile(got_dir / f"{attr}.bin", dtype=dt)
        if w.shape != g.shape:
            return f"{attr}: {g.size} values, warp-lang {w.size}"
        bad = np.abs(g - w) > 1e-6 + 1e-5 * np.abs(w)
        if bad.any():
            i = int(np.argmax(bad))
            return f"{attr}[{i}]: warpc {g[i]!r}, warp-lang {w[i]!r} ({int(bad.sum())} values differ)"
        worst = max(worst, float(np.max(np.abs(g - w))) if w.size else 0.0)
    return f"same (max abs diff {worst:.3g})"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--steps", type=int, default=None, help="steps of every example (default: 100; sph 2, dem 1)")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--build-dir", type=Path, default=ROOT / "build" / "bench" / "examples")
    ap.add_argument("examples", nargs="*", default=list(EXAMPLES))
    o = ap.parse_args()
    ncpu = os.cpu_count() or 1
    rows, status = [], 0
    with tempfile.TemporaryDirectory(prefix="warpc-examples-") as tmp:
        for name in o.examples:
            exe = o.build_dir / name
            if not exe.exists():
                print(f"run.py: {exe} is missing (make -C bench/examples)", file=sys.stderr)
                return 1
            want, got = Path(tmp) / f"{name}.warp", Path(tmp) / f"{name}.warpc"
            want.mkdir()
            got.mkdir()
            steps = o.steps or EXAMPLES[name][4]
            indir = want if EXAMPLES[name][3] else None
            wl = warp_lang(name, steps, want, o.reps)
            one = [warpc(exe, steps, got, 1, indir) for _ in range(o.reps)]
            alln = [warpc(exe, steps, got, 0, indir) for _ in range(o.reps)]
            res = compare(name, want, got)
            if not res.startswith("same"):
                status = 1
            per = [[(w / steps, c / steps) for w, c in ts] for ts in (wl, one, alln)]
            rows.append((name, steps, *per, res))
    print(f"# on the CPU ({ncpu} CPUs); ms per step: median (fastest-slowest) of {o.reps} runs each; "
          "wall-clock, and CPU time for one thread (on a shared machine the wall-clock also counts the time "
          "other processes had the core)")

    def cell(ts, k):
        v = [t[k] for t in ts]
        return f"{statistics.median(v):.3f} ({min(v):.3f}-{max(v):.3f})"

    def ratio(a, b, k, target):
        r = statistics.median(t[k] for t in a) / statistics.median(t[k] for t in b)
        return f"{r:.1f}x {f'(>= {target}: met)' if r >= target else f'(< {target}: not met)'}"

    head = ("example", "steps", "warp-lang", "warp-lang CPU", "warpc 1 thr", "warpc 1 thr CPU", f"warpc {ncpu} thr",
            "speed-up 1 thr", "speed-up 1 thr CPU", f"speed-up {ncpu} thr", "results")
    table = [head]
    for name, steps, wl, one, alln, res in rows:
        table.append((name, str(steps), cell(wl, 0), cell(wl, 1), cell(one, 0), cell(one, 1), cell(alln, 0),
                      ratio(wl, one, 0, 3), ratio(wl, one, 1, 3), ratio(wl, alln, 0, 10), res))
    widths = [max(len(r[i]) for r in table) for i in range(len(head))]
    for r in table:
        print("  ".join(c.ljust(w) for c, w in zip(r, widths)))
    return status


if __name__ == "__main__":
    sys.exit(main())
