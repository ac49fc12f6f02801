#!/usr/bin/env bash
# The e2e/grad harness's caches (test/tools/e2e.py): warp-lang's C++
# precompiled header shared between test processes (share_clang_pch) and
# the saved adjoint cover (adjoint_cover), each in a private CACHE_DIR:
#   - a cold process publishes its PCH with a SHA-256 beside it;
#   - a damaged published PCH (truncated) is removed by the next process,
#     which builds and publishes a whole one (before, clang rejected it,
#     warp-lang compiled without one and built none: every later test paid
#     for the PCH again, for good);
#   - the directory of a process killed while it compiles (a time-out) is
#     removed by the next one (before, 4.6 MB left per kill);
#   - the saved cover is keyed by the sample's size too (before, a warm
#     cache gave the cover of ADJOINT_SAMPLE=4 after it changed to 2).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

python3 -c "import warp" 2>/dev/null || skip "warp-lang is not installed"
cat >caches.py <<'PY'
import hashlib, os, signal, subprocess, sys, time
from pathlib import Path

ROOT = Path(os.environ["WARPC_ROOT"])
sys.path.insert(0, str(ROOT / "test" / "tools"))
import e2e  # noqa: E402


def child(cache, n):
    e2e.CACHE_DIR = Path(cache)
    e2e.import_warp(False, forward_only=True)
    wp = e2e._wp
    p = Path(cache) / f"mod{n}.py"
    p.write_text(f"import warp as wp\n@wp.kernel\ndef k{n}(a: wp.array(dtype=float)):\n"
                 f"    a[wp.tid()] = {n}.0\n")
    import importlib.util
    spec = importlib.util.spec_from_file_location(f"mod{n}", p)
    m = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(m)
    if n == 3:  # a process killed while it compiles: its directory made
        try:
            import warp._src.context as wctx
        except ImportError:
            import warp.context as wctx
        wctx.runtime.get_clang_pch_dir()
        os.kill(os.getpid(), signal.SIGKILL)
    a = wp.zeros(4, dtype=float, device="cpu")
    wp.launch(getattr(m, f"k{n}"), dim=4, inputs=[a], device="cpu")
    assert a.numpy()[0] == n


def fail(msg):
    print(msg)
    sys.exit(1)


def run(cache, n):
    return subprocess.run([sys.executable, __file__, "child", str(cache), str(n)],
                          capture_output=True, text=True)


def main():
    cache = Path("cache").resolve()
    r = run(cache, 1)
    if r.returncode:
        fail("a cold process: " + r.stderr[-2000:])
    pchs = list(cache.glob("pch/*/*.pch"))
    if len(pchs) != 1:
        fail(f"published PCHs after a cold process: {pchs}")
    pch = pchs[0]
    sha = pch.with_name(pch.name + ".sha256")
    good = hashlib.sha256(pch.read_bytes()).hexdigest()
    if not sha.exists() or sha.read_text().strip() != good:
        fail("no checksum (or a wrong one) beside the published PCH")
    os.truncate(pch, 100000)
    r = run(cache, 2)
    if r.returncode:
        fail("a process with a damaged PCH published: " + r.stderr[-2000:])
    if "PCH failed" in r.stderr or "corrupted" in r.stderr:
        fail("clang was given the damaged PCH: " + r.stderr[-2000:])
    if not pch.exists() or hashlib.sha256(pch.read_bytes()).hexdigest() != sha.read_text().strip():
        fail("the damaged PCH was not replaced by a whole one")
    run(cache, 3)  # killed
    if not list(cache.glob("pch/*/tmp.*")):
        fail("the killed process left no directory (the test proves nothing)")
    r = run(cache, 4)
    if r.returncode:
        fail("a process after a killed one: " + r.stderr[-2000:])
    left = list(cache.glob("pch/*/tmp.*"))
    if left:
        fail(f"directories left after a killed process and a normal one: {left}")
    # the cover, saved, then asked for with another sample size
    e2e.CACHE_DIR = cache
    e2e.import_warp(False, forward_only=True)
    e2e.adjoint_cover()
    e2e._adjoint_cover = None
    e2e.ADJOINT_SAMPLE = 2
    saved = e2e.adjoint_cover()
    e2e._adjoint_cover = None
    (cache / "adjoint_cover.json").unlink()
    if saved != e2e.adjoint_cover():
        fail("the saved adjoint cover was read back after ADJOINT_SAMPLE changed")
    print("ok")


if len(sys.argv) == 4 and sys.argv[1] == "child":
    child(sys.argv[2], int(sys.argv[3]))
else:
    main()
PY
WARPC_ROOT=$root python3 caches.py >out.txt 2>&1 || fail "$(cat out.txt)"
grep -qx ok out.txt || fail "$(cat out.txt)"
echo ok
