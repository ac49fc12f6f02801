#!/usr/bin/env python3
"""run.py - compile every Warp file of a directory with warpc and account
for every kernel.

    test/corpus/run.py [options] DIR...

Each .py file under DIR that defines a kernel (found with Python's own
parser: `@wp.kernel` defs at any depth, `wp.kernel(f)` / `wp.Kernel(func=f)`
calls at module level) is compiled by warpc, CPU only, with -fkeep-going,
so that one bad kernel does not hide the others; the JSON diagnostics say
why each kernel that got no launcher was left out.  It prints a Markdown
table: files, kernels (module level, then elsewhere), kernels with a
launcher, crashes, time-outs, kernels left out with no diagnostic (must be
0), and the reasons for the rest, grouped by message.

Files that use a family with its own issue (tiles, sparse matrices;
hash grids, volumes, meshes and BVHs are supported since issue 14), in their own text or through the funcs of
other files their kernels call (warpc's "out of scope" reasons), are counted
apart: "in scope" is the rest.

Exit status: 0; 1 when a file crashed warpc, timed out, or left a kernel out
with no diagnostic, or when --min-rate is not met; 2 for usage errors.

--mode header (default) stops after lowering and autodiff (warpc --emit
header: every diagnostic, no C compiler); --mode obj builds the objects
(clang runs, slower: `make corpus`)."""
import argparse
import ast
import collections
import json
import os
import re
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor

# Families with their own issues (14: spatial queries, 15: tiles; sparse);
# volumes are in scope since issue 14
FAMILIES = {
    "tile": re.compile(r"\bwp\.tile\w*\(|\bwp\.launch_tiled\b|\btile_\w+\("),
    "sparse": re.compile(r"\bwarp\.sparse\b|\bwp\.sparse\b|\bbsr_\w+\("),
}


def warp_names(tree):
    """The names the file binds to warp (import warp [as wp]) and to its
    kernel decorator (from warp import kernel [as k])."""
    mods, decos = set(), set()
    for n in ast.walk(tree):
        if isinstance(n, ast.Import):
            for a in n.names:
                if a.name == "warp":
                    mods.add(a.asname or "warp")
        elif isinstance(n, ast.ImportFrom) and n.module == "warp":
            for a in n.names:
                if a.name in ("kernel", "*"):  # as test/tools/kernel_sites.py
                    decos.add(a.asname or "kernel")
                if a.name == "*":
                    decos.add("Kernel")
    return mods, decos


def is_kernel_decorator(d, names):
    """@wp.kernel, @wp.kernel(...), @warp.kernel, @kernel (from warp)."""
    mods, decos = names
    if isinstance(d, ast.Call):
        d = d.func
    if isinstance(d, ast.Attribute):
        return d.attr == "kernel" and isinstance(d.value, ast.Name) and d.value.id in mods
    return isinstance(d, ast.Name) and d.id in decos


def is_kernel_call(v, names):
    """wp.kernel(f), wp.kernel(...)(f), wp.Kernel(func=f)."""
    if not isinstance(v, ast.Call):
        return False
    f = v.func
    if isinstance(f, ast.Call):  # wp.kernel(opts)(f)
        f = f.func
    named = (isinstance(f, ast.Attribute) and f.attr in ("kernel", "Kernel")
             and isinstance(f.value, ast.Name) and f.value.id in names[0]) or (
                 isinstance(f, ast.Name) and f.id in names[1])
    return named and bool(v.args or any(k.arg == "func" for k in v.keywords))


