#!/usr/bin/env bash
# test/gpu/prepare.sh - builds the pack test/gpu/run.sh --prepared runs on a GPU
# machine that has a driver, python3 and numpy but not warpc's build tools or
# warp-lang.  Run it here (no GPU needed), where `make check` works.
#
#   test/gpu/prepare.sh [--pack DIR] [--device cuda:N] [--jobs N]
#
# The pack (default build/gpu-pack, about 80 MB; also as build/gpu-pack.tar.xz,
# about 6 MB, which is what to carry):
#   e2e/CASE/T<k>/    per test: main (the harness of e2e.py --device cuda:N
#                     --time, linked with the case's object and libwarprt),
#                     the inputs *.bin, warp-lang's outputs *.expected,
#                     test.json; e2e/CASE/case.json lists the tests
#   samples/          particles_gpu, heat_gpu, capture_gpu, dlpack_gpu
#                     (test/gpu/Makefile)
#   bench/            saxpy_warpc, saxpy_cuda, nbody_warpc, nbody_cuda
#   bin/warpc         for --version
#   MANIFEST, READY   what was built from what; READY marks a complete pack
# On the GPU machine, from a checkout of the same tree with the pack (or just
# its .tar.xz, which run.sh unpacks) in place:
#   test/gpu/run.sh --prepared --bench
# Exit status: 0 pack ready, 1 pack ready but some tests could not be
# prepared (their rows will say so), 2 the pack could not be built.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
cd "$root"
pack=build/gpu-pack device=cuda:0
ncpu=$(nproc 2>/dev/null || echo 2)
jobs=$ncpu
while [ $# -gt 0 ]; do
  case $1 in
    --pack) pack=${2:?--pack DIR}; shift ;;
    --device) device=${2:?--device cuda:N}; shift ;;
    --jobs) jobs=${2:?--jobs N}; shift ;;
    -h|--help) sed -n '2,25p' "$0"; exit 0 ;;
    *) echo "prepare.sh: unknown option $1" >&2; exit 2 ;;
  esac
  shift
done
case $pack in /*) ;; *) pack=$root/$pack ;; esac
t0=$SECONDS

python3 -c 'import warp, numpy' 2>/dev/null || { echo "prepare.sh: warp-lang and numpy are needed (scripts/deps.sh test)" >&2; exit 2; }
command -v nvcc >/dev/null 2>&1 || [ -x /usr/local/cuda/bin/nvcc ] || { echo "prepare.sh: nvcc is needed (CUDA code in the objects)" >&2; exit 2; }

echo "== make"
make -j"$ncpu" >/dev/null || { echo "prepare.sh: make failed" >&2; exit 2; }
rm -rf "$pack" "$pack.tar.xz"
mkdir -p "$pack/logs" "$pack/bin"

echo "== end-to-end cases: oracle, warpc, harnesses ($jobs at a time)"
prep_case() {
  local name rc=0
  name=$(basename "$1" .py)
  python3 test/tools/e2e.py --device "$device" --time --prepare --work-dir "$pack/e2e" "$1" \
    >"$pack/logs/$name.log" 2>&1 || rc=$?
  [ $rc -eq 0 ] || echo "  $name: $(grep -c '^FAIL' "$pack/logs/$name.log" || true) failure(s), see ${pack#"$root"/}/logs/$name.log"
}
export -f prep_case
export pack device root
# the e2e cases and the specs of Warp's tile tests and examples (as run.sh)
ls test/e2e/cases/*.py test/warp_tests/test_tile*.py test/warp_tests/example_tile*.py |
  xargs -P "$jobs" -I{} bash -c 'prep_case "$1"' _ {} || true
ntests=$(find "$pack/e2e" -name test.json | wc -l)
nfail=$(cat "$pack"/logs/*.log | grep -c '^FAIL' || true)
echo "  $ntests tests prepared, $nfail failure(s)"
# only what running needs: no objects, no compiler logs
find "$pack/e2e" \( -name case.o -o -name cc.log -o -name warpc.log \) -delete

echo "== samples' GPU variants"
make --no-print-directory -C test/gpu O="$pack/samples" >/dev/null || { echo "prepare.sh: make -C test/gpu failed" >&2; exit 2; }
echo "== benchmarks"
make --no-print-directory -C bench B="$pack/bench" >/dev/null || { echo "prepare.sh: make -C bench failed" >&2; exit 2; }
rm -f "$pack"/samples/*/kernels.o "$pack"/bench/*/kernels.o
strip -o "$pack/bin/warpc" build/bin/warpc 2>/dev/null || cp build/bin/warpc "$pack/bin/warpc"

{
  echo "pack of $(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+changes'), $(build/bin/warpc --version | head -n1), made $(date -u +%Y-%m-%dT%H:%MZ) on $(uname -m)"
  echo "device $device; $ntests e2e tests prepared, $nfail preparation failure(s)"
  echo "nvcc: $( (command -v nvcc >/dev/null && nvcc --version || /usr/local/cuda/bin/nvcc --version) | tail -n1)"
  echo "warp-lang (oracle): $(python3 -c 'import warp; print(warp.__version__)' 2>/dev/null)"
} >"$pack/MANIFEST"
touch "$pack/READY"
# one file to carry: xz finds the harnesses' common parts (libwarprt, the
# cubins of a case's tests), about a tenth of the directory
echo "== archive"
rm -f "$pack.tar.xz"
tar -C "$(dirname "$pack")" -cJf "$pack.tar.xz.tmp" "$(basename "$pack")" && mv "$pack.tar.xz.tmp" "$pack.tar.xz"
size=$(du -sm "$pack" | cut -f1)
asize=$(du -sm "$pack.tar.xz" | cut -f1)
echo "== pack ${pack#"$root"/}: ${size} MiB, ${pack#"$root"/}.tar.xz: ${asize} MiB, $((SECONDS - t0))s"
cat "$pack/MANIFEST"
echo "on the GPU machine: test/gpu/run.sh --prepared --bench   (bring ${pack#"$root"/}.tar.xz along: run.sh unpacks it)"
[ "$asize" -lt 56 ] || echo "prepare.sh: warning: the archive is ${asize} MiB, near the device machine's 64 MiB limit" >&2
[ "$nfail" -eq 0 ] || exit 1
