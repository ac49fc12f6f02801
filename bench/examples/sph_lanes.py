#!/usr/bin/env python3
"""sph_lanes.py - an experiment: does "SIMD lanes over the hash-grid query
loop" pay for example_sph's neighbour loops?  (README.md, "sph: lanes over
the query loop".)

    python3 bench/examples/sph_lanes.py [--reps N] [--steps N] [--lanes 8,16]
                                        [--march x86-64-v4] [--keep DIR]

warpc --emit=c compiles warp-lang's example_sph.py (no CUDA, one CPU
target); sph_lanes.c's hand-written lane versions of compute_density and
get_acceleration replace those kernels' range functions in a copy of that
C; each C file is compiled with warpc's own flags for the host object
(cmd/warpc/output.c) and -march=MARCH, linked with bench/examples/sph.c and
libwarprt, and the programs run on one thread (WARP_NUM_THREADS=1),
alternating, --reps times each.  Prints the median (fastest-slowest) CPU
time per step of each and its ratio to the unmodified code's, and checks
that every program writes the same bytes as the unmodified one (exit
status 1 when not).  Needs build/bin/warpc and build/lib/libwarprt.a
(`make`), clang and warp-lang.
"""

import argparse
import os
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
HERE = ROOT / "bench" / "examples"
# warpc's flags for the host object (cmd/warpc/output.c, host_prepare)
CFLAGS = ["-c", "-x", "c", "-std=c11", "-O2", "-fPIC", "-fwrapv", "-ffp-contract=off", "-fno-math-errno",
          "-Wno-everything", "-Werror=implicit-function-declaration"]


def sections():
    text = (HERE / "sph_lanes.c").read_text()
    parts = re.split(r"^/\* @@ (\w+) \*/\n", text, flags=re.M)
    return {parts[i]: parts[i + 1] for i in range(1, len(parts), 2)}


def kernel_id(c, name):
    m = re.search(r"/\* SPMD %s: [^\n]*\*/\nWP_FN void (wpk\d+)_body\(" % name, c)
    if not m:
        sys.exit(f"sph_lanes.py: no scalar body of {name} in warpc's C (has the emitted form changed?)")
    return m.group(1)


def splice(c, which, lanes):
    """c with the range functions of the kernels in `which` replaced."""
    sec = sections()
    names = {"density": ("compute_density", "D"), "acceleration": ("get_acceleration", "A")}
    out, common = c, False
    for w in which:
        kname, tag = names[w]
        k = kernel_id(out, kname)
        start = out.index(f"static void {k}_cpu(")
        end = out.index(f"/* SPMD backward {kname}")
        text = f"#define SPH_{tag}(s) {k}_##s\n"
        if not common:
            text = f"#define SPH_LANES_W {lanes}\n" + sec["common"] + text
            common = True
        out = out[:start] + text + sec[w] + "\n" + out[end:]
    return out


def build(tmp, name, c, march):
    src, obj, exe = tmp / f"{name}.c", tmp / f"{name}.o", tmp / name
    src.write_text(c)
    subprocess.run(["clang", *CFLAGS, f"-march={march}", str(src), "-o", str(obj)], check=True)
    subprocess.run(["cc", "-std=c11", "-O2", f"-I{ROOT}/runtime/include", f"-I{tmp}", "-o", str(exe),
                    str(HERE / "sph.c"), str(obj), str(ROOT / "build/lib/libwarprt.a"), "-lpthread", "-lm"],
                   check=True)
    return exe


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[1])
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--steps", type=int, default=1)
    ap.add_argument("--lanes", default="8,16")
    ap.add_argument("--march", default="x86-64-v4")
    ap.add_argument("--keep", help="build in DIR (kept)")
    args = ap.parse_args()
    import warp

    example = Path(warp.__file__).parent / "examples" / "core" / "example_sph.py"
    tmp = Path(args.keep or tempfile.mkdtemp(prefix="sph_lanes."))
    tmp.mkdir(parents=True, exist_ok=True)
    # the typed header for sph.c, and the C
    subprocess.run([str(ROOT / "build/bin/warpc"), str(example), "--no-cuda", "-o", str(tmp / "example_sph.o")],
                   check=True)
    c = subprocess.run([str(ROOT / "build/bin/warpc"), str(example), "--no-cuda", "--emit=c"], check=True,
                       capture_output=True, text=True).stdout
    progs = {"scalar": build(tmp, "scalar", c, args.march)}
    for w in [int(x) for x in args.lanes.split(",")]:
        for which in (("density",), ("acceleration",), ("density", "acceleration")):
            name = "+".join(which) + f"_W{w}"
            progs[name] = build(tmp, name, splice(c, which, w), args.march)
    times = {k: [] for k in progs}
    env = dict(os.environ, WARP_NUM_THREADS="1")
    bad = False
    for rep in range(args.reps):
        for name, exe in progs.items():
            out = tmp / f"out_{name}"
            out.mkdir(exist_ok=True)
            r = subprocess.run([str(exe), str(args.steps), str(out)], env=env, check=True, capture_output=True,
                               text=True).stdout
            times[name].append(float(r.split()[5]) / args.steps)
            if rep == 0 and name != "scalar":
                for f in sorted((tmp / "out_scalar").glob("*.bin")):
                    if f.read_bytes() != (out / f.name).read_bytes():
                        print(f"{name}: {f.name} differs from the scalar code's")
                        bad = True
    base = statistics.median(times["scalar"])
    print(f"example_sph, {args.steps} step(s), one thread, -march={args.march}, CPU ms per step, "
          f"median (fastest-slowest) of {args.reps}; load average {os.getloadavg()[0]:.1f}")
    for name, t in times.items():
        m = statistics.median(t)
        print(f"  {name:28s} {m:9.1f} ({min(t):.1f}-{max(t):.1f})  {m / base:5.2f}x the scalar time")
    print("outputs: " + ("DIFFER" if bad else "the same bytes as the scalar code's"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
