#!/usr/bin/env bash
# A --target the C compiler refuses (an unknown triple for clang; gcc takes
# no --target at all) is the user's option, not a bug in warpc: exit 2, no
# output, a message naming the option; a triple clang knows still builds.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
refused() { # CC TRIPLE
  local rc=0
  "$warpc" --no-cuda --cc "$1" --target="$2" k.py -o bad.o 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$1 --target=$2: exit $rc"
  [ ! -e bad.o ] && [ ! -e bad.h ] || fail "$1 --target=$2: partial output"
  grep -q "the C compiler '$1' does not take '--target=$2'" err ||
    fail "$1 --target=$2: $(cat err)"
  ! grep -q "bug in warpc" err || fail "$1 --target=$2 called a bug in warpc: $(cat err)"
}
refused clang bogus-triple
rc=0
"$warpc" --no-cuda --target= k.py -o bad.o 2>err || rc=$?
[ "$rc" = 2 ] && grep -q "^warpc: error: empty --target triple" err || fail "--target=: exit $rc: $(cat err)"
if command -v gcc >/dev/null; then refused gcc aarch64-linux-gnu; fi
"$warpc" --no-cuda --target=aarch64-linux-gnu k.py -o ok.o 2>err || fail "aarch64: $(cat err)"
[ -s ok.o ] || fail "aarch64: no object"
echo ok
