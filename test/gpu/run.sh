#!/usr/bin/env bash
# test/gpu/run.sh - warpc on a real GPU: every end-to-end test and the samples
# run on cuda:0 and are compared with the CPU.  Needs a machine with an NVIDIA
# GPU and its driver; elsewhere it says so and exits 2 at once.
#
#   test/gpu/run.sh [options]
#
# Two ways to run, chosen automatically (or with --full / --prepared):
#   full       where warp-lang and the build tools are installed: make, build
#              the samples' GPU variants, then every case of test/e2e/cases and
#              the tile specs of test/warp_tests
#              through test/tools/e2e.py --device cuda:0 --time (warp-lang on
#              the CPU is the oracle, as in make check), in parallel;
#   prepared   where they are not (a GPU box with only a driver, python3 and
#              numpy): runs the pack that test/gpu/prepare.sh built on another
#              machine (build/gpu-pack: harnesses, inputs, warp-lang's
#              outputs, the samples' and benchmarks' binaries).
# Then the samples' GPU variants (test/gpu/particles_gpu.c, heat_gpu.c: the
# sample's simulation on the GPU and on the CPU from one object, compared;
# capture_gpu.c: a captured CUDA graph replayed and updated, stream-ordered
# and pinned arrays, against plain CPU launches; dlpack_gpu.c: DLPack round
# trips, views, clone and full of device arrays),
# a table (test | max abs err | max rel err | GPU ms | CPU ms | status) and,
# with --bench, bench/run.sh.
#
# Options:
#   --full | --prepared   force a mode (default: full when warp-lang, clang
#                         and ld.lld are there, else prepared when the pack is)
#   --pack DIR            the pack (default build/gpu-pack; DIR.tar.xz, when
#                         newer or alone, is unpacked first)
#   --device cuda:N       the GPU (default cuda:0)
#   --jobs N              cases run in parallel (default min(8, CPUs))
#   --timeout S           per test (warpc, cc, one harness run; default 60);
#                         a whole case file gets 5x that
#   --strict              known GPU differences (test/gpu/expected_differences)
#                         count as failures
#   --bench               also run the benchmarks (bench/run.sh), after the table
#   --save-logs DIR       also write the logs as DIR/gpu-run-logs.tar.gz
# Logs: build/gpu-run/ (e2e/CASE.log, samples/NAME.log, table.txt).
# Exit status: 0 every test passed (XFAILs allowed), 1 a test failed, 2 no
# GPU or a missing prerequisite (nothing was run).
# Expected time on 16 cores and an H200: prepared about 1 minute, full about
# 2-3 minutes (warp-lang's kernel compiles dominate), bench under a minute.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"

mode=auto device=cuda:0 pack=build/gpu-pack timeout=60 strict=0 bench=0 save_logs=
ncpu=$(nproc 2>/dev/null || echo 2)
jobs=$((ncpu < 8 ? ncpu : 8))
while [ $# -gt 0 ]; do
  case $1 in
    --full) mode=full ;;
    --prepared) mode=prepared ;;
    --pack) pack=${2:?--pack DIR}; shift ;;
    --device) device=${2:?--device cuda:N}; shift ;;
    --jobs) jobs=${2:?--jobs N}; shift ;;
    --timeout) timeout=${2:?--timeout S}; shift ;;
    --strict) strict=1 ;;
    --bench) bench=1 ;;
    --save-logs) save_logs=${2:?--save-logs DIR}; shift ;;
    -h|--help) sed -n '2,40p' "$0"; exit 0 ;;
    *) echo "test/gpu/run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case $pack in /*) ;; *) pack=$root/$pack ;; esac
case $device in cuda:[0-9]*) ;; *) echo "test/gpu/run.sh: --device must be cuda:N" >&2; exit 2 ;; esac
t0=$SECONDS
say() { printf '%s\n' "$*"; }
elapsed() { printf '%dm%02ds' $(((SECONDS - t0) / 60)) $(((SECONDS - t0) % 60)); }

# ---- the machine (first lines: the GPU and the compiler)
if command -v nvidia-smi >/dev/null 2>&1; then
  smi=$(timeout 30 nvidia-smi --query-gpu=index,name,driver_version,memory.total,compute_cap \
    --format=csv,noheader 2>&1) || smi="nvidia-smi failed: $smi"
  printf '%s\n' "$smi" | sed 's/^/nvidia-smi: /'
else
  say "nvidia-smi: not found"
fi
warpc=
for w in build/bin/warpc "$pack/bin/warpc"; do
  if [ -x "$w" ]; then warpc=$w; break; fi
