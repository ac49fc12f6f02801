#!/usr/bin/env bash
# Overloads and generics through imports: a call of an imported func that
# no overload of its module accepts is reported at the call, with the
# candidates in the imported file; an error inside a generic instance of an
# imported func is reported in that file with a note at the call; the C
# names of an imported module's overloads and instances carry the module
# (wpo_<len>util_f_...) and differ from the main file's same-named ones;
# --instantiate takes types through an import (u.real).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p lib
cat >lib/util.py <<'PY'
from typing import Any

import warp as wp

real = wp.float64


@wp.func
def f(x: float):
    return x * 2.0


@wp.func
def f(x: wp.vec3):
    return wp.length(x)


@wp.func
def g(x: Any):
    return x + undefined_thing
PY
cat >k.py <<'PY'
import warp as wp
import util as u


@wp.kernel
def k(a: wp.array(dtype=int), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = u.f(a[i])
PY
rc=0
"$warpc" -I lib k.py -o k.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "exit $rc, want 1: $(cat err)"
grep -q "^k.py:8:14: error: no overload of 'f' accepts arguments of type (int32)$" err || fail "no overload: $(cat err)"
grep -q "^lib/util.py:9:5: note: candidate: f(float)$" err || fail "candidate 1: $(cat err)"
grep -q "^lib/util.py:14:5: note: candidate: f(wp.vec3)$" err || fail "candidate 2: $(cat err)"
[ ! -e k.o ] && [ ! -e k.h ] || fail "output written"

cat >k2.py <<'PY'
import warp as wp
from util import g


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[wp.tid()] = g(a[wp.tid()])
PY
rc=0
"$warpc" -I lib k2.py -o k2.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "generic: exit $rc, want 1: $(cat err)"
grep -q "^lib/util.py:20:16: error: name 'undefined_thing' is not defined$" err || fail "instance error: $(cat err)"
grep -q "^k2.py:7:19: note: in the call of 'g' with (float32) here$" err || fail "instance note: $(cat err)"

cat >k3.py <<'PY'
from typing import Any

import warp as wp
import util as u


@wp.func
def f(x: float):
    return x + 1.0


@wp.func
def f(x: int):
    return x + 1


@wp.kernel
def k(a: wp.array(dtype=Any), out: wp.array(dtype=Any)):
    i = wp.tid()
    out[i] = a[i] + a[i]


@wp.kernel
def use(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = f(a[i]) + u.f(a[i]) + u.f(wp.vec3(a[i]))
PY
"$warpc" -I lib k3.py --no-cuda --emit=c -o k3.c \
  --instantiate 'k(array(u.real), array(u.real))' 2>err || fail "k3: $(cat err)"
for n in wpo_1f_float32 wpo_6util_f_float32 wpo_6util_f_vec3f; do
  grep -q "\\b$n(" k3.c || fail "no C function $n: $(grep -o 'wp[of]_[A-Za-z0-9_]*(' k3.c | sort -u)"
done
grep -q "k3_k_float64" k3.c || fail "no instance launcher k3_k_float64"
echo ok
