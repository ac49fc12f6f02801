#!/usr/bin/env bash
# -fkeep-going: each kernel with errors is left out (its errors reported as
# errors, then a note naming it), the kernels that compiled are written and
# run, and the exit status is still 1.  A func lowered only for a left-out
# kernel goes with it, and so does a kernel using a struct with errors; an
# error outside kernels and structs still stops the compile with no output;
# -fno-keep-going (the default) is all-or-nothing.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >m.py <<'PY'
import warp as wp


@wp.func
def broken(x: float):
    return x * undefined_name


@wp.kernel
def good(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * 2.0


@wp.kernel
def calls_broken(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = broken(a[i])


@wp.kernel
def unknown_builtin(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = wp.no_such_builtin(a[i])


def make(s: float):
    @wp.kernel
    def k(a: wp.array(dtype=float)):
        i = wp.tid()
        a[i] = a[i] + s

    return k


plus_one = make(1.0)
plus_bad = make(undefined_scale)
PY
rc=0
"$warpc" --no-cuda m.py 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -e m.o ] && [ ! -e m.h ] || fail "default: exit $rc, outputs $(ls)"
rc=0
"$warpc" --no-cuda -fkeep-going -fno-keep-going m.py 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -e m.o ] || fail "-fno-keep-going last: exit $rc, outputs $(ls)"
rc=0
"$warpc" --no-cuda -fkeep-going m.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "-fkeep-going: exit $rc, want 1: $(cat err)"
[ -s m.o ] && [ -s m.h ] || fail "-fkeep-going: outputs missing: $(ls)"
for want in \
  "^m.py:6:16: error: name 'undefined_name' is not defined" \
  "^m.py:16:5: note: kernel 'calls_broken' is left out (-fkeep-going)" \
  "^m.py:24:12: error: 'no_such_builtin' is not a Warp builtin" \
  "^m.py:22:5: note: kernel 'unknown_builtin' is left out (-fkeep-going)" \
  "^m.py:37:1: note: kernel 'plus_bad' is left out (-fkeep-going)"; do
  grep -q "$want" err || fail "missing /$want/ in: $(cat err)"
done
[ "$(grep -c ': error: ' err)" = 3 ] || fail "want 3 errors: $(cat err)"
launchers=$(sed -n 's/^wp_status \(m_[a-z_]*\)(.*/\1/p' m.h | sort | tr '\n' ' ')
[ "$launchers" = "m_good m_good_backward m_plus_one m_plus_one_backward " ] ||
  fail "launchers: $launchers"
grep -q broken m.h && fail "a left-out kernel is in the header"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "m.h"

int main(void) {
  float d[3] = {1.0f, 2.0f, 3.0f};
  wp_int64 n = 3;
  wp_array a;
  if (wp_array_wrap(&a, d, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      m_good(&WP_LAUNCH_1D(n), &a) || m_plus_one(&WP_LAUNCH_1D(n), &a))
    return 10;
  printf("%g %g %g\n", d[0], d[1], d[2]);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c m.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -ldl -o app || fail "link failed"
[ "$(./app)" = "3 5 7" ] || fail "kernels that compiled: $(./app)"
# a struct with errors: the kernels that use it (also through another
# struct) are left out, each with an error at the use; the others compile
cat >s.py <<'PY'
import warp as wp


@wp.struct
class S:
    x: no_such_type
    y: float


@wp.struct
class T:
    s: S


@wp.kernel
def uses_s(a: wp.array(dtype=float), s: S):
    a[0] = s.y


@wp.kernel
def uses_t(a: wp.array(dtype=float)):
    t = T()
    a[0] = 1.0


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0
PY
rc=0
"$warpc" --no-cuda -fkeep-going s.py 2>err || rc=$?
[ "$rc" = 1 ] && [ -s s.o ] || fail "struct error: exit $rc, outputs $(ls)"
for want in \
  "^s.py:6:8: error: unknown type 'no_such_type'" \
  "^s.py:12:8: error: struct 'S' has errors (reported at its definition)" \
  "^s.py:16:41: error: struct 'S' has errors (reported at its definition)" \
  "^s.py:16:5: note: kernel 'uses_s' is left out (-fkeep-going)" \
  "^s.py:22:9: error: struct 'T' has errors (reported at its definition)" \
  "^s.py:21:5: note: kernel 'uses_t' is left out (-fkeep-going)"; do
  grep -q "$want" err || fail "struct error: missing /$want/ in: $(cat err)"
done
launchers=$(sed -n 's/^wp_status \(s_[a-z_]*\)(.*/\1/p' s.h | sort | tr '\n' ' ')
[ "$launchers" = "s_k s_k_backward " ] || fail "struct error: launchers: $launchers"
# without -fkeep-going the struct's error is the only one and stops it
rc=0
"$warpc" --no-cuda -o s2.o s.py 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -e s2.o ] && [ "$(grep -c ': error: ' err)" = 1 ] ||
  fail "struct error without -fkeep-going: exit $rc: $(cat err)"
# an error outside the kernels (a syntax error) still stops it
printf 'import warp as wp\n\n\n@wp.kernel\ndef k(a: wp.array(dtype=float):\n    a[0] = 1.0\n' >p.py
rc=0
"$warpc" --no-cuda -fkeep-going p.py 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -e p.o ] && [ ! -e p.h ] || fail "syntax error: exit $rc, outputs $(ls)"
# -fsyntax-only with it: the same diagnostics, nothing written
rc=0
"$warpc" -fsyntax-only -fkeep-going m.py 2>err2 || rc=$?
[ "$rc" = 1 ] && grep -q "note: kernel 'calls_broken' is left out" err2 || fail "-fsyntax-only: exit $rc: $(cat err2)"
echo ok