done
if [ -n "$warpc" ]; then
  say "warpc: $("$warpc" --version 2>&1 | head -n1) (${warpc#"$root"/})"
elif [ -f "$pack.tar.xz" ]; then # the pack's MANIFEST names the warpc it holds
  say "warpc: $(tar -xJOf "$pack.tar.xz" "$(basename "$pack")/MANIFEST" 2>/dev/null | head -n1 || true) (${pack#"$root"/}.tar.xz)"
else
  say "warpc: not built yet"
fi

# ---- a GPU?
if ! command -v python3 >/dev/null 2>&1; then
  say "test/gpu/run.sh: python3 is needed (the GPU probe, e2e.py, the table); nothing was run"
  exit 2
fi
if ! probe=$(timeout 60 python3 test/gpu/probe.py "$device" 2>&1); then
  say "test/gpu/run.sh: $probe"
  say "test/gpu/run.sh: this needs a machine with an NVIDIA GPU and its driver; nothing was run"
  exit 2
fi
say "gpu: $probe"

# ---- a pack that came as an archive (test/gpu/prepare.sh writes both)
if [ $mode != full ] && [ -f "$pack.tar.xz" ] && { [ ! -f "$pack/READY" ] || [ "$pack.tar.xz" -nt "$pack/READY" ]; }; then
  say "unpacking ${pack#"$root"/}.tar.xz"
  rm -rf "$pack"
  mkdir -p "$(dirname "$pack")"
  if ! tar -C "$(dirname "$pack")" -xJf "$pack.tar.xz" 2>/dev/null; then
    # no xz program: Python's tarfile reads xz itself
    python3 -c 'import sys, tarfile; tarfile.open(sys.argv[1]).extractall(sys.argv[2])' \
      "$pack.tar.xz" "$(dirname "$pack")" || { say "test/gpu/run.sh: cannot unpack $pack.tar.xz"; exit 2; }
  fi
  touch "$pack/READY"
fi

# ---- full or prepared
have_warp=0 have_tools=1
python3 -c 'import warp, numpy' >/dev/null 2>&1 && have_warp=1
for t in make cc clang ld.lld; do command -v "$t" >/dev/null 2>&1 || have_tools=0; done
if [ $mode = auto ]; then
  if [ $have_tools = 1 ] && [ $have_warp = 1 ]; then
    mode=full
  elif [ -f "$pack/READY" ]; then
    mode=prepared
  elif [ $have_tools = 1 ]; then
    # warp-lang missing: install the version scripts/deps.sh pins (its
    # `test` step also installs cross toolchains and qemu, not needed here)
    wv=$(sed -n 's/^WARP_VERSION=//p' scripts/deps.sh)
    say "warp-lang is not installed: pip install warp-lang==$wv numpy"
    if timeout 300 python3 -m pip install -q --retries 1 --timeout 20 "warp-lang==$wv" numpy; then
      mode=full
    else
      say "test/gpu/run.sh: cannot install warp-lang (no network?) and there is no pack at ${pack#"$root"/}:"
      say "  build one with test/gpu/prepare.sh on a machine with the build tools and warp-lang, bring it here"
      exit 2
    fi
  else
    say "test/gpu/run.sh: this machine lacks the build tools (clang, ld.lld, make, cc) and there is no"
    say "  pack at ${pack#"$root"/}: build one with test/gpu/prepare.sh elsewhere and bring it here"
    exit 2
  fi
fi
if [ $mode = prepared ]; then
  [ -f "$pack/READY" ] || { say "test/gpu/run.sh: no pack at ${pack#"$root"/} (test/gpu/prepare.sh makes it)"; exit 2; }
  python3 -c 'import numpy' >/dev/null 2>&1 || { say "test/gpu/run.sh: numpy is needed"; exit 2; }
  say "mode: prepared ($(head -n1 "$pack/MANIFEST" 2>/dev/null || echo 'pack'))"
  # modes may not survive the trip
  find "$pack" -type f \( -name main -o -name '*_gpu' -o -name '*_warpc' -o -name '*_cuda' -o -name warpc \) \
    -exec chmod +x {} + 2>/dev/null || true
else
  [ $have_warp = 1 ] || { say "test/gpu/run.sh: --full needs warp-lang and numpy (scripts/deps.sh test)"; exit 2; }
  say "mode: full"
fi

logs=$root/build/gpu-run
rm -rf "$logs"
mkdir -p "$logs/e2e" "$logs/samples"

