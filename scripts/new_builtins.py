#!/usr/bin/env python3
"""new_builtins.py - the kernel builtins a newer warp-lang has that warpc lacks.

Compares the builtin table of two warp-lang installs (or two JSON dumps of
them) and prints, for every builtin the newer one has and the older one does
not, its group, its overload signatures and whether warpc's registry
(`warpc --list-builtins`) already has it.  Families out of scope by decision
(`warpc --list-out-of-scope`: tile primitives, mesh / BVH / hash-grid /
volume / texture queries, sparse) are left out unless --all is given.

    python3 scripts/new_builtins.py --old /path/to/python-with-old-warp
        [--new python3] [--warpc build/bin/warpc] [--all] [--missing] [--public]
        [--overloads]
    python3 scripts/new_builtins.py --old-json old.json --new-json new.json
    python3 scripts/new_builtins.py --dump [-o out.json]   # dump this python's warp

Without --old / --old-json, every builtin of the newer warp-lang that warpc's
registry lacks is listed (the next move's to-do list).  --missing lists only
the builtins warpc lacks.  The dump is {name: {"group", "hidden", "diff",
"sigs": [signature, ...], "tsigs": [...], "version"}}; "sigs" come from
warp/__init__.pyi (one `def` per overload) and, for hidden builtins with no
stub, from the builtin table's input types, which "tsigs" always holds.
"""
import argparse
import json
import os
import re
import subprocess
import sys

# Run inside the Python whose warp-lang is dumped (also through `-c`).
DUMP = r'''
import json, os, re, sys, warnings
warnings.simplefilter("ignore")
import warp
try:
    from warp._src import context
except ImportError:
    context = warp.context

def split_top(s):
    parts, depth, cur = [], 0, ""
    for ch in s:
        if ch in "[(":
            depth += 1
        elif ch in "])":
            depth -= 1
        if ch == "," and depth == 0:
            parts.append(cur.strip()); cur = ""
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts

try:
    from warp._src.types import type_repr
except ImportError:
    try:
        from warp.types import type_repr
    except ImportError:
        type_repr = None

import typing

def tname(t):
    if isinstance(t, typing.TypeVar):  # Float, Scalar, ...: by name
        return t.__name__
    if isinstance(t, (list, tuple)):
        return " | ".join(tname(x) for x in t)
    for fn in (type_repr, lambda t: t.__name__, lambda t: type(t).__name__):
        try:
            if fn is not None:
                return str(fn(t))
        except Exception:
            pass
    return "?"

stub = {}
path = os.path.join(os.path.dirname(warp.__file__), "__init__.pyi")
if os.path.exists(path):
    text = open(path).read()
    for m in re.finditer(r"^(?:@over\n)?def (\w+)\((.*?)\)(?: -> ([^\n]*?))?:\n", text, re.S | re.M):
        params = [p.split("=")[0].strip() for p in split_top(m.group(2).replace("\n", " "))]
        stub.setdefault(m.group(1), []).append(
            "(" + ", ".join(params) + ") -> " + (m.group(3) or "None").strip())
out = {}
for name, f in context.builtin_functions.items():
    fs = (list(getattr(f, "overloads", None) or [])
          or list((getattr(f, "user_overloads", None) or {}).values()) or [f])
    tsigs = []
    for o in fs:
        ins = getattr(o, "input_types", None) or {}
        if not ins and getattr(o, "func", None) is not None:  # a @wp.func: its annotations
            ins = {k: v for k, v in getattr(o.func, "__annotations__", {}).items() if k != "return"}
        tsigs.append("(" + ", ".join("%s: %s" % (k, tname(v)) for k, v in ins.items()) + ")")
    out[name] = {"group": f.group, "hidden": bool(getattr(f, "hidden", False)),
                 "diff": bool(getattr(f, "is_differentiable", True)),
                 "sigs": stub.get(name) or tsigs, "tsigs": tsigs,
                 "version": warp.config.version}
json.dump(out, sys.stdout, indent=1, sort_keys=True)
'''


def dump_with(python):
    r = subprocess.run([python, "-c", DUMP], check=True, capture_output=True, text=True)
    return json.loads(r.stdout)


