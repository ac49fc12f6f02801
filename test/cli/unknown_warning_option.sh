#!/usr/bin/env bash
# A -W option that names no warning is not an error: "warpc: warning:
# unknown warning option '-WX' [-Wunknown-warning-option]" once per option
# (as clang says it), before the file's own diagnostics, and the
# compilation goes on; -Werror makes it an error (exit 1, no output);
# -Wno-unknown-warning-option and -w silence it.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel k.py
kernel l.py
msg() { echo "^warpc: $1: unknown warning option '$2' \[-W$3unknown-warning-option\]$"; }

"$warpc" --no-cuda -Wbogus -Wno-bogus2 -Werror=bogus3 -Wno-error=bogus4 -W= k.py -o a.o 2>err ||
  fail "exit $?: $(cat err)"
for o in -Wbogus -Wno-bogus2 -Werror=bogus3 -Wno-error=bogus4 -W=; do
  grep -q "$(msg warning "$o" "")" err || fail "$o: $(cat err)"
done
[ "$(wc -l <err)" = 5 ] || fail "not one line each: $(cat err)"
[ -s a.o ] && [ -s a.h ] || fail "no output"
# several inputs: said once
"$warpc" --no-cuda -Wbogus k.py l.py 2>err || fail "several: exit $?: $(cat err)"
[ "$(grep -c 'unknown warning option' err)" = 1 ] || fail "several: $(cat err)"

rc=0
"$warpc" --no-cuda -Werror -Wbogus k.py -o b.o 2>err || rc=$?
[ "$rc" = 1 ] && grep -q "$(msg error -Wbogus error=)" err || fail "-Werror: exit $rc: $(cat err)"
[ ! -e b.o ] && [ ! -e b.h ] || fail "-Werror: wrote an output"
rc=0
"$warpc" --no-cuda -Werror=unknown-warning-option -Wbogus k.py -o c.o 2>err || rc=$?
[ "$rc" = 1 ] && [ ! -e c.o ] || fail "-Werror=unknown-warning-option: exit $rc: $(cat err)"

"$warpc" --no-cuda -Wno-unknown-warning-option -Wbogus k.py -o d.o 2>err || fail "-Wno-: exit $?"
[ ! -s err ] && [ -s d.o ] || fail "-Wno-unknown-warning-option: $(cat err)"
"$warpc" --no-cuda -w -Werror -Wbogus k.py -o e.o 2>err || fail "-w: exit $?"
[ ! -s err ] && [ -s e.o ] || fail "-w: $(cat err)"
# a usage error still wins (exit 2)
rc=0
"$warpc" --no-cuda -Wbogus --bogus k.py -o f.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "with an unknown option: exit $rc: $(cat err)"
echo ok
