#!/usr/bin/env bash
# samples/pkgconfig (a plain Makefile on pkg-config) against
# `make install DESTDIR=D PREFIX=/usr`:
#   - PKG_CONFIG_PATH=D/usr/lib/pkgconfig alone (the .pc is relocatable):
#     the sample builds with the installed warpc (--variable=warpc), runs
#     and PASSes;
#   - the same with PKG_CONFIG_SYSROOT_DIR=D as well (a sysroot-style
#     build): no path gets the sysroot twice;
#   - `pkg-config --libs --static` adds what libwarprt needs (-pthread
#     -ldl) after -l:libwarprt.a -lm (the static library by name: libdir
#     also holds libwarprt.so); without --static, -l:libwarprt.a -lm alone;
#   - a second make run compiles nothing.
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
command -v pkg-config >/dev/null || fail "pkg-config is missing"

install_warpc "$tmp/d"
p=$tmp/d/usr
pcdir=$p/lib/pkgconfig

libs=$(PKG_CONFIG_PATH=$pcdir pkg-config --libs warprt | sed 's/ *$//')
slibs=$(PKG_CONFIG_PATH=$pcdir pkg-config --libs --static warprt | sed 's/ *$//')
case $libs in *"-l:libwarprt.a -lm") ;; *) fail "pkg-config --libs warprt: '$libs'" ;; esac
case $slibs in *"-l:libwarprt.a -lm -pthread -ldl") ;; *) fail "pkg-config --libs --static warprt: '$slibs'" ;; esac

run_sample() { # NAME ENV...: build and run a fresh copy of the sample
  local name=$1
  shift
  sample_copy pkgconfig "$name"
  env "$@" make -C "$name" --no-print-directory run WARPCFLAGS=--no-cuda >"$name.log" 2>&1 ||
    fail "$name: make run failed: $(tail -n 20 "$name.log")"
  grep -qx PASS "$name.log" || fail "$name: no PASS: $(cat "$name.log")"
  grep -q "^$p/lib/pkgconfig/../../bin/warpc .*kernels.py" "$name.log" ||
    fail "$name: the installed warpc did not compile kernels.py: $(cat "$name.log")"
  if grep "$tmp/d$tmp/d" "$name.log"; then fail "$name: a path with the sysroot twice"; fi
}
run_sample plain PKG_CONFIG_PATH="$pcdir"
run_sample sysroot PKG_CONFIG_PATH="$pcdir" PKG_CONFIG_SYSROOT_DIR="$tmp/d"

# again: nothing to compile
PKG_CONFIG_PATH=$pcdir make -C plain --no-print-directory run WARPCFLAGS=--no-cuda >again.log 2>&1 ||
  fail "second make run failed: $(tail -n 20 again.log)"
if grep -q 'bin/warpc' again.log; then fail "a second make ran warpc: $(cat again.log)"; fi
echo "ok: the pkg-config sample builds and PASSes (plain and with a sysroot); libs: $slibs" | sed "s|$tmp|\$tmp|g"
