#!/usr/bin/env python3
"""scripts/mutate.py - mutation testing of warpc's sources (`make mutate`).

    scripts/mutate.py [-n N] [--seed S] [-j J] FILE...

For each FILE (a C source or prelude header of this repository) PyPI's
universalmutator (pinned, installed by `scripts/deps.sh mutate` into
build/deps/mutate-venv) writes every mutant it knows for C: one line changed
each (an operator swapped, a constant moved by one, a statement commented
out, ...).  Up to N of them (default 40), drawn with a seeded generator, are
tried one at a time:

  1. the mutant replaces FILE in build/mutate/tree, a copy of the tracked
     tree with a build of its own (build/deps and warp-lang's kernel caches
     are shared with this tree's build/), and `make all unit` rebuilds what
     depends on it; a mutant that does not compile is skipped (for a header,
     also one with which warpc cannot compile a small kernel: the headers
     are pasted into generated code);
  2. a mutant whose object file (debug info stripped) equals the original's,
     or, for a header, whose text equals the original's once comments and
     blank space are removed, is equivalent (trivially: the compiler made
     the same code) and is not tested;
  3. so is a mutant listed in test/mutate/equivalent.txt (below);
  4. the others run the tests that reach the file: the ctest names of the
     file's folder (SUBSETS below), narrowed, for files compiled into warpc
     or libwarprt.a, to the tests that execute the mutated line.  That line
     coverage comes from a second copy, build/mutate/cov, built with gcc
     --coverage and run once per test (each test's counters under its own
     GCOV_PREFIX), kept in build/mutate/coverage.json while the sources and
     the test's files are unchanged.  Tests run J at a time (default 2), those
     that killed most mutants first, then the quickest, and stop at the first
     failure: the mutant is killed.  A test running past 3x its time in the
     coverage run plus 30 s is stopped and counts as a kill.  A mutant no
     test fails survives: its diff is printed.

The score of a file is killed / (killed + survived).  The report (per file:
mutants generated, tried, not compiling, equivalent, killed, survived,
score) is printed and written with every mutant's outcome to
build/mutate/report.json.  Exit status: 0 when every file scored at least
--min-score (default 0: report only), 1 otherwise, 2 for usage or setup
errors.

test/mutate/equivalent.txt lists mutants that no test can kill because they
do not change what the program does, each as a block:

    lib/ir/fold.c
    -  original line (leading and trailing blanks ignored; for a mutant
       that inserts a line, "after: " and the line before it)
    +  the mutant's line
    =  why it is equivalent, in one line

Blocks are separated by blank lines; lines starting with '#' are comments.
"""

import argparse
import bisect
import concurrent.futures
import difflib
import fcntl
import hashlib
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORK = ROOT / "build" / "mutate"
TREE = WORK / "tree"
COV = WORK / "cov"
VENV = ROOT / "build" / "deps" / "mutate-venv"
EQUIVALENT = ROOT / "test" / "mutate" / "equivalent.txt"

# Which ctest names reach a file, by its path (first match wins).  2adjoint.h
# holds adjoint rules, which only backward kernels run: the grad tests.
SUBSETS = [
    ("lib/emit/prelude/2adjoint.h", r"^(unit|grad)\."),
    ("lib/emit/prelude/", r"^(unit|e2e|grad|warp)\."),
    ("runtime/src/", r"^(unit|cli|e2e|grad)\."),
    ("runtime/include/", r"^(unit|cli|e2e|grad)\."),
    ("cmd/warpc/", r"^(unit|cli|diag|e2e)\."),
    ("lib/", r"^(unit|cli|diag|e2e|grad|warp)\."),
]
# Files whose line coverage selects the tests (compiled into warpc or the
# runtime); prelude headers are text pasted into generated code.
COVERED = re.compile(r"^(lib|cmd/warpc|runtime/src)/.*\.c$")


def log(msg):
    print(msg, flush=True)


def die(msg):
    print(f"mutate: error: {msg}", file=sys.stderr)
    sys.exit(2)


# --------------------------------------------------------------------------
# trees
# --------------------------------------------------------------------------


