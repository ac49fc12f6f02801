#!/usr/bin/env bash
# make CROSS=aarch64-linux-gnu SYSROOT=DIR compiles the aarch64 runtime with
# --sysroot=DIR (another SYSROOT, or none, rebuilds it), and a program
# cross-linked with that sysroot needs no glibc newer than DIR's:
# scripts/glibc_needs.sh lists the GLIBC_2.x versions the program needs and
# fails when one is newer than the sysroot's.  The board is simulated by a
# sysroot laid out as a board's root file system (usr/include,
# usr/lib/aarch64-linux-gnu) over Debian's cross libc; an older board by a
# sysroot whose glibc (features.h) is one minor version below what the
# program needs.  Builds in a temporary build directory (make B=...), never
# in build/aarch64.  Needs Debian's aarch64 cross toolchain and libc
# (scripts/deps.sh test); SKIP without them, except under CI.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
triple=aarch64-linux-gnu
debian=/usr/$triple
missing=
for tool in "$triple-gcc" "$triple-ar" readelf file; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
[ -e "$debian/lib/libc.so.6" ] && [ -e "$debian/include/stdio.h" ] || missing="$missing $debian (libc6-dev-arm64-cross)"
if [ -n "$missing" ]; then
  case ${CI:-} in
  '' | false | 0) skip "no aarch64 cross toolchain:$missing (run scripts/deps.sh test)" ;;
  *) fail "CI=$CI and missing:$missing" ;;
  esac
fi
needs=$root/scripts/glibc_needs.sh
[ -x "$needs" ] || fail "scripts/glibc_needs.sh is missing"

# a board-like sysroot
board=$tmp/board
mkdir -p "$board/usr/lib"
ln -s "$debian/include" "$board/usr/include"
ln -s "$debian/lib" "$board/usr/lib/$triple"
ln -s usr/lib "$board/lib"
ln -s "$triple/ld-linux-aarch64.so.1" "$board/usr/lib/ld-linux-aarch64.so.1"

# 1. the runtime, against the sysroot
xb=$tmp/xb
make -C "$root" --no-print-directory CROSS=$triple SYSROOT="$board" B="$xb" >make1.log 2>&1 ||
  fail "make CROSS=$triple SYSROOT=...: $(tail -n 20 make1.log)"
xlib=$xb/aarch64/lib/libwarprt.a
[ -f "$xlib" ] || fail "no $xlib: $(tail make1.log)"
ncc=$(grep -c "^$triple-gcc .*-c runtime/src/" make1.log || true)
nsys=$(grep -c "^$triple-gcc --sysroot=$board .*-c runtime/src/" make1.log || true)
[ "$ncc" -gt 5 ] && [ "$ncc" = "$nsys" ] || fail "$nsys of $ncc compiles got --sysroot=$board: $(head -n 3 make1.log)"
"$triple-objdump" -f "$xlib" 2>/dev/null | grep -q 'elf64-littleaarch64' || fail "$xlib is not aarch64"
# kept for step 2: the archive just checked to be built with --sysroot (so
# that step 2 need not rebuild it after the SYSROOT-less build below)
board_lib=$tmp/libwarprt-board.a
cp "$xlib" "$board_lib"
# up to date: nothing recompiled; without SYSROOT: everything, without it
make -C "$root" --no-print-directory CROSS=$triple SYSROOT="$board" B="$xb" >make2.log 2>&1 || fail "make again: $(tail make2.log)"
grep -q -- '-c runtime/src/' make2.log && fail "the second make recompiled: $(head -n 3 make2.log)"
make -C "$root" --no-print-directory CROSS=$triple B="$xb" >make3.log 2>&1 || fail "make without SYSROOT: $(tail make3.log)"
[ "$(grep -c -- '-c runtime/src/' make3.log)" = "$ncc" ] || fail "dropping SYSROOT did not rebuild: $(head -n 3 make3.log)"
grep -q -- --sysroot make3.log && fail "--sysroot without SYSROOT: $(head -n 3 make3.log)"

# 2. a program cross-linked against the sysroot
cp "$root/samples/particles/kernels.py" "$root/samples/particles/main.c" .
"$warpc" --target=$triple --no-cuda kernels.py -o kernels.o 2>err || fail "warpc --target: $(cat err)"
"$triple-gcc" --sysroot="$board" -std=c11 -O2 -I"$root/runtime/include" -I. -o particles \
  main.c kernels.o "$board_lib" -lpthread -lm 2>err || fail "cross link: $(cat err)"
file particles | grep -q 'ARM aarch64' || fail "not aarch64: $(file particles)"

# 3. its glibc version needs, against the sysroot's glibc
"$needs" particles "$board" >needs.txt 2>err || fail "glibc_needs.sh: exit $?: $(cat needs.txt err)"
grep -qx 'GLIBC_2.17' needs.txt || fail "no GLIBC_2.17 (aarch64's first) need: $(cat needs.txt)"
newest=$(sed -n 's/^newest: \(GLIBC_2\.[0-9]*\)$/\1/p' needs.txt)
have=$(sed -n 's/^sysroot: \(GLIBC_2\.[0-9]*\)$/\1/p' needs.txt)
[ -n "$newest" ] && [ -n "$have" ] || fail "glibc_needs.sh output: $(cat needs.txt)"
echo "particles needs up to $newest; the sysroot has $have"

# 4. an older board: its glibc one minor below what the program needs
minor=${newest#GLIBC_2.}
old=$tmp/old
mkdir -p "$old/usr/include"
printf '#define __GLIBC__ 2\n#define __GLIBC_MINOR__ %d\n' $((minor - 1)) >"$old/usr/include/features.h"
rc=0
"$needs" particles "$old" >old.txt 2>err || rc=$?
[ "$rc" = 1 ] || fail "older sysroot: exit $rc: $(cat old.txt err)"
grep -q "needs $newest, newer than the sysroot's GLIBC_2.$((minor - 1))" err || fail "older sysroot: $(cat err)"
rc=0
"$needs" particles "$tmp/nothing" >/dev/null 2>err || rc=$?
[ "$rc" = 2 ] || fail "no glibc in the sysroot: exit $rc"

# 5. it runs, under qemu where installed
if command -v qemu-aarch64 >/dev/null 2>&1; then
  out=$(qemu-aarch64 -L "$board" ./particles 2>&1) || fail "qemu: $out"
  printf '%s\n' "$out" | grep -q PASS || fail "qemu run: $out"
fi
echo ok
