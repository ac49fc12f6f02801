#!/usr/bin/env bash
# make install: what goes where, and how.
#   - make install DESTDIR=D PREFIX=/usr writes exactly bin/warpc,
#     include/warp/*.h and warp.hpp (the runtime's headers, unchanged), lib/libwarprt.a,
#     lib/libwarprt.so.N (N: WP_ABI_VERSION) and the link lib/libwarprt.so,
#     lib/pkgconfig/warprt.pc, lib/cmake/warpc/warpc{Config,ConfigVersion}.cmake
#     and share/man/man1/warpc.1 under D/usr, with modes 755 / 644;
#   - the installed warpc runs and compiles; the .pc and the CMake files hold
#     no absolute path (relocatable: the tree still works once moved);
#   - installing again changes nothing (same files, same contents);
#   - a relative PREFIX is refused (status 2) before anything is written;
#   - the version file: 0.1 and 0.1.0 and the range 0.1...0.3 accept the
#     installed 0.1.x, 0.2 and 1.0 do not (compatible within 0.1);
#   - make install CROSS=aarch64-linux-gnu adds lib/aarch64-linux-gnu/
#     libwarprt.a (aarch64 objects) and lib/aarch64-linux-gnu/pkgconfig/
#     warprt.pc (target=aarch64-linux-gnu), nothing else (skipped without
#     the cross toolchain, as cross_aarch64.sh).
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
version=$(cat "$root/VERSION")
abi=$(sed -n 's/^#define WP_ABI_VERSION \([0-9]*\)$/\1/p' "$root/runtime/include/warp/abi.h")

install_warpc "$tmp/d1"
p=$tmp/d1/usr
listing() { (cd "$1" && find . -printf '%y %m %p\n' | LC_ALL=C sort); }
listing "$tmp/d1" >list1
sums() { (cd "$1" && find . -type f -exec md5sum {} + | LC_ALL=C sort); }
sums "$tmp/d1" >sum1
hdrs=$(cd "$root/runtime/include/warp" && ls ./*.h ./*.hpp | sed 's|^\./|f 644 ./usr/include/warp/|')
{
  printf '%s\n' "d 755 ." "d 755 ./usr" "d 755 ./usr/bin" "f 755 ./usr/bin/warpc" \
    "d 755 ./usr/include" "d 755 ./usr/include/warp" "d 755 ./usr/lib" \
    "d 755 ./usr/lib/cmake" "d 755 ./usr/lib/cmake/warpc" \
    "f 644 ./usr/lib/cmake/warpc/warpcConfig.cmake" \
    "f 644 ./usr/lib/cmake/warpc/warpcConfigVersion.cmake" \
    "f 644 ./usr/lib/libwarprt.a" "f 644 ./usr/lib/libwarprt.so.$abi" \
    "d 755 ./usr/lib/pkgconfig" \
    "f 644 ./usr/lib/pkgconfig/warprt.pc" "d 755 ./usr/share" \
    "d 755 ./usr/share/man" "d 755 ./usr/share/man/man1" \
    "f 644 ./usr/share/man/man1/warpc.1"
  echo "$hdrs"
} | LC_ALL=C sort >expected
# directories: whatever the umask makes of install -d; compare files only
grep '^f' expected >expected.f
grep '^f' list1 >list1.f
diff expected.f list1.f >diff.out || fail "installed files differ from the expected ones: $(cat diff.out)"
for h in "$root"/runtime/include/warp/*.h "$root"/runtime/include/warp/*.hpp; do
  cmp -s "$h" "$p/include/warp/${h##*/}" || fail "include/warp/${h##*/} differs from $h"
done
cmp -s "$root/build/lib/libwarprt.a" "$p/lib/libwarprt.a" || fail "lib/libwarprt.a differs from build/lib/libwarprt.a"
cmp -s "$root/build/lib/shared/libwarprt.so.$abi" "$p/lib/libwarprt.so.$abi" || fail "lib/libwarprt.so.$abi differs from build/lib/shared/libwarprt.so.$abi"
[ "$(readlink "$p/lib/libwarprt.so")" = "libwarprt.so.$abi" ] || fail "lib/libwarprt.so is not a link to libwarprt.so.$abi: $(ls -l "$p/lib")"
cmp -s "$root/man/warpc.1" "$p/share/man/man1/warpc.1" || fail "the man page differs"

"$p/bin/warpc" --version | grep -qF "$version" || fail "installed warpc --version: $("$p/bin/warpc" --version 2>&1)"
kernel k.py
"$p/bin/warpc" --no-cuda k.py -o k.o 2>warpc.err || fail "the installed warpc failed: $(cat warpc.err)"
[ -s k.o ] && [ -s k.h ] || fail "the installed warpc wrote no k.o / k.h"

# relocatable: no install path in the package files
if grep -n "$tmp\|/usr/" "$p/lib/pkgconfig/warprt.pc" "$p/lib/cmake/warpc/"*.cmake | grep -v '^[^:]*:[0-9]*:#' >abs.out; then
  fail "absolute paths in the package files: $(cat abs.out)"
fi
grep -qx "Version: $version" "$p/lib/pkgconfig/warprt.pc" || fail "warprt.pc: no 'Version: $version'"

# again: the same tree
sleep 1
install_warpc "$tmp/d1"
listing "$tmp/d1" >list2
diff list1 list2 >diff.out || fail "a second install changed the tree: $(cat diff.out)"
sums "$tmp/d1" >sum2
diff sum1 sum2 >diff.out || fail "a second install changed contents: $(cat diff.out)"

# moved elsewhere: pkg-config finds the moved paths
mv "$tmp/d1/usr" "$tmp/moved"
pc=$(PKG_CONFIG_PATH=$tmp/moved/lib/pkgconfig pkg-config --cflags --libs --static warprt) ||
  fail "pkg-config on the moved tree failed"
case $pc in *"-I$tmp/moved/lib/pkgconfig/../../include "*"-L$tmp/moved/lib/pkgconfig/../../lib -l:libwarprt.a -lm -pthread -ldl"*) ;;
*) fail "pkg-config on the moved tree: '$pc'" ;; esac
w=$(PKG_CONFIG_PATH=$tmp/moved/lib/pkgconfig pkg-config --variable=warpc warprt)
[ -x "$w" ] || fail "pkg-config --variable=warpc names no program: '$w'"
mv "$tmp/moved" "$tmp/d1/usr"