def tracked_files():
    out = subprocess.run(["git", "-C", str(ROOT), "ls-files", "-co", "--exclude-standard", "-z"],
                         check=True, capture_output=True).stdout
    return sorted({p for p in out.decode().split("\0") if p and (ROOT / p).is_file()})


def sync_tree(dest, files):
    """Makes DEST a copy of FILES (rewriting only files whose bytes differ, so
    that make rebuilds only what changed), with build/deps and warp-lang's
    kernel caches linked to this tree's."""
    dest.mkdir(parents=True, exist_ok=True)
    manifest = dest / ".mutate-files"
    old = set(manifest.read_text().split("\n")) if manifest.exists() else set()
    for rel in old - set(files):
        if rel and (dest / rel).is_file():
            (dest / rel).unlink()
    for rel in files:
        src, dst = ROOT / rel, dest / rel
        data = src.read_bytes()
        if not dst.is_file():
            # a new file keeps the source's times: nothing in the tree is
            # built from it yet, and it is not newer than the shared build/deps
            dst.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(src, dst)
        elif dst.read_bytes() != data:
            # a changed one (an edit, or a mutant an interrupted run left)
            # is written now, so that make rebuilds what depends on it
            dst.write_bytes(data)
            shutil.copymode(src, dst)
    manifest.write_text("\n".join(files))
    (dest / "build").mkdir(exist_ok=True)
    for name in ("deps", "e2e-cache", "grad-cache"):
        (ROOT / "build" / name).mkdir(parents=True, exist_ok=True)
        link = dest / "build" / name
        if not link.is_symlink():
            shutil.rmtree(link, ignore_errors=True)
            link.symlink_to(ROOT / "build" / name)


# The Makefile's WARN without -Werror: a mutant that only draws a warning
# (misleading indentation, an unused variable) is valid C and is tested.
WARN = "WARN=-std=c11 -Wall -Wextra -D_POSIX_C_SOURCE=200809L -D_DEFAULT_SOURCE"


def make(tree, jobs, extra=(), env=None, timeout=900):
    """make all unit in TREE; returns (ok, output)."""
    try:
        p = subprocess.run(["make", "-C", str(tree), f"-j{jobs}", "--no-print-directory", WARN, "all", "unit",
                            *extra],
                           capture_output=True, text=True, env=env, timeout=timeout)
    except subprocess.TimeoutExpired:
        return False, "make timed out"
    return p.returncode == 0, p.stdout + p.stderr


def ctest_tests(tree, env=None):
    """The suite's tests in TREE: name -> (command, cwd, environment)."""
    bdir = tree / "build" / "ctest"
    subprocess.run(["cmake", "-S", str(tree / "test"), "-B", str(bdir), f"-DWARPC_ROOT={tree}"],
                   check=True, capture_output=True, env=env)
    js = json.loads(subprocess.run(["ctest", "--show-only=json-v1"], cwd=bdir, check=True,
                                   capture_output=True, text=True, env=env).stdout)
    tests = {}
    for t in js["tests"]:
        props = {p["name"]: p["value"] for p in t.get("properties", [])}
        tenv = dict(e.split("=", 1) for e in props.get("ENVIRONMENT", []))
        if "command" not in t:
            die(f"ctest knows no command for {t['name']} in {tree} (not built?)")
        tests[t["name"]] = (t["command"], props.get("WORKING_DIRECTORY", str(bdir)), tenv)
    return tests


def subset_of(rel):
    for prefix, regex in SUBSETS:
        if rel.startswith(prefix):
            return re.compile(regex)
    die(f"{rel}: no test subset reaches this file (see SUBSETS in {Path(__file__).name})")


# --------------------------------------------------------------------------
# running tests
# --------------------------------------------------------------------------


def run_test(test, env_base, timeout, extra_env=None, running=None):
    """Runs one test; returns (passed, seconds, why).  RUNNING, a set, holds
    the process while it runs (first_failure stops the others through it)."""
    cmd, cwd, tenv = test
    env = dict(env_base)
    env.update(tenv)
    if extra_env:
        env.update(extra_env)
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, cwd=cwd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                         start_new_session=True)
    if running is not None:
        running.add(p)
    try:
        rc = p.wait(timeout=timeout)
        why = "" if rc == 0 else f"exit {rc}"
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        p.wait()
        rc, why = -1, f"timed out after {timeout:.0f} s"
    if running is not None:
        running.discard(p)
    return rc == 0, time.monotonic() - t0, why


