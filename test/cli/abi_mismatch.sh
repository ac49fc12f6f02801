#!/usr/bin/env bash
# The ABI check between warpc's objects and libwarprt (abi.h: WP_ABI_VERSION):
#   - an object warpc writes links against build/lib/libwarprt.a and runs;
#     its descriptor carries the ABI word and references wp_abi_version_4;
#   - the same generated C with its descriptor's word changed to another
#     version (3, 5) links, and every launch is refused at run time with
#     WP_ERROR_ABI_MISMATCH and a message naming both versions and what to
#     do;
#   - the generated C of the layout of ABI 3 (no ABI word: the launcher's
#     name first, as warpc wrote it before version 4) links, and is refused
#     with a message naming the kernel and "3 or older";
#   - the generated C of a newer ABI (WP_ABI_VERSION 5 in its pasted abi.h)
#     does not link: "undefined reference to `wp_abi_version_5'".
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
ver=$(sed -n 's/^#define WP_ABI_VERSION \([0-9]*\)$/\1/p' "$root/runtime/include/warp/abi.h")
[ "$ver" = 4 ] || fail "WP_ABI_VERSION is '$ver': this test knows version 4"

cat >abik.py <<'PY'
import warp as wp


@wp.kernel
def twice(x: wp.array(dtype=float)):
    i = wp.tid()
    x[i] = 2.0 * x[i] + float(i)
PY
"$warpc" --no-cuda abik.py -o abik.o 2>err || fail "warpc: $(cat err)"
"$warpc" --no-cuda --emit c abik.py -o abik.c 2>err || fail "warpc --emit c: $(cat err)"
nm abik.o | grep -q ' U wp_abi_version_4$' || fail "abik.o does not reference wp_abi_version_4: $(nm abik.o | grep abi)"
grep -q 'wp_kernel_desc wpk0_desc = {WP_KERNEL_DESC_ABI, &WP_ABI_SYMBOL, "abik_twice"' abik.c ||
  fail "the descriptor in the generated C: $(grep 'wp_kernel_desc wpk' abik.c)"

cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "abik.h"

int main(void) {
  float xs[4] = {1, 2, 3, 4};
  wp_int64 n = 4;
  wp_array x;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU))
    return 10;
  wp_status st = abik_twice(&WP_LAUNCH_1D(4), &x);
  printf("%s: %s\n", wp_status_string(st), wp_last_error());
  printf("x %g %g %g %g\n", xs[0], xs[1], xs[2], xs[3]);
  wp_shutdown();
  return st == WP_SUCCESS ? 0 : 3;
}
C
build() { # OBJ OUT: link main.c with OBJ against libwarprt.a
  cc -std=c11 -Wall -Wextra -Werror main.c "$1" -I"$root/runtime/include" \
    "$root/build/lib/libwarprt.a" -lpthread -lm -ldl -o "$2" 2>"$2.err"
}
build abik.o app || fail "link of the warpc object failed: $(cat app.err)"
./app >out.txt || fail "the warpc object: exit $? ($(cat out.txt))"
grep -qx 'x 2 5 8 11' out.txt || fail "the warpc object computed $(cat out.txt)"

# another version in the descriptor's word: links, refused at every launch
for v in 3 5; do
  sed "s/wpk0_desc = {WP_KERNEL_DESC_ABI,/wpk0_desc = {WP_ABI_WORD($v),/" abik.c >v$v.c
  cmp -s abik.c v$v.c && fail "the sed of version $v changed nothing"
  cc -c -O1 -w v$v.c -o v$v.o || fail "cc v$v.c"
  build v$v.o app$v || fail "link of the version-$v object failed: $(cat app$v.err)"
  set +e
  ./app$v >out$v.txt
  st=$?
  set -e
  [ $st -eq 3 ] || fail "version $v: exit $st, expected 3: $(cat out$v.txt)"
  grep -qF "WP_ERROR_ABI_MISMATCH: kernel abik_twice: the object was built for warpc ABI version $v, this runtime (libwarprt) has ABI version 4: rebuild the object with the warpc that matches the runtime" out$v.txt ||
    fail "version $v: $(cat out$v.txt)"
  grep -qx 'x 1 2 3 4' out$v.txt || fail "version $v: the kernel ran: $(cat out$v.txt)"
done

# the layout of ABI 3: no word, no symbol; the name first
sed -e '/^  wp_uint64 abi; /d' -e '/^  const wp_uint32 \*abi_symbol; /d' \
  -e 's/wpk0_desc = {WP_KERNEL_DESC_ABI, &WP_ABI_SYMBOL, /wpk0_desc = {/' \
  -e 's/^#define WP_ABI_VERSION 4$/#define WP_ABI_VERSION 3/' abik.c >old.c
[ "$(grep -c 'abi_symbol;\|wp_uint64 abi;\|WP_KERNEL_DESC_ABI, &WP' old.c)" = 0 ] ||
  fail "old.c still has the ABI 4 fields: $(grep -n 'abi_symbol;\|wp_uint64 abi;\|WP_KERNEL_DESC_ABI, &WP' old.c)"
cc -c -O1 -w old.c -o old.o || fail "cc old.c"
if nm old.o | grep -q wp_abi_version; then fail "old.o references an ABI symbol"; fi
build old.o appold || fail "link of the ABI 3 object failed: $(cat appold.err)"
set +e
./appold >outold.txt
st=$?
set -e
[ $st -eq 3 ] || fail "ABI 3 layout: exit $st, expected 3: $(cat outold.txt)"
grep -qF "WP_ERROR_ABI_MISMATCH: kernel abik_twice: the object was built for warpc ABI version 3 or older (its kernel descriptor has no ABI word), this runtime (libwarprt) has ABI version 4: rebuild the object" outold.txt ||
  fail "ABI 3 layout: $(cat outold.txt)"
grep -qx 'x 1 2 3 4' outold.txt || fail "ABI 3 layout: the kernel ran: $(cat outold.txt)"

# a newer ABI: the link fails, naming the missing version symbol
sed 's/^#define WP_ABI_VERSION 4$/#define WP_ABI_VERSION 5/' abik.c >new.c
cmp -s abik.c new.c && fail "the sed of WP_ABI_VERSION changed nothing"
cc -c -O1 -w new.c -o new.o || fail "cc new.c"
if build new.o appnew; then fail "an object of ABI 5 linked against the ABI 4 runtime"; fi
grep -q "undefined reference to .wp_abi_version_5'" appnew.err || fail "ABI 5 link: $(cat appnew.err)"
echo "ok: the current object runs; versions 3, 5 and the ABI 3 layout refused at launch; ABI 5 refused at link"
