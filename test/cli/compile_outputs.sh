#!/usr/bin/env bash
# A successful compile writes OUT.o and a header: beside the input by default
# (k.py -> k.o, k.h), beside -o OUT (OUT.h), or at -H PATH.  The object
# defines the launcher MODULE_KERNEL as a text symbol; stdout stays empty.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir "$tmp/src" "$tmp/out" "$tmp/inc" "$tmp/cwd"
cat >"$tmp/src/kern.py" <<'PY'
import warp as wp


@wp.kernel
def scale(x: wp.array(dtype=float), s: float):
    i = wp.tid()
    x[i] = x[i] * s


@wp.kernel
def fill(y: wp.array(dtype=wp.int32), v: int):
    y[wp.tid()] = v
PY
cd "$tmp/cwd"
has_launcher() { # object symbol
  nm "$1" | grep -Eq "^[0-9a-f]+ T $2\$" || fail "$1: no defined text symbol $2 (nm: $(nm "$1" | tr '\n' ' '))"
}

# 1. default: outputs beside the input, named after it
"$warpc" ../src/kern.py >stdout 2>stderr
[ ! -s stdout ] && [ ! -s stderr ] || fail "default compile printed something"
[ -f ../src/kern.o ] && [ -f ../src/kern.h ] || fail "default compile: no src/kern.o + src/kern.h ($(ls ../src))"
has_launcher ../src/kern.o kern_scale
has_launcher ../src/kern.o kern_fill
grep -q 'wp_status kern_scale(const wp_launch \*launch, const wp_array \*x, float s);' ../src/kern.h ||
  fail "kern.h lacks the kern_scale prototype"
grep -q 'wp_status kern_fill(const wp_launch \*launch, const wp_array \*y, wp_int32 v);' ../src/kern.h ||
  fail "kern.h lacks the kern_fill prototype"
grep -q '#include <warp/warp.h>' ../src/kern.h || fail "kern.h does not include <warp/warp.h>"
rm ../src/kern.o ../src/kern.h

# 2. -o: header beside the object, named after it
"$warpc" ../src/kern.py -o ../out/lib.o
[ "$(ls ../out)" = "$(printf 'lib.h\nlib.o')" ] || fail "-o out/lib.o wrote: $(ls ../out)"
has_launcher ../out/lib.o kern_scale
[ "$(ls ../src)" = kern.py ] || fail "-o also wrote beside the input: $(ls ../src)"
rm ../out/*

# 3. -H: the header goes exactly there, no OUT.h
"$warpc" -H ../inc/api.h -o ../out/k.o ../src/kern.py
[ "$(ls ../out)" = k.o ] || fail "-H: out/ holds $(ls ../out), want only k.o"
[ "$(ls ../inc)" = api.h ] || fail "-H: inc/ holds $(ls ../inc), want api.h"
grep -q 'kern_fill' ../inc/api.h || fail "-H header lacks the launchers"

# 4. the header compiles on its own, in C and C++
printf '#include "api.h"\nint main(void) { return 0; }\n' >use.c
cc -std=c11 -Wall -Wextra -Werror -I../inc -I"$root/runtime/include" -c use.c -o use.o ||
  fail "the generated header does not compile as C11"
if command -v c++ >/dev/null; then
  cp use.c use.cc
  c++ -Wall -Wextra -Werror -I../inc -I"$root/runtime/include" -c use.cc -o use_cc.o ||
    fail "the generated header does not compile as C++"
fi

# 5. the cwd got nothing but what this script wrote
[ "$(ls -A)" = "$(ls -A | grep -E '^(stdout|stderr|use\.c|use\.o|use\.cc|use_cc\.o)$')" ] ||
  fail "stray files in the working directory: $(ls -A)"
echo ok