def kill_all(procs):
    """Kills the process groups of PROCS (tests run in sessions of their own)."""
    for p in list(procs):
        try:
            os.killpg(p.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def first_failure(names, tests, env_base, timeouts, jobs):
    """Runs NAMES in order, JOBS at a time; returns (name, why) of the first
    failure seen (the others are stopped), or None when all pass."""
    stop = threading.Event()
    procs_lock = threading.Lock()
    result = []
    running = set()
    it = iter(names)

    def worker():
        while not stop.is_set():
            with procs_lock:
                name = next(it, None)
            if name is None:
                return
            ok, _, why = run_test(tests[name], env_base, timeouts[name], running=running)
            with procs_lock:
                if not ok and not stop.is_set():
                    result.append((name, why))
                    stop.set()
                    kill_all(running)  # the tests still running

    threads = [threading.Thread(target=worker) for _ in range(max(1, jobs))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            t.join()
    except BaseException:  # Ctrl-C: stop the tests too (they run in sessions of their own)
        stop.set()
        with procs_lock:
            kill_all(running)
        raise
    return result[0] if result else None


# --------------------------------------------------------------------------
# coverage
# --------------------------------------------------------------------------


def sources_digest(files):
    h = hashlib.sha256()
    for rel in files:
        if re.match(r"^(lib|cmd|runtime)/.*\.[ch]$", rel) or rel == "Makefile":
            h.update(rel.encode() + b"\0" + (ROOT / rel).read_bytes())
    return h.hexdigest()


def test_digest(test):
    """A digest of the files a test's command names (its script or case)."""
    h = hashlib.sha256()
    for arg in test[0][1:]:
        p = Path(arg)
        if p.is_file():
            h.update(p.read_bytes())
    return h.hexdigest()


def gcov_lines(prefix, gcov):
    """{file: executed lines} of every covered source from the counters a test
    left under PREFIX (its GCOV_PREFIX: a copy of the coverage tree's object
    folders), one gcov run per folder."""
    lines = {}
    objroot = COV / "build" / "obj"
    for gcda_dir in sorted({p.parent for p in Path(str(prefix) + str(objroot)).rglob("*.gcda")}):
        reldir = Path(str(gcda_dir)[len(str(prefix) + str(objroot)) + 1:])
        srcs = []
        for gcda in sorted(gcda_dir.glob("*.gcda")):
            rel = str(reldir / (gcda.stem + ".c"))
            if not COVERED.match(rel):
                continue
            link = gcda_dir / (gcda.stem + ".gcno")
            if not link.exists():
                link.symlink_to(objroot / reldir / (gcda.stem + ".gcno"))
            srcs.append(str(COV / rel))
        if not srcs:
            continue
        p = subprocess.run([gcov, "--json-format", "--stdout", "-o", str(gcda_dir), *srcs],
                           capture_output=True, text=True, cwd=gcda_dir)
        for chunk in p.stdout.splitlines():
            if not chunk.strip():
                continue
            for f in json.loads(chunk).get("files", []):
                name = os.path.relpath(os.path.join(str(COV), f["file"]), COV)
                if COVERED.match(name):
                    hit = [ln["line_number"] for ln in f["lines"] if ln["count"] > 0]
                    lines[name] = sorted(set(lines.get(name, [])) | set(hit))
    return lines


def instrumented_lines(gcov):
    """{file: sorted lines gcov counts} of every covered source of the
    coverage tree, from its notes files alone (no counters: every count 0)."""
    out = {}
    objroot = COV / "build" / "obj"
    scratch = WORK / "instrumented"
    shutil.rmtree(scratch, ignore_errors=True)
    for gcno_dir in sorted({p.parent for p in objroot.rglob("*.gcno")}):
        reldir = gcno_dir.relative_to(objroot)
        srcs = [str(COV / reldir / (g.stem + ".c")) for g in sorted(gcno_dir.glob("*.gcno"))
                if COVERED.match(str(reldir / (g.stem + ".c")))]
        if not srcs:
            continue
        d = scratch / reldir
        d.mkdir(parents=True)
        for g in gcno_dir.glob("*.gcno"):
            (d / g.name).symlink_to(g)
        p = subprocess.run([gcov, "--json-format", "--stdout", "-o", str(d), *srcs],
                           capture_output=True, text=True, cwd=d)
        for chunk in p.stdout.splitlines():
            if chunk.strip():
                for f in json.loads(chunk).get("files", []):
                    name = os.path.relpath(os.path.join(str(COV), f["file"]), COV)
                    if COVERED.match(name):
                        out[name] = sorted(set(out.get(name, [])) | {ln["line_number"] for ln in f["lines"]})
    shutil.rmtree(scratch, ignore_errors=True)
    return out


def lines_to_cover(instr, rel, line):
    """The lines whose execution a test must show to reach a mutant of LINE:
    LINE itself when gcov counts it, else (a continuation of a statement, a
    brace) the nearest counted lines before and after it."""
    counted = instr.get(rel)
    if not counted or line in counted:
        return {line}
    k = bisect.bisect_left(counted, line)
    return {counted[j] for j in (k - 1, k) if 0 <= j < len(counted)}


def coverage(files, names, jobs):
    """{test: {"lines": {rel: [line...]}, "seconds": s, "passed": bool}} for
    NAMES over every covered file (COVERED), from the cache where still valid."""
    cache_path = WORK / "coverage.json"
    try:
        cache = json.loads(cache_path.read_text()) if cache_path.exists() else {}
    except ValueError:  # a run killed while writing it
        cache = {}
    digest = sources_digest(files)
    if cache.get("sources") != digest:
        cache = {"sources": digest, "tests": {}}
    wrapper_dir = WORK / "covbin"
    wrapper_dir.mkdir(parents=True, exist_ok=True)
    cc = wrapper_dir / "cc"
    cc.write_text("#!/bin/sh\n# scripts/mutate.py: gcc with line coverage\nexec gcc --coverage \"$@\"\n")
    cc.chmod(0o755)
    env = dict(os.environ, CC=str(cc), PATH=f"{wrapper_dir}:{os.environ['PATH']}",
               WARPC=str(COV / "build/bin/warpc"), WARPRT=str(COV / "build/lib/libwarprt.a"))
    sync_tree(COV, files)
    log(f"mutate: building the coverage tree ({COV.relative_to(ROOT)})")
    ok, out = make(COV, jobs, [f"CC={cc}", "CFLAGS=-O0 -g"], env)
    if not ok:
        die(f"the coverage build failed:\n{out[-3000:]}")
    tests = ctest_tests(COV, env)
    gcov = shutil.which("gcov") or die("gcov not found")
    if "instrumented" not in cache:
        cache["instrumented"] = instrumented_lines(gcov)
    todo = [n for n in names
            if n not in cache["tests"] or cache["tests"][n].get("digest") != test_digest(tests[n])]
    if not todo:
        cache_path.write_text(json.dumps(cache))
        return {n: cache["tests"][n] for n in names}, cache["instrumented"]
    data_root = WORK / "covdata"
    log(f"mutate: line coverage of {len(todo)} tests (once; kept in {cache_path.relative_to(ROOT)})")
    done = [0]
    lock = threading.Lock()

    def one(name):
        prefix = data_root / re.sub(r"[^A-Za-z0-9_.-]", "_", name)
        shutil.rmtree(prefix, ignore_errors=True)
        ok, secs, why = run_test(tests[name], env, 1800, {"GCOV_PREFIX": str(prefix), "GCOV_PREFIX_STRIP": "0"})
        lines = gcov_lines(prefix, gcov)
        shutil.rmtree(prefix, ignore_errors=True)
        with lock:
            cache["tests"][name] = {"digest": test_digest(tests[name]), "seconds": secs, "passed": ok,
                                    "lines": lines}
            done[0] += 1
            if not ok:
                log(f"mutate: {name} fails in the coverage tree ({why})")
            if done[0] % 25 == 0 or done[0] == len(todo):
                log(f"mutate: coverage {done[0]}/{len(todo)}")
                cache_path.write_text(json.dumps(cache))

    t0 = time.monotonic()
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as ex:
        list(ex.map(one, todo))
    cache_path.write_text(json.dumps(cache))
    log(f"mutate: line coverage of {len(todo)} tests took {time.monotonic() - t0:.0f} s")
    return {n: cache["tests"][n] for n in names}, cache["instrumented"]


# --------------------------------------------------------------------------
# mutants
# --------------------------------------------------------------------------


def strip_c_comments(text):
    """TEXT without comments and blank space (strings kept)."""
    out = re.sub(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])*\'|/\*.*?\*/|//[^\n]*',
                 lambda m: m.group(0) if m.group(0)[0] in "\"'" else " ", text, flags=re.S)
    return re.sub(r"\s+", " ", out).strip()


