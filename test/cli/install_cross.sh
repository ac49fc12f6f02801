#!/usr/bin/env bash
# Cross builds (aarch64, Jetson) against an install with the cross runtime
# beside the native one (make install, then make install
# CROSS=aarch64-linux-gnu, DESTDIR=D PREFIX=/usr), run under qemu-aarch64:
#   - samples/cmake with its toolchain file (aarch64-linux-gnu-gcc, no
#     CMAKE_C_COMPILER_TARGET: the triple from CMAKE_LIBRARY_ARCHITECTURE)
#     and the Ninja generator; and with a clang toolchain
#     (CMAKE_C_COMPILER_TARGET=aarch64-linux-gnu) and Unix Makefiles: warpc
#     gets --target=aarch64-linux-gnu, the objects and the program are
#     aarch64, lib/aarch64-linux-gnu/libwarprt.a is linked, and the
#     program prints under qemu what the native build prints;
#   - samples/pkgconfig with PKG_CONFIG_PATH=D/usr/lib/aarch64-linux-gnu/
#     pkgconfig and CC=aarch64-linux-gnu-gcc, PASS under qemu;
#   - a cross build for a triple with no runtime installed (WARPC_TARGET=
#     riscv64-linux-gnu) fails at configure time, saying where it looked.
# --no-cuda throughout (WARPC_FLAGS / WARPCFLAGS): quick.  Skipped without
# the cross toolchain, as cross_aarch64.sh.
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
need_cross
command -v ninja >/dev/null || fail "ninja is missing (Debian's ninja-build)"

install_warpc "$tmp/d"
install_warpc "$tmp/d" CROSS=$triple
p=$tmp/d/usr
sample_copy cmake src
qemu() { timeout 120 qemu-aarch64 -L "$sysroot" "$@"; }

cmake -G Ninja -S src -B native -DCMAKE_PREFIX_PATH="$p" -DWARPC_FLAGS=--no-cuda >native.cfg 2>&1 ||
  fail "native cmake failed: $(tail -n 20 native.cfg)"
cmake --build native >native.log 2>&1 || fail "native build failed: $(tail -n 20 native.log)"
native/cmake_sample >native.out 2>&1 || fail "native cmake_sample failed: $(cat native.out)"

cat >clang-$triple.cmake <<EOF2
set(CMAKE_SYSTEM_NAME Linux)
set(CMAKE_SYSTEM_PROCESSOR aarch64)
set(CMAKE_C_COMPILER clang)
set(CMAKE_C_COMPILER_TARGET $triple)
set(CMAKE_FIND_ROOT_PATH $sysroot)
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE BOTH)
EOF2

cross() { # NAME GENERATOR TOOLCHAIN
  local b=$1
  cmake -G "$2" -S src -B "$b" -DCMAKE_TOOLCHAIN_FILE="$3" -DCMAKE_PREFIX_PATH="$p" \
    -DWARPC_FLAGS=--no-cuda >"$b.cfg" 2>&1 || fail "$b: cmake failed: $(tail -n 20 "$b.cfg")"
  cmake --build "$b" -v >"$b.log" 2>&1 || fail "$b: build failed: $(tail -n 30 "$b.log")"
  [ "$(grep -c "bin/warpc .*--target=$triple " "$b.log")" -eq 2 ] ||
    fail "$b: warpc did not run twice with --target=$triple: $(grep 'bin/warpc' "$b.log")"
  grep -q "$p/lib/$triple/libwarprt.a" "$b.log" || fail "$b: lib/$triple/libwarprt.a not linked: $(tail -n 3 "$b.log")"
  local f
  for f in "$b/warpc/cmake_sample/kernels.o" "$b/warpc/cmake_sample/physics/kernels.o" "$b/cmake_sample"; do
    file "$f" | grep -q 'ARM aarch64' || fail "$b: $f is not aarch64: $(file "$f")"
  done
  qemu "$b/cmake_sample" >"$b.out" 2>&1 || fail "$b: cmake_sample under qemu failed: $(cat "$b.out")"
  cmp -s native.out "$b.out" || fail "$b: aarch64 and native output differ: $(diff native.out "$b.out" | tr '\n' ' ')"
}
cross a64-gcc Ninja "$PWD/src/$triple.cmake"
cross a64-clang "Unix Makefiles" "$PWD/clang-$triple.cmake"
grep -qx PASS a64-gcc.out || fail "cmake_sample did not PASS: $(cat a64-gcc.out)"

# pkg-config with the cross runtime's .pc
sample_copy pkgconfig pc
PKG_CONFIG_PATH=$p/lib/$triple/pkgconfig make -C pc --no-print-directory pkgconfig_sample \
  CC=$triple-gcc WARPCFLAGS=--no-cuda >pc.log 2>&1 || fail "pkg-config sample (cross) failed: $(tail -n 20 pc.log)"
grep -q "bin/warpc --target=$triple " pc.log || fail "pkg-config sample: warpc without --target=$triple: $(cat pc.log)"
file pc/pkgconfig_sample | grep -q 'ARM aarch64' || fail "pc/pkgconfig_sample is not aarch64: $(file pc/pkgconfig_sample)"
qemu pc/pkgconfig_sample >pc.out 2>&1 || fail "pkgconfig_sample under qemu failed: $(cat pc.out)"
grep -qx PASS pc.out || fail "pkgconfig_sample under qemu: $(cat pc.out)"

# a target with no runtime installed
if cmake -S src -B rv -DCMAKE_TOOLCHAIN_FILE="$PWD/src/$triple.cmake" -DWARPC_TARGET=riscv64-linux-gnu \
  -DCMAKE_PREFIX_PATH="$p" >rv.out 2>&1; then
  fail "cmake found a riscv64 runtime: $(tail -n 5 rv.out)"
fi
tr '\n' ' ' <rv.out | tr -s ' ' | grep -qF "no runtime for it under $p/lib: looked in lib/TRIPLE for TRIPLE = " ||
  fail "cmake for riscv64 failed without saying why: $(cat rv.out)"
echo "ok: samples/cmake (gcc + Ninja, clang + Makefiles) and samples/pkgconfig cross-built for $triple, equal to native under qemu"