def warpc_lines(warpc, flag):
    try:
        return subprocess.run([warpc, flag], check=True, capture_output=True, text=True).stdout.splitlines()
    except (OSError, subprocess.CalledProcessError):
        return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--old", help="a Python with the older warp-lang")
    ap.add_argument("--new", default=sys.executable, help="a Python with the newer warp-lang (default: this one)")
    ap.add_argument("--old-json")
    ap.add_argument("--new-json")
    ap.add_argument("--warpc", default=os.path.join("build", "bin", "warpc"))
    ap.add_argument("--all", action="store_true", help="include out-of-scope families")
    ap.add_argument("--missing", action="store_true", help="only the builtins warpc lacks")
    ap.add_argument("--public", action="store_true",
                    help="leave out hidden builtins (Warp's codegen internals: extract, add_inplace, ...)")
    ap.add_argument("--overloads", action="store_true",
                    help="also the overload signatures (from the builtin tables) that builtins of both "
                         "versions have only in the newer one; textual, so an overload the newer "
                         "version spells out per type is listed too")
    ap.add_argument("--dump", action="store_true", help="dump --new's warp-lang as JSON and stop")
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()

    new = json.load(open(a.new_json)) if a.new_json else dump_with(a.new)
    if a.dump:
        text = json.dumps(new, indent=1, sort_keys=True) + "\n"
        (sys.stdout.write(text) if a.output == "-" else open(a.output, "w").write(text))
        return 0
    old = json.load(open(a.old_json)) if a.old_json else dump_with(a.old) if a.old else {}

    reg = warpc_lines(a.warpc, "--list-builtins")
    have = {ln.split()[0]: ln.split()[2] == "grad" for ln in reg} if reg is not None else None
    prefixes, names = [], set()
    for ln in warpc_lines(a.warpc, "--list-out-of-scope") or []:
        kind, key = ln.split()[:2]
        (prefixes.append if kind == "prefix" else names.add)(key)
    # names the lowering handles itself, and renamed entries: coverage_table.py's
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from coverage_table import ALIASES as aliases, LOWERING as lowering

    def out_of_scope(n, g):
        return g in ("Tile Primitives", "Volumes") or n.startswith(tuple(prefixes)) or n in names

    nv = next(iter(new.values()), {}).get("version", "?")
    ov = next(iter(old.values()), {}).get("version", "?") if old else None
    lines = []
    if old:
        lines.append("# builtins in warp-lang %s and not in %s" % (nv, ov))
    else:
        lines.append("# builtins of warp-lang %s" % nv)
    if have is None:
        lines.append("# (warpc %s not found: registry status unknown)" % a.warpc)
    count = lack = 0
    skipped = []
    for n in sorted(new, key=lambda k: (new[k]["group"], k)):
        if n in old:
            continue
        e = new[n]
        if a.public and e["hidden"]:
            continue
        if not a.all and out_of_scope(n, e["group"]):
            skipped.append(n)
            continue
        r = aliases.get(n, n)
        if have is None:
            st = "?"
        elif r in have:
            st = "warpc: yes" + (" (grad)" if have[r] else "")
        elif n in lowering:
            st = "warpc: yes (lowering)"
        else:
            st = "warpc: MISSING"
            lack += 1
        if a.missing and st != "warpc: MISSING":
            continue
        count += 1
        flags = (" hidden" if e["hidden"] else "") + ("" if e["diff"] else " nondiff")
        lines.append("%s  [%s]%s  %s" % (n, e["group"], flags, st))
        for s in e["sigs"]:
            lines.append("    %s%s" % (n, s))
    if a.overloads and old:
        lines.append("# new overloads of builtins both versions have (table signatures)")
        for n in sorted(set(new) & set(old)):
            e = new[n]
            if (a.public and e["hidden"]) or (not a.all and out_of_scope(n, e["group"])):
                continue
            was = set(old[n].get("tsigs", old[n]["sigs"]))
            for sig in e.get("tsigs", e["sigs"]):
                if sig not in was:
                    lines.append("  %s%s" % (n, sig))
    lines.append("# %d listed, %d missing from warpc; %d out of scope skipped%s"
                 % (count, lack, len(skipped), (": " + " ".join(skipped)) if skipped and not a.all else ""))
    text = "\n".join(lines) + "\n"
    if a.output == "-":
        sys.stdout.write(text)
    else:
        open(a.output, "w").write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
