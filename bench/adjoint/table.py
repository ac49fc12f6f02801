#!/usr/bin/env python3
"""table.py - the table of bench/adjoint/run.sh, from the ADJOINT lines of
adjoint_warpc and warp_lang.py.

    python3 bench/adjoint/table.py LOG...

An ADJOINT line is space-separated KEY=VALUE fields: kernel, impl (warpc,
warp-lang), threads, fwd_ms, bwd_ms (medians per launch), reps, gradsum (the
sum of the input grads after one backward with seeded output grads).  The
ratio is bwd_ms / fwd_ms.  Exit status 1 when a warpc measurement is missing
(a benchmark, not a test: ratios above the target do not fail it).
"""
import sys

KERNELS = [
    # name, straight-line (target ratio <= 3)
    ("spring_forces", True),
    ("saxpy", True),
    ("oscillator", False),
]
TARGET = 3.0


def parse(paths):
    rows = {}
    for p in paths:
        try:
            text = open(p, errors="replace").read()
        except OSError as e:
            print(f"table: {e}", file=sys.stderr)
            continue
        for line in text.splitlines():
            if not line.startswith("ADJOINT "):
                continue
            f = dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)
            try:
                r = dict(f, fwd=float(f["fwd_ms"]), bwd=float(f["bwd_ms"]), gradsum=float(f["gradsum"]))
                rows[(f["kernel"], f["impl"], int(f["threads"]))] = r
            except (KeyError, ValueError):
                print(f"table: {p}: bad line: {line}", file=sys.stderr)
    return rows


def fmt(x):
    return "-" if x is None else f"{x:.3f}" if x < 10 else f"{x:.2f}"


def ratio(r):
    return None if r is None or r["fwd"] <= 0 else r["bwd"] / r["fwd"]


def main(paths):
    rows = parse(paths)
    warpc_threads = max((t for (_, i, t) in rows if i == "warpc"), default=0)
    header = ["kernel", f"warpc fwd ms", "warpc bwd ms", "ratio", "ratio 1 thr",
              "warp-lang fwd ms", "warp-lang bwd ms", "warp-lang ratio", "grad sums"]
    body, status, notes = [], 0, []
    for name, straight in KERNELS:
        w = rows.get((name, "warpc", warpc_threads))
        w1 = rows.get((name, "warpc", 1))
        p = rows.get((name, "warp-lang", 1))
        if w is None:
            status = 1
            notes.append(f"{name}: no warpc measurement")
        agree = "-"
        if w and p:
            d = abs(w["gradsum"] - p["gradsum"]) / max(abs(p["gradsum"]), 1e-30)
            agree = "same" if d <= 1e-4 else f"differ ({d:.1e})"
        body.append([name + ("" if straight else " (dyn. loop)"), fmt(w and w["fwd"]), fmt(w and w["bwd"]),
                     fmt(ratio(w)), fmt(ratio(w1)), fmt(p and p["fwd"]), fmt(p and p["bwd"]),
                     fmt(ratio(p)), agree])
        if straight and w:
            rw = ratio(w)
            notes.append(f"{name}: warpc ratio {rw:.2f} {'<=' if rw <= TARGET else '>'} {TARGET:g} "
                         f"(target for straight-line kernels: {'met' if rw <= TARGET else 'MISSED'})")
    widths = [max(len(str(r[i])) for r in [header] + body) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(wd) for c, wd in zip(r, widths)).rstrip()
    print(f"backward / forward time on the CPU (medians; warpc: {warpc_threads} threads, "
          f"'ratio 1 thr': warpc on one thread; warp-lang's CPU backend: one thread)")
    print(line(header))
    print(line(["-" * wd for wd in widths]))
    for r in body:
        print(line(r))
    for n in notes:
        print(n)
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
