#!/usr/bin/env bash
# The object embedding the fatbin is written by warpc itself for x86-64 and
# AArch64 Linux (lib/emit/embed_elf.c; running clang on an assembler source
# cost a CUDA build 0.07 s of CPU) and assembled by the C compiler for other
# targets: either way the object holds the fatbin's exact bytes in an
# allocated, 16-byte aligned .nv_fatbin section, at the hidden symbol the
# launchers use, for the target's machine.  With a fake toolkit (its
# fatbinary writes a small text file).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
fake_cuda "$tmp/cuda"
export WARPC_CUDA_PATH=$tmp/cuda
objcopy=$(command -v llvm-objcopy || echo objcopy) # GNU's: the host's only
check() { # check TARGET MACHINE: the object for clang --target TARGET
  local t=$1 machine=$2 args=()
  [ "$t" = native ] || args=(--target="$t")
  "$warpc" "${args[@]}" --module m k.py -o "$t.o" -v 2>"$t.err" || fail "$t: $(cat "$t.err")"
  "$warpc" "${args[@]}" --module m k.py --emit=fatbin -o "$t.fatbin" 2>err ||
    fail "$t --emit=fatbin: $(cat err)"
  [ -s "$t.fatbin" ] || fail "$t: empty fatbin"
  "$objcopy" -O binary --only-section=.nv_fatbin "$t.o" "$t.bin" 2>err || fail "$t: objcopy: $(cat err)"
  cmp -s "$t.bin" "$t.fatbin" || fail "$t: .nv_fatbin is not the fatbin's bytes"
  readelf -h "$t.o" | grep -q "Machine: *$machine" ||
    fail "$t: not a $machine object: $(readelf -h "$t.o" | grep Machine)"
  # [Nr] Name Type Address Offset / Size EntSize Flags Link Info Align
  local sec
  sec=$(readelf -SW "$t.o" | grep ' \.nv_fatbin ')
  echo "$sec" | awk '{ exit !($(NF-3) == "A" && $NF == 16) }' ||
    fail "$t: .nv_fatbin not allocated read-only, 16-aligned: $sec"
  readelf -sW "$t.o" | grep -Eq 'NOTYPE +GLOBAL +HIDDEN +[0-9]+ m_wp_fatbin$' ||
    fail "$t: no hidden global m_wp_fatbin: $(readelf -sW "$t.o" | grep fatbin)"
}
check native 'Advanced Micro Devices X86-64'
grep -q 'fatbin\.S' native.err && fail "native: the fatbin's object assembled by clang: $(grep fatbin.S native.err)"
check aarch64-linux-gnu AArch64
grep -q 'fatbin\.S' aarch64-linux-gnu.err && fail "aarch64: the fatbin's object assembled by clang"
# a target warpc does not write objects for: the C compiler assembles it
if clang --target=riscv64-linux-gnu -c -x c /dev/null -o /dev/null 2>/dev/null; then
  check riscv64-linux-gnu RISC-V
  grep -q 'fatbin\.S' riscv64-linux-gnu.err || fail "riscv64: the fatbin's object not assembled by clang"
fi
echo ok
