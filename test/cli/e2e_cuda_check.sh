#!/usr/bin/env bash
# e2e.py's cuda_check proves each kernel's entries in EVERY cubin: an
# object whose sm_90 cubin lacks kernel k (it holds another module's
# kernel; the PTX has k) must fail it.  cuobjdump -elf names a kernel's .text section
# three times per cubin (the section table, the symbol table, the section's
# dump), so counting the name over the whole listing against the number of
# archs passes with the entry in one cubin only; and ".entry t_k_cuda_forward"
# is also a prefix of t_k_cuda_forward_1d's.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] && [ -x "$bin/fatbinary" ] || skip "no CUDA toolkit"
[ -x "$root/build/deps/bin/cuobjdump" ] || [ -x "$bin/cuobjdump" ] ||
  skip "no cuobjdump (scripts/deps.sh test installs it)"

kernel_file() { # FILE NAME
  printf 'import warp as wp\n\n@wp.kernel\ndef %s(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' "$2" >"$1"
}
kernel_file k.py k
kernel_file j.py j
"$warpc" --module t --emit=fatbin --cuda-arch sm_75,sm_90 k.py -o good.fatbin || fail "k.py"
"$warpc" --module t --emit=cubin --cuda-arch sm_75 k.py -o k75.cubin || fail "k.py sm_75"
"$warpc" --module t --emit=cubin --cuda-arch sm_90 j.py -o j90.cubin || fail "j.py sm_90"
"$warpc" --module t --emit=ptx --cuda-arch sm_90 k.py -o k90.ptx || fail "k.py ptx"
"$bin/fatbinary" --create=bad.fatbin -64 --image3=kind=elf,sm=75,file=k75.cubin \
  --image3=kind=elf,sm=90,file=j90.cubin --image3=kind=ptx,sm=90,file=k90.ptx ||
  fail "fatbinary"
python3 - "$root" <<'PY' || fail "cuda_check"
import sys
sys.path.insert(0, sys.argv[1] + "/test/tools")
import e2e
good = e2e.cuda_check("good.fatbin", ["k"], True, ("sm_75", "sm_90"))
assert good is None, f"the good object fails: {good}"
bad = e2e.cuda_check("bad.fatbin", ["k"], True, ("sm_75", "sm_90"))
assert bad is not None, "an sm_90 cubin without kernel k passes cuda_check"
PY
echo ok
