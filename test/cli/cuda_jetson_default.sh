#!/usr/bin/env bash
# --target=aarch64*: the default CUDA archs are Jetson Orin's (sm_87 and
# compute_87), not the desktop list; --cuda-arch still chooses (sm_72 for
# Xavier), and other targets keep the desktop default.  With a fake toolkit
# (the tools' arguments), then with the real one where installed (cuobjdump
# lists the cubin and the PTX; the header names compute capability 8.7).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
"$warpc" --help 2>&1 | grep -q 'sm_87 (Jetson Orin) with --target aarch64' ||
  fail "--help does not give the aarch64 default"

fake_cuda "$tmp/cuda"
# "N: 87 ..." - the ptxas runs and the archs of the cubins fatbinary packs
archs() {
  echo "$(grep -c '^== ptxas$' "$tmp/cuda/log"): $(sed -n 's/^--image3=kind=elf,sm=\([0-9]*\).*/\1/p' "$tmp/cuda/log" | sort -n | xargs)"
}
run() { # run OUT ARGS...: warpc with the fake toolkit
  local out=$1
  shift
  : >"$tmp/cuda/log"
  WARPC_CUDA_PATH=$tmp/cuda "$warpc" "$@" k.py -o "$out" 2>err || fail "warpc $*: $(cat err)"
}
run a64.o --target=aarch64-linux-gnu -v
[ "$(archs)" = "1: 87" ] || fail "--target=aarch64-linux-gnu: $(archs)"
grep -q 'sm_87' err || fail "-v does not show sm_87: $(cat err)"
grep -q 'sm_75' err && fail "-v shows sm_75 for aarch64: $(cat err)"
grep -q 'compute_87' "$tmp/cuda/log" || fail "no compute_87 PTX: $(cat "$tmp/cuda/log")"
run a64b.o --target=aarch64-unknown-linux-gnu
[ "$(archs)" = "1: 87" ] || fail "--target=aarch64-unknown-linux-gnu: $(archs)"
run xavier.o --target=aarch64-linux-gnu --cuda-arch sm_72,sm_87
[ "$(archs)" = "2: 72 87" ] || fail "--cuda-arch sm_72,sm_87: $(archs)"
run native.o
[ "$(archs)" = "3: 75 80 90" ] || fail "native default: $(archs)"
run x86.o --target=x86_64-linux-gnu
[ "$(archs)" = "3: 75 80 90" ] || fail "x86_64 default: $(archs)"

# the real toolkit
bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || { echo "ok (no CUDA toolkit: fake only)"; exit 0; }
cuobjdump=$root/build/deps/bin/cuobjdump
[ -x "$cuobjdump" ] || cuobjdump=$bin/cuobjdump
"$warpc" --target=aarch64-linux-gnu k.py -o real.o 2>err || fail "warpc (real toolkit): $(cat err)"
file real.o | grep -q 'ARM aarch64' || fail "real.o is not aarch64: $(file real.o)"
grep -q 'compute capability 8.7 or newer' real.h || fail "header: $(head -8 real.h)"
if [ -x "$cuobjdump" ]; then
  "$cuobjdump" -lelf -lptx real.o >list.txt 2>&1 || fail "cuobjdump: $(cat list.txt)"
  got="elf $(sed -n 's/^ELF file.*\.sm_\([0-9]*\)\.cubin$/\1/p' list.txt | xargs) ptx $(sed -n 's/^PTX file.*\.sm_\([0-9]*\)\.ptx$/\1/p' list.txt | xargs)"
  [ "$got" = "elf 87 ptx 87" ] || fail "cuobjdump: $got: $(cat list.txt)"
fi
echo ok
