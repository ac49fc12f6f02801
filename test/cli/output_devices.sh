#!/usr/bin/env bash
# Character devices given as outputs (-o, -H, -MF, --emit ... -o) are
# opened and written in place as gcc does, never replaced by a regular file
# nor unlinked: after a good compile, after a compile that fails, and after
# a write error.  A write error on a device (a node with /dev/full's
# numbers) exits 2 naming it, and leaves no other output.  The devices are
# made with mknod in the test's own directory (root only; SKIP otherwise).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ "$(id -u)" = 0 ] || skip "mknod needs root"
mknod null c 1 3 2>/dev/null || skip "mknod is not permitted here"
mknod full c 1 7
mknod null2 c 1 3
kernel k.py
bad_kernel bad.py

# the device is still a character device with the same numbers
is_dev() { # FILE MAJ:MIN WHAT
  [ -c "$1" ] || fail "$3: '$1' is no longer a character device: $(ls -l "$1")"
  [ "$(stat -c %t:%T "$1")" = "$2" ] || fail "$3: '$1' numbers changed: $(stat -c %t:%T "$1")"
}
no_leftovers() { # WHAT
  local left
  left=$(ls -A | grep -Ev '^(k|bad)\.py$|^(null|null2|full|err|out)$' | tr '\n' ' ' || true)
  [ -z "$left" ] || fail "$1: files left: $left"
  [ -z "$(ls -A "$TMPDIR")" ] || fail "$1: left in TMPDIR: $(ls -A "$TMPDIR")"
}
run() { # WANT-RC WHAT ARGS...
  local want=$1 what=$2 rc=0
  shift 2
  "$warpc" --no-cuda "$@" >out 2>err || rc=$?
  [ "$rc" = "$want" ] || fail "$what: exit $rc, want $want: $(head -3 err)"
}

for f in k.py bad.py; do
  want=0
  [ $f = k.py ] || want=1
  run $want "$f -o null" $f -o null -H k.h
  is_dev null 1:3 "$f -o null"
  rm -f k.h
  run $want "$f -H null" $f -o k.o -H null
  is_dev null 1:3 "$f -H null"
  rm -f k.o
  run $want "$f -o null -H null -MF null" $f -o null -H null -MF null
  is_dev null 1:3 "$f -o null -H null -MF null"
  run $want "$f -MF null" $f -o null2 -H null2 -MF null
  is_dev null 1:3 "$f -MF null"
  is_dev null2 1:3 "$f -MF null"
  kinds="c ir header"
  [ $f = bad.py ] || kinds="$kinds ast" # the syntax tree has no name errors
  for kind in $kinds; do
    run $want "$f --emit=$kind -o null" $f --emit=$kind -o null
    is_dev null 1:3 "$f --emit=$kind -o null"
  done
  no_leftovers "$f into null"
done

# write errors: exit 2, a message naming the device, no other output
for args in "-o full" "-o out.o -H full" "-o null -H null -MF full" \
  "--emit=c -o full" "--emit=ir -o full" "--emit=header -o full" \
  "--emit=ast -o full"; do
  # shellcheck disable=SC2086
  run 2 "$args" k.py $args
  grep -q "^warpc: error: cannot write 'full': No space left on device" err ||
    fail "$args: no message naming the output: $(cat err)"
  is_dev full 1:7 "$args"
  no_leftovers "$args"
done

# standard output on the device
rc=0
"$warpc" --no-cuda --emit=ir k.py >full 2>err || rc=$?
[ "$rc" = 2 ] || fail "--emit=ir >full: exit $rc, want 2"
grep -q '^warpc: error: cannot write to standard output: No space left on device' err ||
  fail "--emit=ir >full: message: $(cat err)"
is_dev full 1:7 "--emit=ir >full"
echo ok