# ---- build (full)
if [ $mode = full ]; then
  say "== build ($(elapsed))"
  if ! make -j"$ncpu" >"$logs/make.log" 2>&1; then
    tail -n 20 "$logs/make.log"
    say "test/gpu/run.sh: make failed"
    exit 1
  fi
  say "warpc: $(build/bin/warpc --version 2>&1 | head -n1)"
  samples_dir=$logs/bin
  if ! make -C test/gpu O="$samples_dir" >"$logs/make-samples.log" 2>&1; then
    tail -n 20 "$logs/make-samples.log"
    say "test/gpu/run.sh: building the samples' GPU variants failed"
  fi
else
  samples_dir=$pack/samples
fi

# ---- end-to-end cases, in parallel (each case file one e2e.py process)
# the e2e cases and the specs of Warp's tile tests and examples (issue 15:
# every tile test runs on a GPU when one is lent)
case_files() { ls test/e2e/cases/*.py test/warp_tests/test_tile*.py test/warp_tests/example_tile*.py; }
say "== end-to-end tests on $device: $(case_files | wc -l) case files, $jobs at a time ($(elapsed))"
e2e_args=(--device "$device" --time --timeout "$timeout")
[ $mode = prepared ] && e2e_args+=(--prepared --work-dir "$pack/e2e")
run_case() { # CASE.py: e2e.py on one case file, log + exit status in $logs/e2e
  local name rc=0
  name=$(basename "$1" .py)
  timeout -k 10 "$case_timeout" python3 test/tools/e2e.py "${e2e_args[@]}" "$1" \
    >"$logs/e2e/$name.log" 2>&1 || rc=$?
  echo "$rc" >"$logs/e2e/$name.rc"
  local ok bad
  ok=$(grep -c '^RESULT .*status=ok' "$logs/e2e/$name.log" || true)
  bad=$(grep -c '^RESULT .*status=FAIL' "$logs/e2e/$name.log" || true)
  printf '  %-24s %3s ok %3s failed%s\n' "$name" "$ok" "$bad" \
    "$([ "$rc" = 124 ] || [ "$rc" = 137 ] && echo ' (timed out)' || true)"
}
case_timeout=$((timeout * 5))
export -f run_case
export logs case_timeout
# arrays do not export: pass the arguments as one quoted string
E2E_ARGS=$(printf '%q ' "${e2e_args[@]}")
export E2E_ARGS
case_files | xargs -P "$jobs" -I{} bash -c 'eval "e2e_args=($E2E_ARGS)"; run_case "$1"' _ {} || true

# ---- the samples on the GPU
say "== samples on $device ($(elapsed))"
for s in particles heat capture dlpack; do
  exe=$samples_dir/${s}_gpu
  log=$logs/samples/$s.log
  if [ ! -x "$exe" ]; then
    say "  $s: ${exe#"$root"/} is missing"
    echo "FAIL $s: not built" >"$log"
    echo 1 >"$logs/samples/$s.rc"
    continue
  fi
  rc=0
  timeout -k 10 "$case_timeout" "$exe" "$device" >"$log" 2>&1 || rc=$?
  echo "$rc" >"$logs/samples/$s.rc"
  grep -v '^RESULT ' "$log" | sed 's/^/  /'
done

# ---- the table
say "== results ($(elapsed))"
table_args=(--expected test/gpu/expected_differences)
[ $strict = 1 ] && table_args+=(--strict)
status=0
python3 test/gpu/table.py "${table_args[@]}" "$logs"/e2e/*.log "$logs"/samples/*.log \
  | tee "$logs/table.txt" || status=$?
if [ $status -ne 0 ]; then
  say ""
  say "failures (details in build/gpu-run/e2e/CASE.log):"
  grep -h -A12 '^FAIL ' "$logs"/e2e/*.log "$logs"/samples/*.log | grep -v '^RESULT ' | head -n 150 || true
fi
say "test/gpu/run.sh: $([ $status -eq 0 ] && echo passed || echo FAILED) in $(elapsed) ($mode mode)"

# ---- benchmarks (not tests: their status does not change ours)
if [ $bench = 1 ]; then
  say "== bench ($(elapsed))"
  bargs=(--device "$device")
  [ $mode = prepared ] && bargs+=(--no-build --build-dir "$pack/bench")
  brc=0
  bench/run.sh "${bargs[@]}" 2>&1 | tee "$logs/bench.txt" || brc=$?
  [ $brc -eq 0 ] || say "bench: FAILED (status $brc; a result check failed or a program did not run)"
  say "bench done ($(elapsed))"
fi

if [ -n "$save_logs" ]; then
  mkdir -p "$save_logs" && tar -C "$root/build" -czf "$save_logs/gpu-run-logs.tar.gz" gpu-run || true
fi
[ $status -le 1 ] || status=1
exit $status
