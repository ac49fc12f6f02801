#!/usr/bin/env python3
"""Diagnostics test driver: run warpc on one bad Warp file, check what it says.

Usage: python3 test/tools/diag.py test/diag/NAME.py [--verbose]

A test is a small Warp source file (`import warp as wp`, written as a user
would) that contains exactly the mistake(s) under test, plus expectation
comments anywhere in the file:

    # expect: LINE:COL: MESSAGE-SUBSTRING
        One error warpc must report:
        `FILE:LINE:COL: error: ...MESSAGE-SUBSTRING...` (LINE:COL exact,
        1-based, COL counted in characters; the message is a substring match).
        Repeat the comment once per expected error; warpc collects all
        errors of a run, so a file may expect several.
    # expect-exit: N
        Expected exit status (default 1 = errors in the input; 2 = usage or
        tool failure; 0 = the file must compile cleanly).
    # expect-warning: LINE:COL: MESSAGE-SUBSTRING
        One warning warpc must report (`FILE:LINE:COL: warning: ...`), with
        its source and caret lines; when a file has any of these, the number
        of warnings must equal their number (otherwise warnings are not
        checked).  MESSAGE-SUBSTRING may end in the warning's option,
        `[-WNAME]`: the warning's text must then end in exactly that.

The comment may follow code on the same line. The checks:
  - the exit status is N;
  - every expected error line appears in stderr;
  - the number of `error:` diagnostics equals the number of `# expect:` lines
    (no unexpected errors);
  - each error is followed by its source line and a caret line ('^' under
    the column, optionally extended with '~');
  - every warning's text ends in its option, ` [-WNAME]`, as gcc prints it;
  - on failure (N != 0): neither OUT.o nor OUT.h exists, and the output
    directory holds no leftover (temporary) files;
  - on success (N == 0): OUT.o and OUT.h exist (they are then deleted with
    the temporary directory).

warpc is build/bin/warpc under the repository root (found from this file), or
$WARPC if set. It is run as `warpc FILE -o TMPDIR/out.o`. Prints one line,
`PASS name` or `FAIL name: reason`, and exits 0 on pass, 1 on fail.
"""
import os
import re
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WARPC = os.environ.get("WARPC") or os.path.join(ROOT, "build", "bin", "warpc")

EXPECT_RE = re.compile(r"#\s*expect:\s*(\d+):(\d+):\s*(.*?)\s*$")
WARN_EXPECT_RE = re.compile(r"#\s*expect-warning:\s*(\d+):(\d+):\s*(.*?)\s*$")
EXIT_RE = re.compile(r"#\s*expect-exit:\s*(\d+)")
ERROR_RE = re.compile(r"^(.*?):(\d+):(\d+): error: (.*)$")
WARNING_RE = re.compile(r"^(.*?):(\d+):(\d+): warning: (.*)$")
# the option at the end of a warning's text (and of an expectation)
OPTION_RE = re.compile(r"\s*\[-W[a-z0-9]+(?:-[a-z0-9]+)*\]$")


def warning_matches(want, got):
    """Whether the message of a warning `got` matches the expected `want`:
    a substring, and the same option when `want` names one."""
    opt = OPTION_RE.search(want)
    if not opt:
        return want in got
    got_opt = OPTION_RE.search(got)
    return (got_opt is not None and got_opt.group().strip() == opt.group().strip()
            and want[:opt.start()] in got[:got_opt.start()])


def parse_expectations(path):
    expects, warns, exit_code = [], [], 1
    with open(path, encoding="utf-8") as f:
        for line in f:
            m = EXPECT_RE.search(line)
            if m:
                expects.append((int(m.group(1)), int(m.group(2)), m.group(3)))
            m = WARN_EXPECT_RE.search(line)
            if m:
                warns.append((int(m.group(1)), int(m.group(2)), m.group(3)))
            m = EXIT_RE.search(line)
            if m:
                exit_code = int(m.group(1))
    return expects, warns, exit_code


