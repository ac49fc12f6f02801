#!/usr/bin/env bash
# -fdiagnostics-color[=WHEN] and -fno-diagnostics-color, as gcc: always (and
# the bare option) colours the locus, the "warning:"/"error:"/"note:" label,
# the [-WNAME] option and the caret line with gcc's SGR sequences; never
# (and -fno-) prints plain text; auto (the default) colours only when
# stderr is a terminal, TERM is not dumb and NO_COLOR is unset or empty;
# the last option wins; a bad WHEN is a usage error.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
warn_kernel w.py
esc=$(printf '\033')
colored() { grep -q "$esc\[" "$1"; }

"$warpc" --no-cuda -fdiagnostics-color=always w.py -o a.o 2>err || fail "always: exit $?: $(cat err)"
grep -q "^$esc\[01m$esc\[Kw.py:3:24:$esc\[m$esc\[K $esc\[01;35m$esc\[Kwarning:$esc\[m$esc\[K module option" err ||
  fail "always: locus and label: $(cat -v err)"
grep -q "\[$esc\[01;35m$esc\[K-Wignored-option$esc\[m$esc\[K\]$" err || fail "always: option: $(cat -v err)"
grep -q "^ *$esc\[01;32m$esc\[K^~*$esc\[m$esc\[K$" err || fail "always: caret: $(cat -v err)"
"$warpc" --no-cuda -fdiagnostics-color w.py -o a.o 2>err2 || fail "bare: exit $?"
cmp -s err err2 || fail "the bare option is not 'always': $(cat -v err2)"

# errors are red, the note after one cyan
bad_kernel bad.py
rc=0
"$warpc" --no-cuda -fdiagnostics-color=always bad.py -o b.o 2>err || rc=$?
[ "$rc" = 1 ] || fail "error: exit $rc"
grep -q "$esc\[01;31m$esc\[Kerror:$esc\[m$esc\[K name 'undefined_name'" err || fail "error label: $(cat -v err)"

for off in -fdiagnostics-color=never -fno-diagnostics-color; do
  "$warpc" --no-cuda -fdiagnostics-color=always $off w.py -o a.o 2>err || fail "$off: exit $?"
  ! colored err || fail "$off: coloured: $(cat -v err)"
  grep -q '^w.py:3:24: warning: .* \[-Wignored-option\]$' err || fail "$off: $(cat err)"
done
"$warpc" --no-cuda -fdiagnostics-color=never -fdiagnostics-color w.py -o a.o 2>err || fail "last wins: exit $?"
colored err || fail "the last option does not win: $(cat err)"

# auto: stderr a file here
for auto in "" -fdiagnostics-color=auto; do
  TERM=xterm "$warpc" --no-cuda $auto w.py -o a.o 2>err || fail "auto: exit $?"
  ! colored err || fail "auto to a file: coloured: $(cat -v err)"
done
# auto on a terminal (script(1) gives warpc one)
if command -v script >/dev/null && script -qec true /dev/null >/dev/null 2>&1; then
  tty_run() { # ENV... : warpc on a terminal, its output in tty.out
    script -qec "env $* '$warpc' --no-cuda w.py -o t.o" /dev/null >tty.out 2>&1 </dev/null || true
  }
  tty_run TERM=xterm
  grep -q "warning:" tty.out || fail "auto on a terminal: no warning: $(cat -v tty.out)"
  colored tty.out || fail "auto on a terminal: not coloured: $(cat -v tty.out)"
  tty_run TERM=xterm NO_COLOR=1
  grep -q "warning:" tty.out && ! colored tty.out || fail "auto with NO_COLOR: $(cat -v tty.out)"
  tty_run TERM=dumb
  grep -q "warning:" tty.out && ! colored tty.out || fail "auto with TERM=dumb: $(cat -v tty.out)"
  script -qec "env TERM=dumb NO_COLOR=1 '$warpc' --no-cuda -fdiagnostics-color=always w.py -o t.o" /dev/null >tty.out 2>&1 </dev/null || true
  colored tty.out || fail "always on a dumb terminal: not coloured: $(cat -v tty.out)"
fi

rc=0
"$warpc" --no-cuda -fdiagnostics-color=sometimes w.py -o c.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "bad WHEN: exit $rc"
grep -q "argument to '-fdiagnostics-color=' should be one of 'never', 'always', 'auto'" err || fail "bad WHEN: $(cat err)"
[ ! -e c.o ] || fail "bad WHEN: wrote an object"
echo ok
