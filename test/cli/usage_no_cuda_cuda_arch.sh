#!/usr/bin/env bash
# --no-cuda and --cuda-arch contradict each other in either order: exit 2,
# a message, no output (with --no-cuda first, the arch list used to win).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

kernel k.py
for args in "--no-cuda --cuda-arch sm_75" "--cuda-arch sm_75 --no-cuda"; do
  rc=0
  # shellcheck disable=SC2086
  "$warpc" $args k.py -o k.o 2>err || rc=$?
  [ "$rc" = 2 ] || fail "$args: exit $rc, want 2"
  grep -q '^warpc: error: --no-cuda contradicts --cuda-arch$' err || fail "$args: message: $(cat err)"
  [ ! -e k.o ] && [ ! -e k.h ] || fail "$args: output written"
done
echo ok