# a relative PREFIX: refused, nothing written
set +e
make -C "$root" --no-print-directory install DESTDIR="$tmp/d2" PREFIX=usr >rel.out 2>&1
st=$?
set -e
[ $st -eq 2 ] || fail "make install PREFIX=usr: status $st, expected 2: $(tail -n 5 rel.out)"
grep -q 'PREFIX must be an absolute path' rel.out || fail "make install PREFIX=usr: $(tail -n 5 rel.out)"
[ ! -e "$tmp/d2" ] || fail "make install PREFIX=usr wrote $(find "$tmp/d2")"

# the version file, through find_package in a small project
mkdir ver && cat >ver/CMakeLists.txt <<'CM'
cmake_minimum_required(VERSION 3.20)
project(ver LANGUAGES C)
foreach(v IN ITEMS 0.1 0.1.0 0.1...0.3 0.2 1.0 0.0.9)
  find_package(warpc ${v} QUIET)
  message(STATUS "version ${v}: ${warpc_FOUND}")
  unset(warpc_FOUND)
  unset(warpc_DIR CACHE)
endforeach()
CM
cmake -S ver -B ver/b -DCMAKE_PREFIX_PATH="$p" >ver.out 2>&1 || fail "cmake (version checks) failed: $(tail -n 20 ver.out)"
got=$(grep -o 'version [^:]*: [A-Za-z01]*' ver.out | tr '\n' ' ')
want="version 0.1: 1 version 0.1.0: 1 version 0.1...0.3: 1 version 0.2: 0 version 1.0: 0 version 0.0.9: 0 "
[ "$got" = "$want" ] || fail "find_package versions: got '$got', want '$want'"

# the cross runtime beside it
need_cross
install_warpc "$tmp/d1" CROSS=$triple
listing "$tmp/d1" | grep '^f' >list3.f
{
  cat list1.f
  printf '%s\n' "f 644 ./usr/lib/$triple/libwarprt.a" "f 644 ./usr/lib/$triple/pkgconfig/warprt.pc"
} | LC_ALL=C sort >expected3.f
diff expected3.f list3.f >diff.out || fail "make install CROSS=$triple: unexpected files: $(cat diff.out)"
fmt=$("$triple-objdump" -f "$p/lib/$triple/libwarprt.a" | grep -o 'file format .*' | sort -u)
[ "$fmt" = "file format elf64-littleaarch64" ] || fail "lib/$triple/libwarprt.a: $fmt"
xpc=$(PKG_CONFIG_PATH=$p/lib/$triple/pkgconfig pkg-config --libs --static --variable=target warprt)
[ "$xpc" = "$triple" ] || fail "cross warprt.pc: target '$xpc'"
xl=$(PKG_CONFIG_PATH=$p/lib/$triple/pkgconfig pkg-config --libs warprt)
case $xl in *"/lib/$triple -lwarprt"*) ;; *) fail "cross warprt.pc: libs '$xl'" ;; esac
echo "ok: $(grep -c . list1.f) files installed, again identical, relocatable; cross runtime in lib/$triple"
