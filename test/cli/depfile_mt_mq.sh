#!/usr/bin/env bash
# -MT TARGET is written as given (so 'k.o k.h' names two targets, and '$'
# stays a Make variable); -MQ TARGET is quoted for Make ('$' doubled, spaces,
# tabs and '#' escaped, backslashes before a space doubled). Targets come in
# gcc's order. Expected lines are what gcc 12 writes for the same options;
# when gcc is installed, it is also asked.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'PY'
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=float)):
    out[wp.tid()] = 1.0
PY
echo 'int x;' >k.c

# check NAME WANT_TARGETS OPTIONS...: the rule's targets (before ': ')
check() {
  local name=$1 want=$2
  shift 2
  "$warpc" -MF w.d "$@" k.py -o k.o --no-cuda || fail "$name: warpc failed"
  local got
  got=$(head -1 w.d)
  got=${got%%: k.py}
  [ "$got" = "$want" ] || fail "$name: warpc wrote '$got', want '$want'"
  if command -v gcc >/dev/null; then
    gcc -c k.c -o k_c.o -MD -MF g.d "$@" -nostdinc || fail "$name: gcc failed"
    local g
    g=$(head -1 g.d)
    g=${g%%: k.c}
    [ "$got" = "$g" ] || fail "$name: warpc wrote '$got', gcc '$g'"
  fi
}

check "MT two targets" 'k.o k.h' -MT 'k.o k.h'
check "MT literal" 'a$(X) b#c' -MT 'a$(X) b#c'
check "MQ quoting" 'x\ y$$z\#.o' -MQ 'x y$z#.o'
check "MQ backslashes" 'a\\\ b.o a\b tab\	x \\\ \' -MQ 'a\ b.o' -MQ 'a\b' -MQ 'tab	x' -MQ '\ \'
check "MT and MQ" 'a.o a.h x\ y.o' -MT 'a.o a.h' -MQ 'x y.o'
check "gcc's order" 't1 t2 q3 q1 q2' -MQ q1 -MQ q2 -MT t1 -MQ q3 -MT t2
check "MQ alone" 'o$$.o' -MQ 'o$.o'
# two backslashes before a space: both doubled, then the space escaped
check "MQ two backslashes" 'a\\\\\ b.o' -MQ 'a\\ b.o'
# only backslashes just before a space are doubled, not other characters
check "MQ space after other characters" 'A\ B\ 1\ .o' -MQ 'A B 1 .o'
# control characters other than a tab are written as they are
check "MQ control character" $'a\001b\rc.o' -MQ $'a\001b\rc.o'
# more literal than quoted targets, and the other way (every rotation)
check "gcc's order, MT first" 't1 q2 q1' -MT t1 -MQ q1 -MQ q2
check "gcc's order, more MT" 't1 t2 t3 q1' -MQ q1 -MT t1 -MT t2 -MT t3
check "gcc's order, MT = MQ" 't1 t2 q1 q2' -MQ q1 -MT t1 -MQ q2 -MT t2
check "gcc's order, one MT" 't1 q2 q3 q1' -MQ q1 -MQ q2 -MQ q3 -MT t1

# -MQ needs an argument, like -MT
rc=0
"$warpc" k.py -o k.o --no-cuda -MQ 2>err || rc=$?
[ "$rc" = 2 ] || fail "-MQ without argument: exit $rc, want 2"
grep -q "option '-MQ' needs an argument" err || fail "-MQ: $(cat err)"
echo ok