def generate(rel, outdir):
    mutate_bin = VENV / "bin" / "mutate"
    if not mutate_bin.exists():
        die(f"{mutate_bin} is missing: run scripts/deps.sh mutate (make mutate does)")
    shutil.rmtree(outdir, ignore_errors=True)
    outdir.mkdir(parents=True)
    p = subprocess.run([str(mutate_bin), str(ROOT / rel), "c", "--noCheck", "--mutantDir", str(outdir)],
                       capture_output=True, text=True, cwd=outdir)
    if p.returncode != 0:
        die(f"universalmutator failed on {rel}:\n{p.stdout[-2000:]}{p.stderr[-2000:]}")
    def key(p):
        m = re.search(r"\.mutant\.(\d+)\.", p.name)
        return int(m.group(1)) if m else 0
    return sorted(outdir.glob("*.mutant.*"), key=key)


def changed_line(orig_lines, mut_lines):
    """(line number, original line, mutant line) of a one-line mutant; a
    mutant that inserts a line has for original "after: " and the line
    before it (what an equivalent.txt entry names)."""
    sm = difflib.SequenceMatcher(a=orig_lines, b=mut_lines, autojunk=False)
    for tag, i1, i2, j1, j2 in sm.get_opcodes():
        if tag != "equal":
            a = "".join(orig_lines[i1:i2]).rstrip("\n")
            b = "".join(mut_lines[j1:j2]).rstrip("\n")
            if tag == "insert":
                a = "after: " + (orig_lines[i1 - 1].strip() if i1 else "")
                return max(i1, 1), a, b
            return i1 + 1, a, b
    return 0, "", ""


