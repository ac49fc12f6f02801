#!/usr/bin/env bash
# Run-wide warnings are reported once per run: an unknown -W option given
# twice, and the missing CUDA toolkit with several inputs (each was
# reported once per occurrence / per input).  With -Werror the toolkit
# error is reported once too and no input is written.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
kernel a.py
kernel b.py
"$warpc" --no-cuda -Wfoo -Wfoo -Wbar -fsyntax-only a.py 2>err || fail "-Wfoo twice: exit $?"
[ "$(grep -c "unknown warning option '-Wfoo'" err)" = 1 ] || fail "-Wfoo twice: $(cat err)"
[ "$(grep -c "unknown warning option '-Wbar'" err)" = 1 ] || fail "-Wbar: $(cat err)"

export WARPC_CUDA_PATH=$tmp/no-toolkit
"$warpc" a.py b.py 2>err || fail "no toolkit: exit $?: $(cat err)"
[ "$(grep -c 'no CUDA toolkit found' err)" = 1 ] || fail "no toolkit, two inputs: $(cat err)"
[ -f a.o ] && [ -f b.o ] || fail "no toolkit: the objects are missing"
"$warpc" -fdiagnostics-format=json a.py b.py 2>err.json || fail "json: exit $?"
[ "$(grep -o 'no CUDA toolkit found' err.json | wc -l)" = 1 ] || fail "json: $(cat err.json)"
rm -f a.o b.o
rc=0
"$warpc" -Werror=cuda-toolkit a.py b.py 2>err || rc=$?
[ "$rc" = 1 ] || fail "-Werror=cuda-toolkit: exit $rc"
[ "$(grep -c 'error: no CUDA toolkit found' err)" = 1 ] || fail "-Werror=cuda-toolkit: $(cat err)"
[ ! -e a.o ] && [ ! -e b.o ] || fail "-Werror=cuda-toolkit: an object was written"
echo ok
