#!/usr/bin/env bash
# The shape of the CUDA code ptxas makes of a plain 1-D kernel (saxpy, as in
# bench/saxpy), read from the cubin without a GPU (bench/sass.py prints the
# whole table): no local memory in any entry (the launch bounds stayed on
# the stack while wp_tid indexed their shape at run time: 48 bytes per
# thread); the general forward entry at most 256 SASS instructions for sm_90
# (nvcc unrolled the grid-stride loop 4 times: 792); the 1-D companion that
# 1-D launches run at most 64, twice the hand-written kernel's 32 (issue
# #13; 248 before it existed: every thread divided its index).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
skip() { [ "${CI:-}" = true ] && fail "$1 in CI"; echo "SKIP: $1"; exit 0; }
bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || skip "no CUDA toolkit"
cuobjdump=$WARPC_ROOT/build/deps/bin/cuobjdump
nvdisasm=$WARPC_ROOT/build/deps/bin/nvdisasm
[ -x "$cuobjdump" ] || skip "no cuobjdump (scripts/deps.sh test installs it)"
[ -x "$nvdisasm" ] || skip "no nvdisasm (scripts/deps.sh test installs it)"

"$warpc" --cuda-arch sm_90 "$WARPC_ROOT/bench/saxpy/kernels.py" -o k.o || fail "warpc"
"$cuobjdump" -res-usage k.o >res.txt 2>&1 || fail "cuobjdump: $(cat res.txt)"
for e in forward backward forward_1d backward_1d; do
  line=$(grep -A1 "Function kernels_saxpy_cuda_$e:" res.txt | tail -1)
  [ -n "$line" ] || fail "no entry kernels_saxpy_cuda_$e"
  case $line in
  *"STACK:0 "*"LOCAL:0 "*) ;;
  *) fail "saxpy $e uses local memory: $line" ;;
  esac
done
"$cuobjdump" -xelf all k.o >/dev/null 2>&1 || fail "cuobjdump -xelf"
cubin=$(ls ./*.cubin | head -1)
[ -n "$cubin" ] || fail "no cubin extracted"
"$nvdisasm" -c "$cubin" >sass.txt || fail "nvdisasm"
count() { awk -v F="kernels_saxpy_cuda_$1" '$0 ~ "\\.text\\." F ":" {f=1; next} /\.text\./{f=0} f && /^ +\/\*[0-9a-f]+\*\//{n++} END{print n+0}' sass.txt; }
n=$(count forward)
[ "$n" -gt 0 ] || fail "no SASS for kernels_saxpy_cuda_forward"
[ "$n" -le 256 ] || fail "saxpy forward: $n SASS instructions (at most 256 expected)"
n1=$(count forward_1d)
[ "$n1" -gt 0 ] || fail "no SASS for kernels_saxpy_cuda_forward_1d"
[ "$n1" -le 64 ] || fail "saxpy forward, 1-D entry: $n1 SASS instructions (at most 64 expected)"
echo "ok: saxpy forward $n SASS instructions, $n1 in the 1-D entry, no local memory"