def kernels_of(tree):
    """(module-level kernels, the others): lists of (launcher suffixes,
    lines): the name for a module-level one; for a nested one OUTER__NAME,
    and the names of the module-level calls of OUTER (a kernel factory:
    `k1 = make(1.0)` compiles the kernel it returns as k1, `f1, k1 =
    make(1.0)` the one it returns in a tuple).  The lines are
    those where warpc's diagnostic for it may be: its decorators and def,
    its call, the factory calls."""
    names = warp_names(tree)
    top, other = [], []
    calls = collections.defaultdict(list)  # outer def -> [(global, line)]
    for s in tree.body:
        if not isinstance(s, (ast.Assign, ast.AnnAssign)):
            continue
        targets = s.targets if isinstance(s, ast.Assign) else [s.target]
        if (len(targets) == 1 and isinstance(targets[0], ast.Tuple) and isinstance(s.value, ast.Call)
                and isinstance(s.value.func, ast.Name)):  # f, k = make(...): k may be the kernel
            for t in targets[0].elts:
                if isinstance(t, ast.Name):
                    calls[s.value.func.id].append((t.id, s.lineno))
            continue
        if len(targets) != 1 or not isinstance(targets[0], ast.Name):
            continue
        if is_kernel_call(s.value, names):
            top.append(([targets[0].id], range(s.lineno, s.end_lineno + 1)))
        elif isinstance(s.value, ast.Call) and isinstance(s.value.func, ast.Name):
            calls[s.value.func.id].append((targets[0].id, s.lineno))

    def walk(node, path, at_top):
        for s in ast.iter_child_nodes(node):
            if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef)):
                if any(is_kernel_decorator(d, names) for d in s.decorator_list):
                    first = min([d.lineno for d in s.decorator_list] + [s.lineno])
                    lines = list(range(first, s.lineno + 1))
                    if at_top:
                        top.append(([s.name], lines))
                    else:
                        made = calls.get(path[0], []) if len(path) == 1 else []
                        other.append((["__".join(path + [s.name])] + [g for g, _ in made],
                                      lines + [l for _, l in made]))
                walk(s, path + [s.name], False)
            elif isinstance(s, ast.ClassDef):
                walk(s, path + [s.name], False)
            else:
                walk(s, path, False)

    for s in tree.body:
        if isinstance(s, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            walk(ast.Module(body=[s], type_ignores=[]), [], True)
        else:
            walk(s, [], False)
    return top, other


def reason_key(msg):
    """The message with its quoted names and numbers as placeholders."""
    msg = re.sub(r"'[^']*'", "'…'", msg)
    return re.sub(r"\b\d+\b", "N", msg)


def compile_file(args, path):
    """Runs warpc on path: a dict with rc (an int, or "timeout"), seconds,
    launchers (suffixes after the module name m_), diags (the JSON
    diagnostics) and stderr (when it held no JSON)."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "m.h")
        cmd = [args.warpc, "--no-cuda", "-fkeep-going", "-fdiagnostics-format=json",
               "--module", "m", "-fmax-errors=0"]
        for inc in args.include:
            cmd += ["-I", inc]
        if args.mode == "header":
            cmd += ["--emit", "header", "-o", out]
        else:
            cmd += ["-o", os.path.join(tmp, "m.o"), "-H", out]
        cmd.append(path)
        t0 = time.monotonic()
        try:
            p = subprocess.run(cmd, capture_output=True, text=True,
                               timeout=args.timeout, errors="replace")
            rc, err = p.returncode, p.stderr
        except subprocess.TimeoutExpired:
            return {"rc": "timeout", "seconds": args.timeout, "launchers": set(),
                    "diags": [], "stderr": ""}
        secs = time.monotonic() - t0
        launchers = set()
        if os.path.exists(out):
            with open(out, errors="replace") as f:
                for line in f:
                    m = re.match(r"#define WARPC_LAUNCHER_m_(\w+)", line)
                    if m:
                        launchers.add(m.group(1))
        # the JSON array is the last line of stderr (other lines: the driver's)
        diags = []
        lines = err.strip().splitlines()
        if lines and lines[-1].startswith("["):
            try:
                diags = json.loads(lines[-1])
            except json.JSONDecodeError:
                diags = []
        return {"rc": rc, "seconds": secs, "launchers": launchers, "diags": diags,
                "stderr": err if not diags else ""}


def line_of(d):
    locs = d.get("locations") or [{}]
    return locs[0].get("caret", {}).get("line")


def account(top, other, res):
    """Per kernel name: None when it has a launcher, else the reason."""
    launchers = res["launchers"]
    rc = res["rc"]
    at_line = {}  # line -> why the kernel there has no launcher
    file_error = None
    for d in res["diags"]:
        msg = d.get("message", "")
        for ch in d.get("children", []):
            if re.match(r"kernel '[^']+' is left out \(-fkeep-going\)", ch.get("message", "")):
                at_line.setdefault(line_of(ch), msg)
        if d.get("kind") == "warning":
            m = re.match(r"kernel '[^']+' (?:defined in '[^']*' )?is not compiled: (.*)", msg)
            at_line.setdefault(line_of(d), "not compiled: " + m.group(1) if m else msg)
        if d.get("kind") == "error" and file_error is None:
            file_error = msg

    names = {n[0] for n, _ in top}

    def has_launcher(ns):  # a generic kernel's instances: NAME_<types>
        return any(n in launchers or any(l.startswith(n + "_") and l not in names
                                         for l in launchers) for n in ns)

    reasons = {}
    for ns, lines in top + other:
        name = ns[0]
        why = next((at_line[l] for l in lines if l in at_line), None)
        if rc == "timeout":
            reasons[name] = "time-out"
        elif not isinstance(rc, int) or rc < 0 or rc >= 128 or (
                rc == 2 and "internal error" in res["stderr"]):
            reasons[name] = "crash"
        elif has_launcher(ns):
            reasons[name] = None
        elif why:
            reasons[name] = why
        elif rc != 0 and not launchers and file_error:
            reasons[name] = file_error
        elif rc == 2:
            reasons[name] = "warpc exit 2: " + (res["stderr"].strip().splitlines() or [""])[-1]
        else:
            reasons[name] = "silent"
    return reasons


# warpc's message for a builtin of a family with its own issue, met in the
# file or in a func of another file that one of its kernels calls
REACHED = re.compile(r"is not supported by warpc: (.+?) are out of scope|"
                     r"(tile) builtin '\w+' is not supported by warpc yet")
REACHED_FAMILY = {"tile primitives": "tile"}


def families(text, reasons=()):
    """The families the file calls: named in its text, or reached through
    the funcs its kernels call (warpc's reasons say which)."""
    found = {f for f, rx in FAMILIES.items() if rx.search(text)}
    for v in reasons:
        m = REACHED.search(v or "")
        if m and m.group(2):
            found.add("tile")
        elif m and m.group(1) in REACHED_FAMILY:
            found.add(REACHED_FAMILY[m.group(1)])
    return sorted(found)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("dirs", nargs="+")
    ap.add_argument("--warpc", default=os.environ.get("WARPC", "build/bin/warpc"))
    ap.add_argument("-I", dest="include", action="append", default=[])
    ap.add_argument("--mode", choices=("header", "obj"), default="header")
    ap.add_argument("--timeout", type=float, default=120)
    ap.add_argument("-j", "--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--top", type=int, default=25, help="reasons to print")
    ap.add_argument("--min-rate", type=float, default=None,
                    help="fail when fewer in-scope module-level kernels compile (percent)")
    ap.add_argument("--json", help="write every kernel's outcome to this file")
    ap.add_argument("--exclude", action="append", default=[],
                    help="skip paths containing this string")
    args = ap.parse_args()
    if not os.access(args.warpc, os.X_OK):
        print(f"run.py: warpc '{args.warpc}' is not executable", file=sys.stderr)
        return 2

    files = []
    for d in args.dirs:
        if os.path.isfile(d):
            files.append(d)
        for root, dirs, names in os.walk(d):
            dirs[:] = sorted(x for x in dirs if x != "__pycache__")
            for n in sorted(names):
                p = os.path.join(root, n)
                if n.endswith(".py") and not any(x in p for x in args.exclude):
                    files.append(p)
    work = []
    for p in files:
        with open(p, encoding="utf-8", errors="replace") as f:
            text = f.read()
        if "kernel" not in text:
            continue
        try:
            tree = ast.parse(text, p)
        except SyntaxError:
            continue
        top, other = kernels_of(tree)
        if top or other:
            work.append((p, text, top, other))

    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as ex:
        results = list(ex.map(lambda w: compile_file(args, w[0]), work))

    rows = {"all": collections.Counter(), "in scope": collections.Counter()}
    reasons = collections.Counter()
    reason_files = collections.defaultdict(set)
    examples = {}
    outcome = []
    slow = []
    for (p, text, top, other), res in zip(work, results):
        acc = account(top, other, res)
        fam = families(text, acc.values())
        top = [n[0] for n, _ in top]
        other = [n[0] for n, _ in other]
        scopes = ["all"] + ([] if fam else ["in scope"])
        base = os.path.commonpath([os.path.abspath(d) for d in args.dirs])
        rel = os.path.relpath(os.path.abspath(p), base if os.path.isdir(base)
                              else os.path.dirname(base))
        slow.append((res["seconds"], rel))
        for s in scopes:
            r = rows[s]
            r["files"] += 1
            r["top"] += len(top)
            r["other"] += len(other)
            r["top ok"] += sum(acc[n] is None for n in top)
            r["other ok"] += sum(acc[n] is None for n in other)
            r["files ok"] += all(v is None for v in acc.values())
            r["crashes"] += res["rc"] != "timeout" and any(v == "crash" for v in acc.values())
            r["time-outs"] += res["rc"] == "timeout"
            r["silent"] += sum(v == "silent" for v in acc.values())
        for n, v in acc.items():
            outcome.append({"file": rel, "kernel": n, "module_level": n in top,
                            "families": fam, "reason": v})
            if v is None:
                continue
            key = ("[" + ",".join(fam) + "] " if fam else "") + reason_key(v)
            reasons[key] += 1
            reason_files[key].add(rel)
            examples.setdefault(key, (rel, v))

    def pct(a, b):
        return f"{100.0 * a / b:.1f}%" if b else "-"

    print("| files | scope | files, all kernels compile | module-level kernels | with a launcher "
          "| other kernels | with a launcher | crashes | time-outs | no diagnostic |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for s in ("all", "in scope"):
        r = rows[s]
        print(f"| {r['files']} | {s} | {r['files ok']} | {r['top']} | {r['top ok']} "
              f"({pct(r['top ok'], r['top'])}) | {r['other']} | {r['other ok']} "
              f"({pct(r['other ok'], r['other'])}) | {r['crashes']} | {r['time-outs']} "
              f"| {r['silent']} |")
    print()
    print(f"Reasons for the kernels with no launcher (top {args.top} of {len(reasons)}; "
          "[families] marks files out of scope):")
    print()
    print("| kernels | files | reason | e.g. |")
    print("|---|---|---|---|")
    for key, n in reasons.most_common(args.top):
        rel, msg = examples[key]
        nfiles = len(reason_files[key])
        msg = msg.replace("|", "\\|")[:160]
        key = key.replace("|", "\\|")[:120]
        print(f"| {n} | {nfiles} | {key} | {rel}: {msg} |")
    print()
    slow.sort(reverse=True)
    print("Slowest files: " + ", ".join(f"{rel} {s:.1f} s" for s, rel in slow[:5]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(outcome, f, indent=1)

    bad = rows["all"]["crashes"] + rows["all"]["time-outs"] + rows["all"]["silent"]
    for o in outcome:
        if o["reason"] in ("crash", "time-out", "silent"):
            print(f"run.py: {o['file']}: kernel {o['kernel']}: {o['reason']}", file=sys.stderr)
    r = rows["in scope"]
    if args.min_rate is not None and r["top"] and 100.0 * r["top ok"] / r["top"] < args.min_rate:
        print(f"run.py: {pct(r['top ok'], r['top'])} of the in-scope module-level kernels "
              f"compile, under --min-rate {args.min_rate}%", file=sys.stderr)
        bad += 1
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
