#!/usr/bin/env python3
"""run.py - warpc's compile time against the size of its input.

    python3 bench/compile/run.py [--sizes 1000,10000,100000]
        [--shapes straight,control,...] [--obj] [--obj-sizes 1000,2000]
        [--timeout S] [--warpc PATH] [--dir DIR]

For each input shape of gen.py (straight-line arithmetic, loops and ifs,
module-level constants, @wp.func calls, many kernels, factory calls) and
each size in lines, generates the file, runs `warpc FILE --emit=c -o F.c`
(parse, lowering, verifier, passes, adjoint, C emission: warpc's own work)
and prints the time, the time per 1k lines and the peak memory.  Linear
compile time shows as a flat "ms/1k lines" column.

--obj also times `warpc FILE --no-cuda -o F.o`, which adds the C
compiler's time on the generated C (clang -O2 -g on one huge function per
kernel: far from linear, and several GB of memory past a few thousand
lines), at --obj-sizes only (default 1000,2000).

A benchmark, not a test: it prints a table.  Exit status 1 when warpc
fails or times out on an input, 2 for usage errors.
"""
import argparse
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, HERE)
import gen  # noqa: E402


def measure(cmd, timeout):
    """Runs cmd; returns (status, wall s, cpu s, peak RSS MiB)."""
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.DEVNULL,
                         stderr=subprocess.PIPE)
    deadline = t0 + timeout
    while True:
        pid, status, ru = os.wait4(p.pid, os.WNOHANG)
        if pid:
            break
        if time.monotonic() > deadline:
            p.kill()
            pid, status, ru = os.wait4(p.pid, 0)
            return "timeout", time.monotonic() - t0, None, None
        time.sleep(0.01)
    wall = time.monotonic() - t0
    err = p.stderr.read().decode(errors="replace")
    p.stderr.close()
    code = os.waitstatus_to_exitcode(status)
    if code:
        sys.stderr.write(f"bench/compile: {' '.join(cmd)}: exit {code}\n"
                         f"{err[-2000:]}")
    return ("ok" if code == 0 else f"exit {code}", wall,
            ru.ru_utime + ru.ru_stime, ru.ru_maxrss / 1024)


def sizes(text):
    try:
        return [int(x) for x in text.split(",") if x]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a list of sizes: {text}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", type=sizes, default=[1000, 10000, 100000])
    ap.add_argument("--shapes", default=",".join(gen.SHAPES))
    ap.add_argument("--obj", action="store_true")
    ap.add_argument("--obj-sizes", type=sizes, default=[1000, 2000])
    ap.add_argument("--timeout", type=float, default=600)
    ap.add_argument("--warpc", default=os.path.join(ROOT, "build/bin/warpc"))
    ap.add_argument("--dir", default=os.path.join(ROOT, "build/bench/compile"))
    a = ap.parse_args()
    shapes = [s for s in a.shapes.split(",") if s]
    for s in shapes:
        if s not in gen.SHAPES:
            ap.error(f"unknown shape {s} (one of {', '.join(gen.SHAPES)})")
    if not os.access(a.warpc, os.X_OK):
        ap.error(f"{a.warpc} not found: build warpc first (make)")
    os.makedirs(a.dir, exist_ok=True)
    print(f"== warpc compile time ({os.cpu_count()} CPUs; cpu = user + sys "
          f"of warpc and its children)")
    head = (f"{'shape':<10} {'lines':>7} {'what':<7} {'wall s':>8} "
            f"{'cpu s':>8} {'ms/1k lines':>12} {'peak MiB':>9}  status")
    print(head)
    failed = False
    for shape in shapes:
        runs = [("emit-c", n) for n in a.sizes]
        if a.obj:
            runs += [("obj", n) for n in a.obj_sizes]
        for what, n in runs:
            src = os.path.join(a.dir, f"{shape}{n}.py")
            text = gen.SHAPES[shape](n)
            with open(src, "w") as f:
                f.write(text)
            lines = text.count("\n")
            if what == "emit-c":
                cmd = [a.warpc, src, "--emit=c", "-o", src[:-3] + ".c"]
            else:
                cmd = [a.warpc, src, "--no-cuda", "-o", src[:-3] + ".o"]
            st, wall, cpu, rss = measure(cmd, a.timeout)
            failed |= st != "ok"
            if cpu is None:
                print(f"{shape:<10} {lines:>7} {what:<7} {wall:>8.2f} "
                      f"{'-':>8} {'-':>12} {'-':>9}  {st}")
            else:
                print(f"{shape:<10} {lines:>7} {what:<7} {wall:>8.2f} "
                      f"{cpu:>8.2f} {1000 * cpu / lines * 1000:>12.1f} "
                      f"{rss:>9.0f}  {st}", flush=True)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
