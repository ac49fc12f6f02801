#!/usr/bin/env bash
# test/gpu/selftest.sh - checks test/gpu/run.sh, prepare.sh, e2e.py --device
# and the GPU variants of the samples and benchmarks on a machine WITHOUT a
# GPU, so that the GPU machine's few minutes are not spent on their bugs.
#
#   test/gpu/selftest.sh [--quick]
#
# Uses the fake CUDA driver of test/fakecuda (device memory is host memory,
# launches run nothing) through $WARP_CUDA_DRIVER, and links every GPU
# program with test/gpu/emulate.c (-Wl,--wrap=wp_launch_kernel), which runs
# each CUDA launch's kernel on the CPU after the fake driver has accepted it.
# So allocations, copies both ways, events, synchronisation, timing lines,
# comparisons, RESULT lines and the table are all exercised, and every test
# must pass (the "GPU" computes what the CPU does).  Checks:
#   1. no driver: run.sh prints why and exits 2 at once;
#   2. run.sh --full (warp-lang oracle, as on a GPU box with the tools);
#   3. prepare.sh, then run.sh --prepared on its pack (as on the H200);
#   4. the warpc benchmark drivers agree with the CPU (few repetitions).
# --quick: only 1 and a few cases of 2.  Work in build/gpu-selftest.
# Exit status 0 when all checks pass.  Takes about 3 minutes on 2 cores.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
quick=0
[ "${1:-}" = --quick ] && quick=1
out=$root/build/gpu-selftest
rm -rf "$out"
mkdir -p "$out/fake"
fails=0
check() { # NAME WANT_STATUS GOT_STATUS
  if [ "$2" = "$3" ]; then echo "selftest: ok   $1"; else echo "selftest: FAIL $1 (status $3, want $2)"; fails=$((fails + 1)); fi
}

[ -f test/fakecuda/fakecuda.c ] || { echo "selftest: test/fakecuda/fakecuda.c is missing" >&2; exit 2; }
make -s -j"$(nproc)" >/dev/null
cc -std=c11 -D_POSIX_C_SOURCE=200809L -O1 -shared -fPIC -pthread \
  -o "$out/fake/libcuda.so.1" test/fakecuda/fakecuda.c
cc -std=c11 -O1 -Iruntime/include -c test/gpu/emulate.c -o "$out/emulate.o"
# a C compiler that links the emulation into every program it links
cat >"$out/cc" <<EOF
#!/bin/sh
for a in "\$@"; do
  case \$a in -c|-S|-E|-M|-MM) exec cc "\$@" ;; esac
done
# emulate.o first: the runtime archive after it then resolves its calls,
# even in a program that makes none of them itself (dlpack_gpu)
exec cc "$out/emulate.o" "\$@" -Wl,--wrap=wp_launch_kernel \\
  -Wl,--wrap=wp_capture_begin -Wl,--wrap=wp_capture_end \\
  -Wl,--wrap=wp_graph_launch -Wl,--wrap=wp_graph_update_begin \\
  -Wl,--wrap=wp_graph_update_end
EOF
chmod +x "$out/cc"

# 1. no driver at all
rc=0
WARP_CUDA_DRIVER=$out/none/libcuda.so.1 timeout 60 test/gpu/run.sh >"$out/nogpu.log" 2>&1 || rc=$?
check "no GPU: exit 2" 2 $rc
grep -q 'no GPU: the CUDA driver' "$out/nogpu.log" || { echo "selftest: FAIL no GPU: message"; cat "$out/nogpu.log"; fails=$((fails + 1)); }

export WARP_CUDA_DRIVER=$out/fake/libcuda.so.1 CC=$out/cc
if [ $quick = 1 ]; then
  # sm_75 only: the emulation runs no device code, so the sm_90 code that
  # e2e.py adds for atomics (histogram, multi_kernel_chain) proves nothing
  # about the harness; e2e.NAME checks it (cuda_check) in the CPU suite
  rc=0
  WARPC_E2E_CUDA_ARCHS=sm_75 python3 test/tools/e2e.py --device cuda:0 --time --work-dir "$out/e2e" \
    test/e2e/cases/{saxpy,histogram,mandelbrot,vec_basic,tid_4d,multi_kernel_chain,struct_nested,struct_array_field_fill}.py >"$out/quick.log" 2>&1 || rc=$?
  check "e2e.py --device cuda:0 --time (8 cases, emulated; struct_nested: struct outputs field by field; struct_array_field_fill: per-element array fields on the device)" 0 $rc
  [ $rc -eq 0 ] || grep -A5 '^FAIL' "$out/quick.log" | head -40
  echo "selftest: $([ $fails -eq 0 ] && echo passed || echo "$fails FAILED")"
  [ $fails -eq 0 ]
  exit
fi

# 2. full mode
rc=0
test/gpu/run.sh --full >"$out/full.log" 2>&1 || rc=$?
check "run.sh --full (emulated GPU)" 0 $rc
[ $rc -eq 0 ] || tail -n 60 "$out/full.log"
grep -E '^[0-9]+ tests:' "$out/full.log" || true

# 3. prepared mode
rc=0
test/gpu/prepare.sh --pack "$out/pack" >"$out/prepare.log" 2>&1 || rc=$?
check "prepare.sh" 0 $rc
rm -rf "$out/pack" # run.sh must unpack the archive
rc=0
test/gpu/run.sh --prepared --pack "$out/pack" >"$out/prepared.log" 2>&1 || rc=$?
check "run.sh --prepared (emulated GPU)" 0 $rc
[ $rc -eq 0 ] || tail -n 60 "$out/prepared.log"
grep -E '^[0-9]+ tests:' "$out/prepared.log" || true

# 4. benchmark drivers (the pack's were linked with the emulation)
for b in saxpy nbody; do
  rc=0
  timeout 600 "$out/pack/bench/${b}_warpc" --reps 1 >"$out/bench-$b.log" 2>&1 || rc=$?
  check "bench $b: warpc driver on the emulated GPU agrees with the CPU" 0 $rc
  cat "$out/bench-$b.log"
done

echo "selftest: $([ $fails -eq 0 ] && echo passed || echo "$fails FAILED") (logs in build/gpu-selftest)"
[ $fails -eq 0 ]
