#!/usr/bin/env python3
"""table.py - the summary table of test/gpu/run.sh.

    python3 test/gpu/table.py [--expected FILE] [--strict] LOG...

Reads the RESULT lines (test/tools/e2e.py's --device runs, the samples' GPU
variants) from the logs, and prints one row per test:

    test | max abs err | max rel err | GPU ms | CPU ms | status

GPU ms: the launch sequence on the GPU after a warm-up (CUDA events); CPU ms:
the same on the CPU through warpc's CPU code.  A log that ends without its
RESULT lines (a case that crashed or timed out) gets a row of its own, from
its "FAIL" lines.

--expected FILE lists known GPU differences, one "case[index]  reason" per
line ('#' comments): such a test that fails with reason=mismatch is shown
as XFAIL and does not fail the run (unless --strict).  Exit status: 0 all
passed (XFAILs allowed), 1 otherwise, 2 no results at all.
"""
import sys
from pathlib import Path


def parse_fields(line):
    return dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)


def read_expected(path):
    out = {}
    if not path:
        return out
    for line in Path(path).read_text().splitlines():
        line = line.split("#", 1)[0].strip()
        if line:
            key, _, why = line.partition(" ")
            out[key] = why.strip()
    return out


def fnum(s, spec):
    try:
        return format(float(s), spec)
    except (TypeError, ValueError):
        return "-"


def main(argv):
    expected_file, strict, logs = None, False, []
    it = iter(argv)
    for a in it:
        if a == "--expected":
            expected_file = next(it, None)
        elif a == "--strict":
            strict = True
        else:
            logs.append(a)
    expected = read_expected(expected_file)
    rows, extra = [], []
    for log in logs:
        p = Path(log)
        text = p.read_text(errors="replace") if p.exists() else ""
        results = [parse_fields(l) for l in text.splitlines() if l.startswith("RESULT ")]
        rows.extend(results)
        rc_file = p.with_suffix(".rc")
        rc = rc_file.read_text().strip() if rc_file.exists() else None
        if not results or (rc not in (None, "0") and not any(r.get("status") != "ok" for r in results)):
            # crashed, timed out, or failed without saying which test
            why = "timed out" if rc in ("124", "137") else f"exit status {rc}" if rc else "no results"
            fails = [l[5:].split(":", 1)[0] for l in text.splitlines() if l.startswith("FAIL ")]
            extra.append(dict(case=p.stem, test="-", name=",".join(fails[:3]) or "-", status="FAIL",
                              reason=why))
    rows.extend(extra)
    if not rows:
        print("no results")
        return 2

    body = []
    counts = {"ok": 0, "FAIL": 0, "XFAIL": 0}
    for r in rows:
        case, test = r.get("case", "?"), r.get("test", "-")
        label = f"{case}[{test}] {r.get('name', '')}" if case != "sample" else f"sample {r.get('name', '')}"
        status = r.get("status", "FAIL")
        key = f"{case}[{test}]" if case != "sample" else f"sample:{r.get('name')}"
        if status != "ok" and r.get("reason") == "mismatch" and key in expected:
            status = "XFAIL"
        if status == "FAIL" or (status == "XFAIL" and strict):
            shown = f"FAIL ({r.get('reason', '?')})"
            counts["FAIL"] += 1
        elif status == "XFAIL":
            shown = "XFAIL: " + expected[key]
            counts["XFAIL"] += 1
        else:
            shown = "ok"
            counts["ok"] += 1
        body.append([label, fnum(r.get("max_abs"), ".3g"), fnum(r.get("max_rel"), ".3g"),
                     fnum(r.get("time_gpu_ms"), ".4f"), fnum(r.get("time_cpu_ms"), ".4f"), shown])

    header = ["test", "max abs err", "max rel err", "GPU ms", "CPU ms", "status"]
    widths = [max(len(str(x[i])) for x in [header] + body) for i in range(len(header) - 1)]
    fmt = lambda x: " | ".join(str(c).ljust(w) for c, w in zip(x, widths)) + " | " + x[-1]
    print(fmt(header))
    print("-+-".join("-" * w for w in widths) + "-+-" + "-" * 6)
    for x in body:
        print(fmt(x))
    print(f"\n{len(body)} tests: {counts['ok']} ok, {counts['FAIL']} failed, {counts['XFAIL']} expected differences")
    return 1 if counts["FAIL"] else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