def check(path, verbose=False):
    """Returns (ok, reason)."""
    expects, want_warns, want_exit = parse_expectations(path)
    if want_exit == 1 and not expects:
        return False, "test has no '# expect:' lines"
    with open(path, encoding="utf-8") as f:
        src_lines = f.read().split("\n")

    with tempfile.TemporaryDirectory(prefix="warpc-diag-") as tmp:
        out_o = os.path.join(tmp, "out.o")
        out_h = os.path.join(tmp, "out.h")
        try:
            p = subprocess.run([WARPC, path, "-o", out_o], capture_output=True,
                               text=True, errors="replace", timeout=120)
        except subprocess.TimeoutExpired:
            return False, "warpc timed out"
        except OSError as e:
            return False, "cannot run %s: %s" % (WARPC, e)
        stderr = p.stderr
        if verbose:
            sys.stderr.write(stderr)
        leftovers = sorted(os.listdir(tmp))

        if p.returncode < 0:
            return False, "warpc killed by signal %d (crash)" % -p.returncode
        if p.returncode != want_exit:
            first = next((l for l in stderr.splitlines() if "error" in l), "")
            return False, "exit status %d, expected %d%s" % (
                p.returncode, want_exit, (" (" + first + ")") if first else "")

        lines = stderr.splitlines()
        errors = []  # (index in lines, line, col, message)
        for i, l in enumerate(lines):
            m = ERROR_RE.match(l)
            if m:
                errors.append((i, int(m.group(2)), int(m.group(3)), m.group(4)))
            elif " error: " in l or l.startswith("error:"):
                errors.append((i, None, None, l))

        for (ln, col, msg) in expects:
            if not any(e[1] == ln and e[2] == col and msg in e[3] for e in errors):
                near = [e for e in errors if e[1] == ln]
                hint = ("; got " + "; ".join("%s:%s: %s" % (e[1], e[2], e[3]) for e in near)) if near else ""
                return False, "missing error %d:%d: %s%s" % (ln, col, msg, hint)
        if len(errors) != len(expects):
            extra = [e for e in errors
                     if not any(e[1] == ln and e[2] == col and msg in e[3] for (ln, col, msg) in expects)]
            return False, "%d errors reported, %d expected; unexpected: %s" % (
                len(errors), len(expects),
                " | ".join("%s:%s: %s" % (e[1], e[2], e[3]) for e in extra) or "(duplicates)")

        warnings = []  # (index in lines, line, col, message)
        for i, l in enumerate(lines):
            m = WARNING_RE.match(l)
            if m:
                warnings.append((i, int(m.group(2)), int(m.group(3)), m.group(4)))
        for (ln, col, msg) in want_warns:
            if not any(w[1] == ln and w[2] == col and warning_matches(msg, w[3]) for w in warnings):
                near = [w for w in warnings if w[1] == ln]
                hint = ("; got " + "; ".join("%s:%s: %s" % (w[1], w[2], w[3]) for w in near)) if near else ""
                return False, "missing warning %d:%d: %s%s" % (ln, col, msg, hint)
        for w in warnings:
            if not OPTION_RE.search(w[3]):
                return False, "warning %d:%d does not end in its option [-WNAME]: %s" % (
                    w[1], w[2], w[3])
        if want_warns and len(warnings) != len(want_warns):
            return False, "%d warnings reported, %d expected: %s" % (
                len(warnings), len(want_warns),
                " | ".join("%s:%s: %s" % (w[1], w[2], w[3]) for w in warnings))
        if not want_warns:
            warnings = []

        for (i, ln, col, msg) in errors + warnings:
            if ln is None:
                return False, "error without FILE:LINE:COL: %s" % msg
            if not (1 <= ln <= len(src_lines)):
                return False, "error line %d outside the file" % ln
            want_src = src_lines[ln - 1].rstrip("\r")
            src = lines[i + 1] if i + 1 < len(lines) else None
            caret = lines[i + 2] if i + 2 < len(lines) else None
            if src is None or src.strip() != want_src.strip():
                return False, "error %d:%d not followed by its source line" % (ln, col)
            m = re.match(r"^(\s*)\^~*\s*$", caret or "")
            if not m:
                return False, "error %d:%d has no caret line" % (ln, col)
            # The caret must sit under column COL of the echoed source line
            # (echo may be indented differently from the file: compare offsets).
            shift = len(src) - len(src.lstrip()) - (len(want_src) - len(want_src.lstrip()))
            if len(m.group(1)) != col - 1 + shift:
                return False, "caret of %d:%d is at column %d" % (ln, col, len(m.group(1)) + 1 - shift)

        if want_exit != 0:
            if os.path.exists(out_o) or os.path.exists(out_h):
                return False, "output file left behind: %s" % ", ".join(
                    n for n in ("out.o", "out.h") if os.path.exists(os.path.join(tmp, n)))
            if leftovers:
                return False, "leftover files in the output directory: %s" % ", ".join(leftovers)
        else:
            missing = [n for n in ("out.o", "out.h") if not os.path.exists(os.path.join(tmp, n))]
            if missing:
                return False, "exit 0 but missing output: %s" % ", ".join(missing)
    if want_warns:
        return True, "exit %d, %d warning(s) as expected" % (want_exit, len(want_warns))
    return True, "%d error(s) as expected" % len(expects) if expects else "exit %d as expected" % want_exit


def main(argv):
    args = [a for a in argv[1:] if not a.startswith("-")]
    verbose = "--verbose" in argv or "-v" in argv
    if len(args) != 1:
        sys.stderr.write("usage: diag.py test/diag/NAME.py [--verbose]\n")
        return 2
    path = args[0]
    name = os.path.splitext(os.path.basename(path))[0]
    ok, reason = check(path, verbose)
    print("%s %s: %s" % ("PASS" if ok else "FAIL", name, reason))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
