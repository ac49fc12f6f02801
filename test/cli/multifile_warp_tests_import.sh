#!/usr/bin/env bash
# `import warp.tests.NAME as m` (and warp.examples) names an ordinary module
# shipped in the warp package, not Warp's API: found as any absolute import,
# through the -I directory that holds the `warp` package (site-packages);
# without it the import is not found (an error where a kernel uses it).
# warp's own tests import their aux modules this way (aux_test_dependent.py).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p site/warp/tests site/warp/examples
: >site/warp/__init__.py
: >site/warp/tests/__init__.py
cat >site/warp/tests/aux_reference.py <<'PY'
import warp as wp


@wp.func
def magic():
    return 42
PY
cat >site/warp/examples/helpers.py <<'PY'
import warp as wp


@wp.func
def twice(x: int):
    return 2 * x
PY
cat >k.py <<'PY'
import warp as wp
import warp.tests.aux_reference as ref
from warp.examples.helpers import twice


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[wp.tid()] = twice(ref.magic())
PY
"$warpc" k.py -I site -o k.o --no-cuda 2>err || fail "with -I site: $(cat err)"
grep -q "wp_status k_k(" k.h || fail "no launcher k_k in k.h"

cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "k.h"
int main(void) {
  wp_array out;
  wp_int64 n = 3;
  if (wp_array_alloc(&out, WP_INT32, 0, 1, &n, 0, WP_DEVICE_CPU))
    return 2;
  if (k_k(&WP_LAUNCH_1D(3), &out)) return 3;
  const wp_int32 *o = out.data;
  printf("%d %d %d\n", o[0], o[1], o[2]);
  wp_array_free(&out);
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c k.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -ldl -o app || fail "link failed"
./app >out 2>&1 || fail "run: $(cat out)"
[ "$(cat out)" = "84 84 84" ] || fail "want 84 84 84, got: $(cat out)"

rc=0
"$warpc" k.py -o k2.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "without -I: exit $rc, want 1: $(cat err)"
grep -qF "k.py:3:35: error: cannot find module 'warp.examples.helpers'" err ||
  fail "without -I: $(cat err)"
echo ok
