#!/usr/bin/env bash
# bench/adjoint/run.sh - backward vs forward time of warpc's CPU kernels,
# beside warp-lang's on the CPU.  A benchmark, not a test: it prints a table
# (bench/adjoint/table.py); it fails only when a program cannot run.
#
#   bench/adjoint/run.sh         build (make at the root, then
#                                make -C bench/adjoint), run adjoint_warpc
#                                (thread pool, then one thread) and, when
#                                warp-lang is installed, warp_lang.py;
#                                print the table
#   options: --no-build (use the binary in the build directory),
#            --build-dir DIR (default build/bench/adjoint),
#            --reps N (warpc's timed repetitions, default 50),
#            --warp-reps N (warp-lang's, default 20),
#            --threads N (warpc's pool size, default all CPUs)
# Exit status: 0 done, 1 a program failed, 2 usage.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"

build=1 dir=build/bench/adjoint reps=50 wreps=20 threads=0
while [ $# -gt 0 ]; do
  case $1 in
    --no-build) build=0 ;;
    --build-dir) dir=${2:?--build-dir DIR}; shift ;;
    --reps) reps=${2:?--reps N}; shift ;;
    --warp-reps) wreps=${2:?--warp-reps N}; shift ;;
    --threads) threads=${2:?--threads N}; shift ;;
    -h|--help) sed -n '2,16p' "$0"; exit 0 ;;
    *) echo "bench/adjoint/run.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
  esac
  shift
done
case $dir in /*) ;; *) dir=$root/$dir ;; esac

if [ $build = 1 ]; then
  make --no-print-directory -s -j"$(nproc)" >/dev/null || { echo "bench/adjoint: make failed" >&2; exit 1; }
  make --no-print-directory -s -C bench/adjoint B="$dir" >/dev/null || { echo "bench/adjoint: make -C bench/adjoint failed" >&2; exit 1; }
fi
[ -x "$dir/adjoint_warpc" ] || { echo "bench/adjoint: $dir/adjoint_warpc is missing (make -C bench/adjoint)" >&2; exit 1; }
mkdir -p "$dir"
rm -f "$dir"/warpc.log "$dir"/warp-lang.log
status=0

echo "== bench/adjoint (CPU): $(nproc) CPUs, $(uname -m)"
echo "-- warpc"
timeout -k 5 900 "$dir/adjoint_warpc" --reps "$reps" --threads "$threads" >"$dir/warpc.log" 2>&1 || {
  echo "  adjoint_warpc failed (status $?):"; status=1; }
sed 's/^/  /' "$dir/warpc.log"
if python3 -c 'import warp, numpy' 2>/dev/null; then
  echo "-- warp-lang"
  timeout -k 5 900 python3 bench/adjoint/warp_lang.py --reps "$wreps" >"$dir/warp-lang.log" 2>&1 || {
    echo "  warp_lang.py failed (status $?):"; status=1; }
  sed 's/^/  /' "$dir/warp-lang.log"
else
  echo "  (warp-lang is not installed: no warp-lang columns; scripts/deps.sh test installs it)"
fi
echo
python3 bench/adjoint/table.py "$dir"/*.log || status=1
exit $status
