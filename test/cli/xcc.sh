#!/usr/bin/env bash
# -Xcc ARG reaches the C compiler of the host code, after warpc's own flags
# (so -Xcc -O0 overrides -O2) and before the source, all 70 of them in
# order; a flag the compiler rejects is a failed compile (exit 2, no object)
# that warpc does not call its own bug; and the bounds check the test suite
# builds with (-fsanitize=array-bounds, trapping) turns an out-of-range
# vector component index into SIGILL, where the unchecked build reads past
# the vector.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >v.py <<'PY'
import warp as wp

@wp.kernel
def pick(v: wp.array(dtype=wp.vec3), i: wp.array(dtype=int), out: wp.array(dtype=float)):
    t = wp.tid()
    out[t] = v[t][i[t]]
PY

# order and count, from the command -v shows
args=()
for n in $(seq 70); do args+=(-Xcc "-DN$n"); done
"$warpc" --no-cuda -v -Xcc -O0 "${args[@]}" v.py -o v.o 2>err || fail "70 -Xcc: $(cat err)"
line=$(grep -- ' -DN1 ' err) || fail "-Xcc did not reach the C compiler: $(cat err)"
want=" -O2 .* -O0 -DN1 $(seq -s ' ' -f '-DN%g' 2 70) [^ ]*module\.c -o "
echo "$line" | grep -q -- "$want" || fail "-Xcc arguments out of place: $line"

# a flag the compiler rejects
rc=0
"$warpc" --no-cuda -Xcc --no-such-flag v.py -o bad.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "bad -Xcc flag: exit $rc"
[ ! -e bad.o ] && [ ! -e bad.h ] || fail "bad -Xcc flag: partial output"
grep -q "no-such-flag" err || fail "bad -Xcc flag: the compiler's message is missing: $(cat err)"
! grep -q "bug in warpc" err || fail "bad -Xcc flag called a bug in warpc: $(cat err)"

# a flag that stops the compiler before the object (-E, -S, -M)
for x in -E -S -M; do
  rc=0
  "$warpc" --no-cuda -Xcc $x v.py -o stop.o 2>err || rc=$?
  [ "$rc" = 2 ] && grep -q "wrote no object file (an -Xcc option" err || fail "-Xcc $x: exit $rc: $(cat err)"
  [ ! -e stop.o ] && [ ! -e stop.h ] || fail "-Xcc $x: wrote an output"
done

# the bounds-checked build traps on v[t][3]
"$warpc" --no-cuda -Xcc -fsanitize=array-bounds -Xcc -fsanitize-trap=array-bounds \
  v.py -o vc.o 2>err || fail "checked build: $(cat err)"
cat >main.c <<'C'
#include <stdio.h>
#include <stdlib.h>
#include "vc.h"
int main(int argc, char **argv) {
  float vs[6] = {1, 2, 3, 4, 5, 6}, outs[1] = {0};
  int is[1] = {atoi(argv[1])};
  wp_array v, i, out;
  wp_int64 n = 1;
  wp_array_wrap(&v, vs, WP_VEC3F, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&i, is, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  wp_array_wrap(&out, outs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU);
  if (v_pick(&WP_LAUNCH_1D(1), &v, &i, &out))
    return puts(wp_last_error()), 1;
  printf("%g\n", outs[0]);
  return 0;
}
C
cc -std=c11 -I"$root/runtime/include" main.c vc.o "$root/build/lib/libwarprt.a" -lpthread -lm -o app ||
  fail "link failed"
[ "$(./app 2)" = 3 ] || fail "checked build: v[2] is not 3"
rc=0
{ ./app 3 >/dev/null 2>&1; } 2>/dev/null || rc=$?
[ "$rc" = 132 ] || fail "checked build: v[3] exited $rc, not SIGILL (132)"
echo ok
