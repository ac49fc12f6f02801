#!/usr/bin/env bash
# Jetson / aarch64: the particles sample cross-built for aarch64 runs under
# qemu-user and prints what the x86-64 build prints.
#   - `make CROSS=aarch64-linux-gnu` builds build/aarch64/lib/libwarprt.a;
#   - `warpc --target=aarch64-linux-gnu` gives an aarch64 host object;
#   - aarch64-linux-gnu-gcc links main.c + that object + the aarch64 runtime;
#   - qemu-aarch64 runs it; its result lines (particles on the ground,
#     checksum, max error, PASS) must equal those of the native build.
# Needs Debian's gcc-aarch64-linux-gnu, libc6-dev-arm64-cross and qemu-user
# (scripts/deps.sh test installs them).  Without them it prints SKIP and
# passes, except under CI (CI=true), where it fails.
# Everything is built in a temporary directory: samples/ is left untouched.
# It runs make in the tree, as the install_*.sh tests do: one at a time.
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
triple=aarch64-linux-gnu
sysroot=/usr/$triple

missing=
for tool in "$triple-gcc" "$triple-ar" "$triple-objdump" qemu-aarch64 file; do
  command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
done
[ -e "$sysroot/lib/libc.so.6" ] && [ -e "$sysroot/include/stdio.h" ] || missing="$missing $sysroot (libc6-dev-arm64-cross)"
if [ -n "$missing" ]; then
  case ${CI:-} in
  '' | false | 0) echo "SKIP: no aarch64 cross toolchain / qemu:$missing (run scripts/deps.sh test)"; exit 0 ;;
  *) fail "CI=$CI and missing:$missing (scripts/deps.sh test installs them)" ;;
  esac
fi

# warpc options: --no-cuda where this warpc knows it (CPU-only objects; the
# device code is checked by other tests).
help=$("$warpc" --help 2>&1 || true)
case $help in *--target*) ;; *) fail "warpc has no --target option" ;; esac
nocuda=
case $help in *--no-cuda*) nocuda=--no-cuda ;; esac

# 1. the aarch64 runtime
make -C "$root" --no-print-directory CROSS=$triple >"$tmp/make.log" 2>&1 ||
  fail "make CROSS=$triple failed: $(tail -n 20 "$tmp/make.log")"
xlib=$root/build/aarch64/lib/libwarprt.a
[ -f "$xlib" ] || fail "make CROSS=$triple did not write $xlib"
"$triple-objdump" -f "$xlib" | grep -q 'file format elf64-littleaarch64' ||
  fail "$xlib does not hold aarch64 objects: $("$triple-objdump" -f "$xlib" | grep 'file format' | sort -u)"
[ -f "$root/build/lib/libwarprt.a" ] || fail "the native $root/build/lib/libwarprt.a is missing (run make)"

# 2. the sample, built twice from copies of its sources
mkdir "$tmp/src" "$tmp/a64" "$tmp/x86"
cp "$root/samples/particles/kernels.py" "$root/samples/particles/main.c" "$tmp/src/"
cd "$tmp"
cflags="-std=c11 -Wall -Wextra -ffp-contract=off -O2 -I$root/runtime/include"

"$warpc" --target=$triple $nocuda src/kernels.py -o a64/kernels.o 2>a64/warpc.err ||
  fail "warpc --target=$triple failed: $(cat a64/warpc.err)"
file a64/kernels.o | grep -q 'ARM aarch64' || fail "a64/kernels.o is not aarch64: $(file a64/kernels.o)"
"$triple-gcc" $cflags -Ia64 -o a64/particles src/main.c a64/kernels.o "$xlib" -lpthread -lm 2>a64/cc.err ||
  fail "$triple-gcc failed to link the sample: $(cat a64/cc.err)"
file a64/particles | grep -q 'ARM aarch64' || fail "a64/particles is not aarch64: $(file a64/particles)"

"$warpc" $nocuda src/kernels.py -o x86/kernels.o 2>x86/warpc.err || fail "warpc (native) failed: $(cat x86/warpc.err)"
cc $cflags -Ix86 -o x86/particles src/main.c x86/kernels.o "$root/build/lib/libwarprt.a" -lpthread -lm 2>x86/cc.err ||
  fail "cc failed to link the native sample: $(cat x86/cc.err)"

# 3. run both and compare
x86/particles >x86/out 2>&1 || fail "native particles failed: $(cat x86/out)"
timeout 300 qemu-aarch64 -L "$sysroot" a64/particles >a64/out 2>&1 ||
  fail "aarch64 particles under qemu-aarch64 failed (status $?): $(cat a64/out)"
results() { grep -E '^(particles on the ground|checksum|max abs error|PASS|FAIL)' "$1"; }
results x86/out >x86/res || true
results a64/out >a64/res || true
grep -qx PASS x86/res || fail "native particles did not PASS: $(cat x86/out)"
grep -qx PASS a64/res || fail "aarch64 particles did not PASS: $(cat a64/out)"
[ "$(wc -l <x86/res)" -eq 4 ] || fail "unexpected native output: $(cat x86/out)"
cmp -s x86/res a64/res || fail "aarch64 and x86-64 results differ: $(diff x86/res a64/res | tr '\n' ' ')"
echo "ok: aarch64 under qemu matches x86-64: $(grep '^checksum' a64/res)"
