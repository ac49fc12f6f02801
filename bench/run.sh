#!/usr/bin/env bash
# bench/run.sh - warpc's kernels against hand-written CUDA C (GPU), or against
# a plain C loop and warp-lang (CPU).  A benchmark, not a test: it prints a
# table; it fails only when a result check fails or a program cannot run.
#
#   bench/run.sh                 GPU: build (make -C bench), then for saxpy
#                                (2^26 floats) and n-body (16384 bodies) run
#                                the hand-written CUDA version and warpc's
#                                kernel on cuda:0 in the same run, check that
#                                they agree, print the times and the ratio
#   bench/run.sh --cpu           CPU only (no GPU needed): warpc's CPU kernel
#                                (all threads, one thread) vs a plain C loop
#                                vs warp-lang on the CPU (if installed)
#   options: --no-build (use the binaries already in the build directory, e.g.
#            a pack made by test/gpu/prepare.sh), --build-dir DIR (default
#            build/bench), --device cuda:N, --reps N (timed repetitions)
# Exit status: 0 done, 1 a check failed or a program failed, 2 usage or no
# GPU (GPU mode).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"

cpu=0 build=1 dir=build/bench device=cuda:0 reps=()
while [ $# -gt 0 ]; do
  case $1 in
    --cpu) cpu=1 ;;
    --no-build) build=0 ;;
    --build-dir) dir=${2:?--build-dir DIR}; shift ;;
    --device) device=${2:?--device cuda:N}; shift ;;
    --reps) reps=(--reps "${2:?--reps N}"); shift ;;
    -h|--help) sed -n '2,18p' "$0"; exit 0 ;;
    *) echo "bench/run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case $dir in /*) ;; *) dir=$root/$dir ;; esac

if [ $build = 1 ]; then
  make --no-print-directory -s -j"$(nproc)" >/dev/null || { echo "bench: make failed" >&2; exit 1; }
  make --no-print-directory -s -C bench B="$dir" >/dev/null || { echo "bench: make -C bench failed" >&2; exit 1; }
fi
logs=$dir/logs
mkdir -p "$logs"
rm -f "$logs"/*.log "$dir"/*.ref.out
status=0

run() { # LOG TIMEOUT CMD... : runs CMD, output to LOG and the terminal
  local log=$1 t=$2 rc=0
  shift 2
  timeout -k 5 "$t" "$@" >"$log" 2>&1 || rc=$?
  sed 's/^/  /' "$log"
  if [ $rc -ne 0 ]; then
    echo "  -> $(basename "$1") exited with status $rc$([ $rc -eq 124 ] && echo ' (timed out)')"
    status=1
  fi
  return 0
}

if [ $cpu = 1 ]; then
  echo "== bench (CPU): $(nproc) CPUs, $(uname -m)"
  for b in saxpy nbody; do
    [ -x "$dir/${b}_warpc" ] || { echo "bench: $dir/${b}_warpc is missing (make -C bench)" >&2; exit 1; }
    echo "-- $b"
    run "$logs/$b.cpu.log" 600 "$dir/${b}_warpc" --cpu "${reps[@]}"
    if python3 -c 'import warp, numpy' 2>/dev/null; then
      run "$logs/$b.warp.log" 600 python3 bench/warp_cpu.py "$b" "${reps[@]}"
    else
      echo "  (warp-lang is not installed: no warp-lang column; scripts/deps.sh test installs it)"
    fi
  done
  echo
  python3 bench/report.py --cpu "$logs"/*.log || status=1
  echo; bench/adjoint/run.sh $([ $build = 1 ] || echo --no-build) --build-dir "$dir/adjoint" || status=1
  exit $status
fi

echo "== bench (GPU)"
if ! probe=$(python3 test/gpu/probe.py "$device"); then
  echo "bench: $probe" >&2
  exit 2
fi
echo "$probe"
for b in saxpy nbody; do
  echo "-- $b"
  ref=()
  if [ -x "$dir/${b}_cuda" ]; then
    run "$logs/$b.cuda.log" 300 "$dir/${b}_cuda" --device "$device" --out "$dir/$b.ref.out" "${reps[@]}"
    [ -s "$dir/$b.ref.out" ] && ref=(--ref "$dir/$b.ref.out")
  else
    echo "  no $dir/${b}_cuda (nvcc missing when it was built?)"
    status=1
  fi
  if [ -x "$dir/${b}_warpc" ]; then
    run "$logs/$b.warpc.log" 300 "$dir/${b}_warpc" --device "$device" "${ref[@]}" "${reps[@]}"
  else
    echo "  no $dir/${b}_warpc"
    status=1
  fi
done
echo
python3 bench/report.py "$logs"/*.log || status=1
exit $status