def load_equivalent():
    """{(file, original, mutant): reason} from test/mutate/equivalent.txt."""
    eq = {}
    if not EQUIVALENT.exists():
        return eq
    block = []
    for n, line in enumerate(EQUIVALENT.read_text().split("\n") + [""], 1):
        if line.startswith("#"):
            continue
        if line.strip():
            block.append(line)
            continue
        if not block:
            continue
        if len(block) != 4 or block[1][:1] != "-" or block[2][:1] != "+" or block[3][:1] != "=":
            die(f"{EQUIVALENT}:{n - len(block)}: a block is: file, '- original', '+ mutant', '= reason'")
        eq[(block[0].strip(), block[1][1:].strip(), block[2][1:].strip())] = block[3][1:].strip()
        block = []
    return eq


# Types and products that make the emitted C instantiate every macro of the
# prelude headers whose instances depend on the module (2adjoint.h's all).
PROBE = """import warp as wp

mat23 = wp.types.matrix(shape=(2, 3), dtype=wp.float32)
mat32d = wp.types.matrix(shape=(3, 2), dtype=wp.float64)
mat22i = wp.types.matrix(shape=(2, 2), dtype=wp.int32)


@wp.kernel
def probe(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=float), v2: wp.array(dtype=wp.vec2d),
          v4: wp.array(dtype=wp.vec4h), q: wp.array(dtype=wp.quat), qd: wp.array(dtype=wp.quatd),
          m2: wp.array(dtype=wp.mat22), m3: wp.array(dtype=wp.mat33d), m4: wp.array(dtype=wp.mat44),
          m4h: wp.array(dtype=wp.mat44h), m23: wp.array(dtype=mat23), m32: wp.array(dtype=mat32d),
          t: wp.array(dtype=wp.transform), s: wp.array(dtype=wp.spatial_vector),
          sm: wp.array(dtype=wp.spatial_matrix), iv: wp.array(dtype=wp.vec3i), im: wp.array(dtype=mat22i),
          a2: wp.array2d(dtype=float), a3: wp.array3d(dtype=float), a4: wp.array4d(dtype=wp.bfloat16),
          h: wp.array(dtype=wp.float16), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    b[i] = wp.length(a[i]) + float(wp.length(v2[i])) + float(wp.length(v4[i])) + wp.length(q[i])
    m23[i] = m2[i] * m23[i]
    m32[i] = m3[i] * m32[i]
    m4[i] = m4[i] * m4[i]
    m4h[i] = m4h[i] * m4h[i]
    qd[i] = qd[i] * qd[i]
    s[i] = sm[i] * s[i]
    t[i] = t[i] * t[i]
    iv[i] = iv[i] + iv[i]
    im[i] = im[i] * im[i]
    a2[i, 0] = a3[i, 0, 0] + float(a4[i, 0, 0, 0]) + float(h[i])
    out[i] = wp.transform_point(wp.identity(n=4, dtype=float), a[i])
"""


