#!/usr/bin/env bash
# Write errors are errors: text on standard output that cannot be written
# (here /dev/full, opened by the shell as standard output, never given to
# warpc as a path) exits 2 with a message naming standard output, for every
# text kind and for --help / --version.  (Files and devices given with -o,
# -H, -MF: output_devices.sh.)
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

[ -c /dev/full ] || skip "no /dev/full"
kernel k.py
for kind in ast ir c cu header; do
  rc=0
  "$warpc" --no-cuda --emit=$kind k.py >/dev/full 2>err || rc=$?
  [ "$rc" = 2 ] || fail "--emit=$kind >/dev/full: exit $rc, want 2"
  grep -q '^warpc: error: cannot write to standard output: No space left on device$' err ||
    fail "--emit=$kind >/dev/full: message: $(cat err)"
done
for opt in --help --version; do
  rc=0
  "$warpc" $opt >/dev/full 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$opt >/dev/full: exit $rc, want 2"
  grep -q '^warpc: error: cannot write to standard output' err ||
    fail "$opt >/dev/full: message: $(cat err)"
done
# and the same to a pipe that is read works
[ "$("$warpc" --no-cuda --emit=ir k.py | grep -c '^; module k')" = 1 ] ||
  fail "--emit=ir to a pipe"
echo ok
