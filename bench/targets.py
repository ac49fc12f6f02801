#!/usr/bin/env python3
"""targets.py - issue 13's targets, each as a ratio against its reference, in one run.

    python3 bench/targets.py [--quick] [--only NAME[,NAME...]] [--log-dir DIR]
    make -C bench targets            (the same; BENCH_ARGS=--quick)

Runs the benchmarks of bench/ one after the other (each builds what it needs
first), keeps each one's full output in build/bench/targets/NAME.log and
prints one table: the target, warpc's measured ratio against the reference
of the same run, the goal, and whether it holds.  The benchmarks and their
references (each README says more):

  sass        bench/sass.py: saxpy forward SASS instructions / hand-written
              CUDA (goal <= 2, no local memory); saxpy and spring-forces
              backward local memory (goal 0: no tape).  Needs the CUDA
              toolkit, no GPU.
  adjoint     bench/adjoint/run.sh: backward / forward time of saxpy and
              spring forces (goal <= 3) and of the oscillator (<= 4).
  launch      bench/launch (launch_bench --compare): a pooled launch of 4096
              threads of a cheap kernel / the same launch inline (goal <= 1).
  nbody       bench/nbody/cpu: warpc SPMD / hand-written SPMD C per ISA
              (goal <= 1.3) and scalar C / warpc (goal >= 4).
  saxpy       bench/saxpy_sweep: warpc / C -O3 at 2^16..2^26, the worst
              size, one thread and all threads (goal <= 1.1).
  examples    bench/examples/run.py: warp-lang / warpc stepping Warp's
              wave, fluid, sph and dem examples on one thread (goal >= 3;
              CPU time) and on all threads (goal >= 10).
  compile     bench/compile/raymarch.py: Warp's example_raymarch --no-cuda
              against 2.5 s, with the default CUDA archs against 3x that,
              a warm cache hit against 50 ms (ratios: goal <= 1).

--quick runs fewer repetitions and steps (a check that everything runs,
not a measurement).  A benchmark, not a test: a goal not met is reported,
not failed; the exit status is 1 only when a benchmark failed to run or
gave wrong results (its log says which), 2 for bad usage.  Every ratio comes
from one run on the machine it ran on: on a shared machine the wall-clock
ratios move with the load (the examples' CPU-time column is the steady
one).
"""
import argparse
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def run(cmd, log, timeout):
    """Runs cmd (a list) at the root; returns (exit status, output)."""
    t0 = time.time()
    try:
        p = subprocess.run(cmd, cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                           timeout=timeout)
        rc, out = p.returncode, p.stdout
    except subprocess.TimeoutExpired as e:
        rc, out = 124, (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        out += f"\ntargets.py: timed out after {timeout} s\n"
    except OSError as e:
        rc, out = 127, f"targets.py: {cmd[0]}: {e}\n"
    log.write_text(f"$ {' '.join(map(str, cmd))}\n{out}\n# exit status {rc}, {time.time() - t0:.0f} s\n")
    return rc, out


def row(what, measured, goal, met):
    return dict(what=what, measured=measured, goal=goal, met=met)


def le(x, goal):
    return None if x is None else x <= goal


def ge(x, goal):
    return None if x is None else x >= goal


def f2(x):
    return "-" if x is None else f"{x:.2f}"


# ---- parsers: one per benchmark, from its printed output -------------------

def parse_sass(out):
    rows = []
    cols = None
    for line in out.splitlines():
        f = line.split()
        if len(f) >= 14 and f[0] == "file":
            cols = f
            continue
        if cols is None or len(f) < 14 or line.startswith("#"):
            continue
        path, kernel, fwd, _, floc, _, _, bloc = f[:8]
        ref, ratio = f[10], f[13]
        if path == "bench/saxpy/kernels.py" and kernel == "saxpy":  # beside bench/saxpy/ref.cu
            r = float(ratio) if ratio != "-" else None
            rows.append(row("saxpy forward SASS / hand-written CUDA (sm_90)", f"{f2(r)} ({fwd} / {ref})", "<= 2",
                            le(r, 2.0)))
            rows.append(row("saxpy forward local memory (bytes)", floc, "0", floc == "0"))
            rows.append(row("saxpy backward local memory (bytes)", bloc, "0", bloc == "0"))
        elif path == "bench/adjoint/kernels.py" and kernel == "spring_forces":
            rows.append(row(f"{kernel} backward local memory (bytes)", bloc, "0", bloc == "0"))
    return rows


def parse_adjoint(out):
    rows = []
    goals = {"spring_forces": 3.0, "saxpy": 3.0, "oscillator": 4.0}
    best = {}
    for line in out.splitlines():
        line = line.strip()
        if not line.startswith("ADJOINT "):
            continue
        kv = dict(x.split("=", 1) for x in line.split()[1:] if "=" in x)
        if kv.get("impl") != "warpc":
            continue
        try:
            k, th, r = kv["kernel"], int(kv["threads"]), float(kv["bwd_ms"]) / float(kv["fwd_ms"])
        except (KeyError, ValueError, ZeroDivisionError):
            continue
        if k not in best or th > best[k][0]:  # the pool's run (all threads)
            best[k] = (th, r)
    for k, goal in goals.items():
        r = best.get(k, (0, None))[1]
        rows.append(row(f"{k} backward / forward time", f2(r), f"<= {goal:g}", le(r, goal)))
    return rows


def parse_launch(out):
    for line in out.splitlines():
        f = line.split()
        if f and f[0] == "4096" and len(f) >= 9:
            try:
                r = float(f[-2]) if "WRONG" not in line else None
            except ValueError:
                r = None
            return [row("pooled / inline launch, 4096 threads of a cheap kernel", f2(r), "<= 1", le(r, 1.0))]
    return [row("pooled / inline launch, 4096 threads of a cheap kernel", "-", "<= 1", None)]


def parse_nbody(out):
    rows = []
    for m in re.finditer(r"^RATIO (\S+)=([0-9.]+) fastest=([0-9.]+)\s+(.*)$", out, re.M):
        name, r, what = m.group(1), float(m.group(2)), m.group(4)
        g = re.search(r"\(goal ([<>]=) ([0-9.]+)\)", what)
        if not g:
            continue
        goal = float(g.group(2))
        met = le(r, goal) if g.group(1) == "<=" else ge(r, goal)
        rows.append(row(f"n-body: {what[:g.start()].strip()}", f"{r:.2f}", f"{g.group(1)} {g.group(2)}", met))
    if not rows:
        rows.append(row("n-body: warpc SPMD / hand SPMD", "-", "<= 1.3", None))
    return rows


def parse_sweep(out):
    # "worst warpc/C: R on one thread (CPU time; wall-clock: R), R on all"
    m = re.search(r"worst warpc/C: ([0-9.]+) on one thread(?: \([^)]*\))?, ([0-9.]+) on all", out)
    one, alln = (float(m.group(1)), float(m.group(2))) if m else (None, None)
    return [row("saxpy 2^16..2^26, worst warpc / C -O3, one thread (CPU time)", f2(one), "<= 1.1",
                le(one, 1.1)),
            row("saxpy 2^16..2^26, worst warpc / C -O3 (OpenMP), all threads", f2(alln), "<= 1.1",
                le(alln, 1.1))]


def parse_examples(out):
    rows = []
    head = None
    for line in out.splitlines():
        cols = re.split(r"\s{2,}", line.strip())
        if cols and cols[0] == "example":
            head = cols
            continue
        if head is None or len(cols) != len(head):
            continue
        c = dict(zip(head, cols))
        for key, label, goal in (("speed-up 1 thr CPU", "one thread, CPU time", 3),
                                 (next((h for h in head if re.fullmatch(r"speed-up (\d+) thr", h)
                                        and h != "speed-up 1 thr"), None), "all threads", 10)):
            v = c.get(key) if key else None
            x = re.match(r"([0-9.]+)x", v or "")
            r = float(x.group(1)) if x else None
            ok = ge(r, goal) if c.get("results", "").startswith("same") else False
            rows.append(row(f"{c['example']}: warp-lang / warpc, {label}", f2(r), f">= {goal}", ok))
    if not rows:
        rows.append(row("examples: warp-lang / warpc", "-", ">= 3", None))
    return rows


def parse_compile(out):
    rows = []
    # "  --no-cuda / 2.5 s          wall  0.40 holds   CPU  0.39 holds"
    for m in re.finditer(r"^\s+(.+?)\s+wall\s+([0-9.]+) \S+\s+CPU\s+([0-9.]+)", out, re.M):
        name, w, c = m.group(1), float(m.group(2)), float(m.group(3))
        rows.append(row(f"raymarch compile: {name} (wall; CPU {c:.2f})", f"{w:.2f}", "<= 1", le(w, 1.0)))
    if not rows:
        rows.append(row("raymarch compile time", "-", "<= 1", None))
    return rows


def benches(quick, py):
    q = quick
    return [
        ("sass", [py, "bench/sass.py"], parse_sass, 900),
        ("adjoint", ["bench/adjoint/run.sh"] + (["--reps", "5", "--warp-reps", "3"] if q else []), parse_adjoint,
         1800),
        ("launch", ["sh", "-c", "make -s -C bench/launch >/dev/null && build/bench/launch_bench --compare"],
         parse_launch, 900),
        ("nbody", ["make", "-s", "-C", "bench/nbody/cpu", "run"], parse_nbody, 1800),
        ("saxpy", ["make", "-s", "-C", "bench/saxpy_sweep", "run"], parse_sweep, 1800),
        ("examples", ["sh", "-c", "make -s -C bench/examples >/dev/null && " + py + " bench/examples/run.py"
                      + (" --reps 1 --steps 2 wave fluid" if q else "")], parse_examples, 3600),
        ("compile", [py, "bench/compile/raymarch.py"] + (["--reps", "1"] if q else []), parse_compile, 1800),
    ]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--quick", action="store_true", help="fewer repetitions and steps: a check that all runs")
    ap.add_argument("--only", default="", help="comma-separated benchmark names (default: all)")
    ap.add_argument("--log-dir", type=Path, default=ROOT / "build" / "bench" / "targets")
    o = ap.parse_args(argv)
    todo = benches(o.quick, sys.executable)
    names = [b[0] for b in todo]
    only = [n for n in o.only.split(",") if n]
    for n in only:
        if n not in names:
            print(f"targets.py: no benchmark {n!r} (one of {', '.join(names)})", file=sys.stderr)
            return 2
    o.log_dir.mkdir(parents=True, exist_ok=True)
    rows, status = [], 0
    for name, cmd, parse, timeout in todo:
        if only and name not in only:
            continue
        print(f"# {name}: {' '.join(map(str, cmd))}", flush=True)
        log = o.log_dir / f"{name}.log"
        rc, out = run(cmd, log, timeout)
        got = parse(out)
        if rc != 0:
            status = 1
            got.append(row(f"{name}: the benchmark failed (exit status {rc}; {log.relative_to(ROOT)})", "-", "-",
                           None))
        rows.extend(got)
    print(f"# issue 13's targets on {os.cpu_count()} CPUs; logs in {o.log_dir}")
    head = ["target", "measured", "goal", "holds"]
    table = [head] + [[r["what"], r["measured"], r["goal"], {True: "yes", False: "NO", None: "-"}[r["met"]]]
                      for r in rows]
    widths = [max(len(t[i]) for t in table) for i in range(len(head))]
    for t in table:
        print("  ".join(c.ljust(w) for c, w in zip(t, widths)).rstrip())
    held = sum(1 for r in rows if r["met"])
    print(f"# {held} of {len(rows)} hold")
    return status


if __name__ == "__main__":
    sys.exit(main())
