# shellcheck shell=bash
# install_lib.sh - what the tests of `make install` and the installed
# packages (test/cli/install_*.sh) share; sourced after cli_lib.sh:
#   . "$root/test/tools/install_lib.sh"
#
#   install_warpc DEST [MAKE ARGS...]
#                    make install DESTDIR=DEST PREFIX=/usr (more make
#                    arguments after DEST, e.g. CROSS=aarch64-linux-gnu);
#                    the prefix is then DEST/usr.  Fails the test, with
#                    make's last lines, when make does.
#   need_cross       exits with SKIP (FAIL under CI=true) when the aarch64
#                    cross toolchain, its libc or qemu-aarch64 is missing,
#                    as test/cli/cross_aarch64.sh does
#   sample_copy NAME DIR
#                    copies samples/NAME to DIR (the tests build copies:
#                    samples/ is left untouched)
# These tests run make in the repository, as cross_aarch64.sh does, so
# test/CMakeLists.txt gives them one RESOURCE_LOCK (the line
# "# ctest: RESOURCE_LOCK build-tree" in each script): no two makes of the
# tree at once under ctest -j.
triple=aarch64-linux-gnu
sysroot=/usr/$triple

install_warpc() {
  local dest=$1
  shift
  make -C "$root" --no-print-directory install DESTDIR="$dest" PREFIX=/usr "$@" >"$tmp/install.log" 2>&1 ||
    fail "make install DESTDIR=$dest PREFIX=/usr $* failed: $(tail -n 20 "$tmp/install.log")"
}

need_cross() {
  local missing= tool
  for tool in "$triple-gcc" "$triple-ar" "$triple-objdump" qemu-aarch64 file; do
    command -v "$tool" >/dev/null 2>&1 || missing="$missing $tool"
  done
  [ -e "$sysroot/lib/libc.so.6" ] && [ -e "$sysroot/include/stdio.h" ] || missing="$missing $sysroot (libc6-dev-arm64-cross)"
  if [ -n "$missing" ]; then
    case ${CI:-} in
    '' | false | 0) skip "no aarch64 cross toolchain / qemu:$missing (run scripts/deps.sh test)" ;;
    *) fail "CI=$CI and missing:$missing (scripts/deps.sh test installs them)" ;;
    esac
  fi
}

sample_copy() {
  cp -r "$root/samples/$1" "$2"
  # outputs of an in-tree build of the sample are not part of it
  (cd "$2" && rm -f ./*.o ./*.d kernels.h pkgconfig_sample)
}
