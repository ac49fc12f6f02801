#!/usr/bin/env bash
# The SYNOPSIS of man/warpc.1 lists every diagnostics option warpc takes:
# -Wall, -Wextra, -Werror, -Wno-error, -w, -fdiagnostics-color,
# -fno-diagnostics-color, -fdiagnostics-format (it lacked four of them).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
man=$root/man/warpc.1
[ -f "$man" ] || fail "no $man"
awk '/^\.SH SYNOPSIS/ {on = 1; next} /^\.SH/ {on = 0} on' "$man" | sed 's/\\-/-/g' >syn
for opt in '-Wall ' '-Wextra ' '-Werror ' '-Wno-error ' '-w ' 'fdiagnostics-color ' \
  'fno-diagnostics-color ' 'fdiagnostics-format='; do
  grep -qF -- "$opt" syn || fail "SYNOPSIS lacks '$opt': $(cat syn)"
done
# each one is an option warpc takes
kernel k.py
for opt in -Wall -Wextra -Werror -Wno-error -w -fno-diagnostics-color; do
  "$warpc" --no-cuda "$opt" -fsyntax-only k.py 2>err || fail "$opt: exit $?: $(cat err)"
done
echo ok
