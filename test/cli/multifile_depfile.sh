#!/usr/bin/env bash
# -MD / -MF / -MT / -MP write a Make depfile listing every .py file read (the
# kernel file first, then the imported modules in the order they were found,
# each once), in gcc's format; nothing is written when compilation fails.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p src "inc dir" out
cat >src/k.py <<'PY'
import warp as wp
import numpy as np
from . import helper
import vec_ops
import not_there  # never used: not an error, not a dependency


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = helper.f(1.0) + vec_ops.g(2.0)
PY
cat >src/helper.py <<'PY'
import warp as wp
import vec_ops  # the same module as k.py's: read once


@wp.func
def f(x: float):
    return vec_ops.g(x) + 1.0
PY
cat >"inc dir/vec_ops.py" <<'PY'
import warp as wp
import helper  # a cycle back to src/helper.py? not found from here: unused


@wp.func
def g(x: float):
    return x * 2.0
PY

# -MD: beside the output, .d replacing .o; the target is the output
"$warpc" -I "inc dir" -MD src/k.py -o out/k.o --no-cuda
printf '%s\n' 'out/k.o: src/k.py \' ' src/helper.py \' ' inc\ dir/vec_ops.py' >want
diff want out/k.d >/dev/null || fail "-MD: $(diff want out/k.d)"

# -MF FILE, -MT and -MQ (quoted), -MP phony targets for the modules (not the main file)
"$warpc" -I "inc dir" -MF deps.mk -MT 'obj/k.o' -MQ 'k$x.h' -MP src/k.py -o out/k.o --no-cuda
cat >want <<'D'
obj/k.o k$$x.h: src/k.py \
 src/helper.py \
 inc\ dir/vec_ops.py

src/helper.py:

inc\ dir/vec_ops.py:
D
diff want deps.mk >/dev/null || fail "-MF -MT -MQ -MP: $(diff want deps.mk)"

# text outputs too; an output without extension gets .d appended
"$warpc" -I "inc dir" -MD src/k.py --emit=c -o out/kc
[ "$(head -1 out/kc.d)" = 'out/kc: src/k.py \' ] || fail "--emit=c -o out/kc: $(cat out/kc.d)"

# standard output needs -MF and -MT
rc=0
"$warpc" -I "inc dir" -MD src/k.py --emit=ir >/dev/null 2>err || rc=$?
[ "$rc" = 2 ] || fail "-MD to stdout: exit $rc, want 2"
grep -q "needs -MF FILE and -MT TARGET" err || fail "-MD to stdout: $(cat err)"
"$warpc" -I "inc dir" -MF ir.d -MT ir.txt src/k.py --emit=ir >/dev/null
[ "$(head -1 ir.d)" = 'ir.txt: src/k.py \' ] || fail "stdout with -MF -MT: $(cat ir.d)"

# an error in an imported file: no depfile, no object, no header
rm -f out/*
sed -i 's/return x \* 2.0/return x * undefined_name/' "inc dir/vec_ops.py"
rc=0
"$warpc" -I "inc dir" -MD src/k.py -o out/k.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "error: exit $rc, want 1"
[ ! -e out/k.d ] && [ ! -e out/k.o ] || fail "error: outputs written: $(ls out)"
[ -z "$(ls -A out)" ] || fail "error: leftovers in out/: $(ls -A out)"
echo ok
