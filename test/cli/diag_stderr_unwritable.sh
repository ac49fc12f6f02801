#!/usr/bin/env bash
# The exit status does not depend on whether the diagnostics could be
# written: with standard error unwritable (/dev/full) a run that warns
# exits 0 and writes its outputs in text, JSON and SARIF alike (JSON and
# SARIF exited 2, leaving the outputs written); one with an error exits 1.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -c /dev/full ] || skip "no /dev/full"
warn_kernel w.py
bad_kernel bad.py
for fmt in text json sarif; do
  rm -f w.o w.h
  rc=0
  "$warpc" --no-cuda -fdiagnostics-format=$fmt w.py -o w.o 2>/dev/full || rc=$?
  [ "$rc" = 0 ] || fail "$fmt: a warning, stderr unwritable: exit $rc, want 0"
  [ -f w.o ] && [ -f w.h ] || fail "$fmt: the outputs are missing"
  rc=0
  "$warpc" --no-cuda -fdiagnostics-format=$fmt bad.py -o bad.o 2>/dev/full || rc=$?
  [ "$rc" = 1 ] || fail "$fmt: an error, stderr unwritable: exit $rc, want 1"
  [ ! -e bad.o ] || fail "$fmt: an object after an error"
done
echo ok
