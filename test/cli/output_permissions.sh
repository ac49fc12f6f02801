#!/usr/bin/env bash
# Output files are created like any compiler's: mode 0666 minus the umask
# (0644 under umask 022), for the object, the header and --emit -o files.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

printf 'import warp as wp\n\n@wp.kernel\ndef k(x: wp.array(dtype=float)):\n    x[wp.tid()] = 1.0\n' >k.py
umask 022
"$warpc" k.py -o k.o
"$warpc" k.py --emit=c -o k.c
"$warpc" k.py --emit=header -o api.h
bad=
for f in k.o k.h k.c api.h; do
  mode=$(stat -c %a "$f")
  [ "$mode" = 644 ] || bad="$bad $f=$mode"
done
[ -z "$bad" ] || fail "outputs not 0644 under umask 022:$bad"
echo ok
