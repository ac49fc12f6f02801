#!/usr/bin/env bash
# The driver's own errors ("warpc: error: ..." for a missing input, an
# unknown option) are coloured as its warnings are, as gcc does: "warpc:"
# bold, "error:" bold red, only when colour is on (-fdiagnostics-color
# anywhere on the command line, the last colour option winning); they were
# never coloured.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
esc=$(printf '\033')
label="$esc\[01m$esc\[Kwarpc:$esc\[m$esc\[K $esc\[01;31m$esc\[Kerror:$esc\[m$esc\[K"
rc=0
"$warpc" -fdiagnostics-color=always missing.py 2>err || rc=$?
[ "$rc" = 2 ] || fail "missing input: exit $rc"
grep -q "^$label cannot read 'missing.py'" err || fail "missing input: $(cat -v err)"
rc=0
"$warpc" --bogus -fdiagnostics-color 2>err || rc=$?
[ "$rc" = 2 ] || fail "unknown option: exit $rc"
grep -q "^$label unknown option '--bogus'" err || fail "unknown option (colour after it): $(cat -v err)"
# a response file's colour option counts too
echo -fdiagnostics-color=always >rsp
rc=0
"$warpc" @rsp --bogus 2>err || rc=$?
grep -q "^$label unknown option '--bogus'" err || fail "@file: $(cat -v err)"
# off: plain
for off in "" -fdiagnostics-color=never "-fdiagnostics-color=always -fno-diagnostics-color"; do
  rc=0
  # shellcheck disable=SC2086
  "$warpc" $off --bogus 2>err || rc=$?
  [ "$rc" = 2 ] || fail "'$off': exit $rc"
  grep -q "^warpc: error: unknown option '--bogus'$" err || fail "'$off': $(cat -v err)"
  ! grep -q "$esc" err || fail "'$off': coloured: $(cat -v err)"
done
echo ok
