#!/usr/bin/env bash
# The fatbin of an object holds a cubin per requested arch and the PTX of the
# lowest and of the highest arch (nvcc's -gencode ...,code=compute_XX), so a
# GPU between two cubins (sm_80 with --cuda-arch sm_75,sm_90) JIT-compiles
# the compute_75 PTX: cuobjdump lists them, and ptxas assembles the extracted
# compute_75 PTX for sm_80 as the driver would.  The header says which GPUs
# the object runs on; a CPU-only object's header says CPU only; a header
# written alone (--emit=header) says nothing about devices.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
skip() { [ "${CI:-}" = true ] && fail "$1 in CI"; echo "SKIP: $1"; exit 0; }
bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || skip "no CUDA toolkit"
cuobjdump=$WARPC_ROOT/build/deps/bin/cuobjdump
[ -x "$cuobjdump" ] || cuobjdump=$bin/cuobjdump
[ -x "$cuobjdump" ] || skip "no cuobjdump (scripts/deps.sh test installs it)"
cat > k.py <<'PY'
import warp as wp
@wp.kernel
def twice(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0
PY
# "elf 75 90 ptx 75 90": the archs cuobjdump lists in OBJ
listing() {
  "$cuobjdump" -lelf -lptx "$1" > list.txt || fail "cuobjdump $1: $(cat list.txt)"
  echo "elf $(sed -n 's/^ELF file.*\.sm_\([0-9]*\)\.cubin$/\1/p' list.txt | sort -n | xargs)" \
    "ptx $(sed -n 's/^PTX file.*\.sm_\([0-9]*\)\.ptx$/\1/p' list.txt | sort -n | xargs)"
}

"$warpc" --cuda-arch sm_75,sm_90 k.py -o two.o
got=$(listing two.o)
[ "$got" = "elf 75 90 ptx 75 90" ] || fail "sm_75,sm_90: $got"
# what the driver does on an sm_80 GPU: compile the compute_75 PTX for it
mkdir x && (cd x && "$cuobjdump" -xptx all ../two.o >/dev/null)
ptx=$(grep -l '^\.target sm_75' x/*.ptx) || fail "no PTX for compute_75"
"$bin/ptxas" -arch=sm_80 "$ptx" -o jit80.cubin || fail "compute_75 PTX does not assemble for sm_80"
h=two.h
grep -q 'CUDA GPUs of compute capability 7.5 or newer' "$h" || fail "header: $(head -12 "$h")"
tr '\n' ' ' < "$h" | sed 's/  *\* / /g' > flat.txt
grep -q 'Cubins for sm_75 and sm_90 run as they are' flat.txt || fail "header cubins: $(head -12 "$h")"
grep -q 'the newest of compute_75 and compute_90 not above' flat.txt || fail "header PTX: $(head -12 "$h")"

# three archs: no PTX for the middle one
"$warpc" --cuda-arch sm_90,sm_75,sm_80 k.py -o three.o
got=$(listing three.o)
[ "$got" = "elf 75 80 90 ptx 75 90" ] || fail "sm_90,sm_75,sm_80: $got"

# the default: Turing and each major arch (nvcc's -arch=all-major), whose
# sm_80 cubin the sm_86, sm_87 and sm_89 GPUs run
"$warpc" k.py -o dflt.o
got=$(listing dflt.o)
[ "$got" = "elf 75 80 90 ptx 75 90" ] || fail "default archs: $got"

# one arch: its PTX once
"$warpc" --cuda-arch sm_86 k.py -o one.o
got=$(listing one.o)
[ "$got" = "elf 86 ptx 86" ] || fail "sm_86: $got"
tr '\n' ' ' < one.h | sed 's/  *\* / /g' > flat.txt
grep -q 'compute capability 8.6 or newer.*A cubin for sm_86 runs as it is.*that for compute_86' flat.txt ||
  fail "header sm_86: $(head -10 one.h)"

"$warpc" --no-cuda k.py -o cpu.o
grep -q 'Devices: the CPU only' cpu.h || fail "CPU-only header: $(head -6 cpu.h)"
"$warpc" --emit=header k.py -o alone.h
! grep -q 'Devices:' alone.h || fail "--emit=header describes devices"
echo ok