def header_compiles(tree):
    """Whether the generated C of a small kernel (every prelude header is
    pasted into it) still compiles: a header's mutant that breaks it is one
    that does not compile, not one a test kills."""
    d = WORK / "probe"
    d.mkdir(parents=True, exist_ok=True)
    (d / "probe.py").write_text(PROBE)
    p = subprocess.run([str(tree / "build/bin/warpc"), "--no-cuda", str(d / "probe.py"), "-o", str(d / "probe.o")],
                       capture_output=True, timeout=300)
    return p.returncode == 0


def object_of(rel):
    if rel.endswith(".c"):
        return "build/obj/" + rel[:-2] + ".o"
    return None


def stripped_object(tree, obj):
    out = WORK / "stripped.o"
    p = subprocess.run(["objcopy", "--strip-debug", str(tree / obj), str(out)], capture_output=True)
    return out.read_bytes() if p.returncode == 0 else None


def main():
    ap = argparse.ArgumentParser(description="mutation testing of warpc's sources")
    ap.add_argument("files", nargs="*", help="C sources or prelude headers, relative to the repository root")
    ap.add_argument("-n", type=int, default=40, help="mutants tried per file (default 40; 0: all)")
    ap.add_argument("--seed", type=int, default=1, help="seed of the sample (default 1)")
    ap.add_argument("-j", "--jobs", type=int, default=2, help="tests run at once (default 2)")
    ap.add_argument("--tests", metavar="REGEX", help="only the tests (ctest names) matching REGEX")
    ap.add_argument("--no-cuda", action="store_true",
                    help="e2e tests compile no CUDA code (WARPC_E2E_NO_CUDA=1): 2-3x faster")
    ap.add_argument("--rescore", action="store_true",
                    help="run nothing: print the table of build/mutate/report.json again, its survivors that "
                         "test/mutate/equivalent.txt now lists counted as equivalent")
    ap.add_argument("--min-score", type=float, default=0.0, help="exit 1 when a file scores below this (0-1)")
    args = ap.parse_args()

    if args.rescore and not 0 <= args.min_score <= 1:
        ap.error(f"--min-score: a score from 0 to 1 (0.9 for 90%), not {args.min_score}")
    if args.rescore:
        report = json.loads((WORK / "report.json").read_text())
        equivalent = load_equivalent()
        for rel, r in report["files"].items():
            s = r["stats"]
            for rec in r["mutants"]:
                key = (rel, rec["original"].strip(), rec["mutant_line"].strip())
                if rec["outcome"].startswith("SURVIVED") and key in equivalent:
                    rec["outcome"] = "listed: " + equivalent[key]
                    s["survived"] -= 1
                    s["listed"] += 1
            live = s["killed"] + s["survived"]
            s["score"] = round(s["killed"] / live, 3) if live else None
        return print_table(report, args.min_score)
    if not 0 <= args.min_score <= 1:
        ap.error(f"--min-score: a score from 0 to 1 (0.9 for 90%), not {args.min_score}")
    if not args.files:
        ap.error("name the files to mutate")
    if args.n < 0:
        ap.error("-n: a count of mutants, 0 for all")
    if args.tests:
        try:
            re.compile(args.tests)
        except re.error as e:
            ap.error(f"--tests: not a regular expression: {e}")
    files = tracked_files()
    rels = []
    for f in args.files:
        rel = os.path.relpath(os.path.abspath(f), ROOT) if os.path.exists(f) else f
        if rel not in files:
            die(f"{f}: not a file of the tree {ROOT} (tracked, or untracked and not ignored)")
        subset_of(rel)
        if rel not in rels:
            rels.append(rel)
    equivalent = load_equivalent()

    WORK.mkdir(parents=True, exist_ok=True)
    lock = open(WORK / "lock", "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        die(f"another mutation run holds {WORK / 'lock'}")
    sync_tree(TREE, files)
    log(f"mutate: building {TREE.relative_to(ROOT)}")
    ok, out = make(TREE, args.jobs)
    if not ok:
        die(f"the unmutated tree does not build:\n{out[-3000:]}")
    if args.no_cuda:
        os.environ["WARPC_E2E_NO_CUDA"] = "1"
    env_base = dict(os.environ, WARPC=str(TREE / "build/bin/warpc"), WARPRT=str(TREE / "build/lib/libwarprt.a"))
    tests = ctest_tests(TREE)

    covered = [r for r in rels if COVERED.match(r)]
    wanted = sorted({n for r in rels for n in tests if subset_of(r).search(n)
                     and (not args.tests or re.search(args.tests, n))})
    if not wanted:
        die(f"no test reaches {', '.join(rels)}" + (f" and matches --tests '{args.tests}'" if args.tests else ""))
    cov, instr = coverage(files, wanted, args.jobs) if covered else ({}, {})
    # tests without coverage data (a header's subset) are run once without a
    # mutant: to time them, and to leave out any that fail
    plain = [n for n in wanted if n not in cov]
    if plain:
        log(f"mutate: running {len(plain)} tests without a mutant")
        with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as ex:
            runs = list(ex.map(lambda n: run_test(tests[n], env_base, 1800), plain))
        for n, (ok, secs, why) in zip(plain, runs):
            cov[n] = {"seconds": secs, "passed": True, "lines": None}
            if not ok:
                log(f"mutate: warning: {n} fails without a mutant ({why}); left out")
                wanted.remove(n)
    timeouts = {n: 3 * cov[n]["seconds"] + 30 for n in wanted}
    broken = [n for n in wanted if n in cov and not cov[n]["passed"]]
    if broken:
        # a test that fails in the coverage tree (e.g. it links with a
        # compiler other than cc) is checked in the unmutated tree: kept
        # (run for every mutant) when it passes there
        for n in broken:
            ok, _, why = run_test(tests[n], env_base, timeouts[n])
            if ok:
                cov[n] = dict(cov[n], lines=None)
            else:
                log(f"mutate: warning: {n} fails without a mutant ({why}); left out")
                wanted.remove(n)

    kills = {n: 0 for n in wanted}
    report = {"seed": args.seed, "n": args.n, "files": {}}
    for rel in rels:
        subset = [n for n in wanted if subset_of(rel).search(n)]
        orig_text = (ROOT / rel).read_text()
        orig_lines = orig_text.splitlines(keepends=True)
        mutants = generate(rel, WORK / "mutants" / rel.replace("/", "_"))
        sample = list(mutants)
        random.Random(f"{args.seed}:{rel}").shuffle(sample)
        if args.n:
            sample = sample[:args.n]
        obj = object_of(rel)
        orig_obj = stripped_object(TREE, obj) if obj else None
        stats = {"generated": len(mutants), "tried": 0, "no_compile": 0, "equivalent": 0, "listed": 0,
                 "killed": 0, "survived": 0}
        outcomes = []
        t_file = time.monotonic()
        log(f"mutate: {rel}: {len(mutants)} mutants, trying {len(sample)}; {len(subset)} tests run its code (each mutant is tried against those)")
        for k, mpath in enumerate(sample, 1):
            mtext = mpath.read_text()
            line, a, b = changed_line(orig_lines, mtext.splitlines(keepends=True))
            stats["tried"] += 1
            rec = {"mutant": mpath.name, "line": line, "original": a, "mutant_line": b}
            tag = f"{rel}:{line} [{k}/{len(sample)}]"
            if strip_c_comments(mtext) == strip_c_comments(orig_text):
                rec["outcome"] = "equivalent (comments or blank space only)"
                stats["equivalent"] += 1
            elif (rel, a.strip(), b.strip()) in equivalent:
                rec["outcome"] = "listed: " + equivalent[(rel, a.strip(), b.strip())]
                stats["listed"] += 1
            else:
                try:
                    (TREE / rel).write_text(mtext)
                    ok, _ = make(TREE, args.jobs)
                    if ok and not rel.endswith(".c"):
                        ok = header_compiles(TREE)
                    if not ok:
                        rec["outcome"] = "does not compile"
                        stats["no_compile"] += 1
                    elif obj and orig_obj is not None and stripped_object(TREE, obj) == orig_obj:
                        rec["outcome"] = "equivalent (same object code)"
                        stats["equivalent"] += 1
                    else:
                        need = lines_to_cover(instr, rel, line)
                        sel = [n for n in subset
                               if cov[n]["lines"] is None or not COVERED.match(rel)
                               or need & set(cov[n]["lines"].get(rel, ()))]
                        sel.sort(key=lambda n: (-kills[n], cov[n]["seconds"], n))
                        t0 = time.monotonic()
                        fail = first_failure(sel, tests, env_base, timeouts, args.jobs)
                        secs = time.monotonic() - t0
                        if fail:
                            kills[fail[0]] += 1
                            rec["outcome"] = f"killed by {fail[0]} ({fail[1]})"
                            stats["killed"] += 1
                        else:
                            rec["outcome"] = f"SURVIVED {len(sel)} tests"
                            stats["survived"] += 1
                            log(f"--- {rel}:{line} survived {len(sel)} tests ({secs:.0f} s)\n-{a}\n+{b}")
                        rec["seconds"] = round(secs, 1)
                        rec["tests_run_from"] = len(sel)
                finally:  # also on Ctrl-C: the next run rebuilds from the original
                    (TREE / rel).write_text(orig_text)
            log(f"mutate: {tag}: {rec['outcome']}")
            outcomes.append(rec)
        ok, out = make(TREE, args.jobs)
        if not ok:
            die(f"the tree does not build after restoring {rel}:\n{out[-2000:]}")
        live = stats["killed"] + stats["survived"]
        stats["score"] = round(stats["killed"] / live, 3) if live else None
        stats["minutes"] = round((time.monotonic() - t_file) / 60, 1)
        report["files"][rel] = {"stats": stats, "mutants": outcomes}
        (WORK / "report.json").write_text(json.dumps(report, indent=1))

    return print_table(report, args.min_score)


def print_table(report, min_score):
    """Prints the per-file table; returns the exit status (1: a file scored
    below MIN_SCORE)."""
    log("\nfile                          generated  tried  no-compile  equivalent  killed  survived  score  minutes")
    log("(score: killed / (killed + survived); n/a: no mutant was tested)")
    status = 0
    for rel, r in report["files"].items():
        s = r["stats"]
        log(f"{rel:<30}{s['generated']:>9}{s['tried']:>7}{s['no_compile']:>12}"
            f"{s['equivalent'] + s['listed']:>12}{s['killed']:>8}{s['survived']:>10}"
            f"{'n/a' if s['score'] is None else format(100 * s['score'], '.0f') + '%':>7}"
            f"{s['minutes']:>9.1f}")
        if s["score"] is None:
            log(f"mutate: warning: {rel}: no mutant compiled and was tested, so it has no score")
        if min_score > 0 and (s["score"] is None or s["score"] < min_score):
            status = 1  # no mutant tested: no score to meet it
            log(f"mutate: {rel}: " + ("no score" if s["score"] is None else f"score {100 * s['score']:.0f}%")
                + f" is under --min-score {100 * min_score:.0f}%")
    log(f"(every mutant's outcome: {(WORK / 'report.json').relative_to(ROOT)})")
    return status


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        print("\nmutate: interrupted; build/mutate/tree holds the original sources again "
              "(report.json: the files finished before)", file=sys.stderr)
        sys.exit(130)
