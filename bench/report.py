#!/usr/bin/env python3
"""report.py - the table of bench/run.sh, from the BENCH lines of the drivers.

    python3 bench/report.py [--cpu] LOG...

A BENCH line is space-separated KEY=VALUE fields: bench, impl (warpc,
cuda, cuda-tiled, warpc-cpu, warpc-cpu1, c-loop, warp-lang-cpu), device,
threads, ms (per launch / step), reps, rate, unit, check (ok, FAIL, -),
diff.  Ratios are times, warpc's over the other's: above 1, warpc is slower.
Exit status 1 when a check failed or a measurement is missing.
"""
import sys


def parse(paths):
    rows = {}
    for p in paths:
        try:
            text = open(p, errors="replace").read()
        except OSError as e:
            print(f"report: {e}", file=sys.stderr)
            continue
        for line in text.splitlines():
            if not line.startswith("BENCH "):
                continue
            f = dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)
            if "bench" in f and "impl" in f:
                rows[(f["bench"], f["impl"])] = f
    return rows


def ms(r):
    try:
        return float(r["ms"])
    except (KeyError, TypeError, ValueError):
        return None


def fmt_ms(x):
    return "-" if x is None else f"{x:.4f}" if x < 10 else f"{x:.1f}"


def ratio(a, b):
    return "-" if a is None or b is None or b == 0 else f"{a / b:.2f}"


def table(header, body):
    widths = [max(len(str(r[i])) for r in [header] + body) for i in range(len(header))]
    line = lambda r: "  ".join(str(c).ljust(w) for c, w in zip(r, widths)).rstrip()
    print(line(header))
    print(line(["-" * w for w in widths]))
    for r in body:
        print(line(r))


def main(argv):
    cpu = "--cpu" in argv
    paths = [a for a in argv if a != "--cpu"]
    rows = parse(paths)
    benches = ["saxpy", "nbody"]
    bad = False
    body = []
    if not cpu:
        for b in benches:
            w = rows.get((b, "warpc"))
            refs = [i for i in ("cuda", "cuda-tiled") if (b, i) in rows] or ["cuda"]
            for i in refs:
                r = rows.get((b, i))
                checks = "/".join(x["check"] for x in (w, r) if x)
                missing = w is None or r is None
                if missing or "FAIL" in checks:
                    bad = True
                rate = f"{float(w['rate']):.0f} {w['unit']}" if w else "-"
                body.append([b, fmt_ms(ms(w)), i, fmt_ms(ms(r)), ratio(ms(w), ms(r)), rate,
                             (checks + " " if checks else "") + ("(missing)" if missing else "")])
        table(["bench", "warpc GPU ms", "vs", "hand-written ms", "warpc/hand", "warpc rate", "check"], body)
    else:
        for b in benches:
            wn, w1, c, wl = (rows.get((b, i)) for i in ("warpc-cpu", "warpc-cpu1", "c-loop", "warp-lang-cpu"))
            checks = "/".join(x["check"] for x in (wn, w1, c) if x) or "missing"
            if wn is None or w1 is None or c is None or "FAIL" in checks:
                bad = True
            threads = wn["threads"] if wn else "?"
            body.append([b, fmt_ms(ms(wn)) + f" ({threads} thr)", fmt_ms(ms(w1)), fmt_ms(ms(c)), fmt_ms(ms(wl)),
                         ratio(ms(w1), ms(c)), ratio(ms(wn), ms(c)), ratio(ms(w1), ms(wl)), checks.split("/")[0]])
        table(["bench", "warpc CPU ms", "warpc 1 thr ms", "plain C 1 thr ms", "warp-lang CPU ms",
               "warpc1/C", "warpcN/C", "warpc1/warp-lang", "check"], body)
        print("(ms per launch; warp-lang runs CPU kernels on one thread; ratios above 1: warpc is slower)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
