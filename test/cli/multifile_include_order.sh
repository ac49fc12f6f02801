#!/usr/bin/env bash
# Module search order, as a C compiler searches headers: the importing file's
# own directory first, then the -I directories in the order given (-I DIR and
# -IDIR both work).  Which util.py was used shows in the folded constant.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

mkdir -p a b main
for d in a b; do
  cat >$d/util.py <<PY
import warp as wp
WHICH = $( [ $d = a ] && echo 111 || echo 222 )
PY
done
cat >main/k.py <<'PY'
import warp as wp
from util import WHICH


@wp.kernel
def k(out: wp.array(dtype=int)):
    out[wp.tid()] = WHICH
PY
which() { "$warpc" "$@" main/k.py --emit=ir 2>&1 | grep -o 'const [0-9]*' | head -1; }
[ "$(which -I a -I b)" = "const 111" ] || fail "-I a -I b: $(which -I a -I b), want a's 111"
[ "$(which -I b -I a)" = "const 222" ] || fail "-I b -I a: $(which -I b -I a), want b's 222"
[ "$(which -Ib -Ia)" = "const 222" ] || fail "-Ib -Ia: $(which -Ib -Ia), want b's 222"
# the importing file's own directory comes before every -I
printf 'WHICH = 333\n' >main/util.py
[ "$(which -I a -I b)" = "const 333" ] || fail "own directory: $(which -I a -I b), want main/util.py's 333"
# a package directory (util/__init__.py) wins over util.py in the same place
rm main/util.py
mkdir a/util && printf 'WHICH = 444\n' >a/util/__init__.py
[ "$(which -I a)" = "const 444" ] || fail "package: $(which -I a), want a/util/__init__.py's 444"
# without any -I the module is not found: used in the kernel, an error at
# the import
rc=0
"$warpc" main/k.py -o k.o --no-cuda 2>err || rc=$?
[ "$rc" = 1 ] || fail "no -I: exit $rc, want 1"
grep -q "^main/k.py:2:18: error: cannot find module 'util'" err || fail "no -I: $(cat err)"
echo ok
