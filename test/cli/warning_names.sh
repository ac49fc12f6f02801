#!/usr/bin/env bash
# Every warning has a name: its text ends in "[-WNAME]" (gcc style),
# -Wno-NAME disables that warning alone, -WNAME enables it again (the last
# option wins), -Wall enables every warning not disabled before it; --help
# and the man page list every name.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat >w.py <<'PY'
import warp as wp

wp.set_module_options({"block_dim": 64, "max_unrol": 4})


@wp.kernel
def k(x: wp.array(dtype=float)):
    x[wp.tid()] = 1.0
PY
ign="^w.py:3:24: warning: module option 'block_dim' has no effect in warpc.* \[-Wignored-option\]$"
unk="^w.py:3:41: warning: unknown module option 'max_unrol'.* \[-Wunknown-module-option\]$"
"$warpc" --no-cuda w.py -o a.o 2>err || fail "default: exit $?: $(cat err)"
grep -q "$ign" err && grep -q "$unk" err || fail "default: $(cat err)"
[ "$(grep -c ': warning: ' err)" = 2 ] || fail "default: $(cat err)"

"$warpc" --no-cuda -Wno-ignored-option w.py -o b.o 2>err || fail "-Wno: exit $?: $(cat err)"
! grep -q "option 'block_dim'" err && grep -q "$unk" err || fail "-Wno-ignored-option: $(cat err)"
[ "$(wc -l <err)" = 3 ] || fail "-Wno-ignored-option: more than one warning's lines: $(cat err)"
[ -s b.o ] || fail "-Wno: no object"
"$warpc" --no-cuda -Wno-ignored-option -Wno-unknown-module-option w.py -o c.o 2>err || fail "both: exit $?"
[ ! -s err ] || fail "both disabled: $(cat err)"
"$warpc" --no-cuda -Wno-ignored-option -Wignored-option w.py -o d.o 2>err || fail "again: exit $?"
grep -q "$ign" err || fail "-WNAME after -Wno-NAME: $(cat err)"
"$warpc" --no-cuda -Wignored-option -Wno-ignored-option w.py -o d.o 2>err || fail "again: exit $?"
! grep -q "option 'block_dim'" err || fail "-Wno-NAME after -WNAME: $(cat err)"
"$warpc" --no-cuda -Wno-ignored-option -Wall -Wextra w.py -o e.o 2>err || fail "-Wall: exit $?"
! grep -q "option 'block_dim'" err && grep -q "$unk" err || fail "-Wall after -Wno-NAME: $(cat err)"
# a disabled warning under -Werror is no error
"$warpc" --no-cuda -Werror -Wno-ignored-option -Wno-unknown-module-option w.py -o f.o 2>err ||
  fail "-Werror with both disabled: exit $?: $(cat err)"

# --help names each warning, and each name works
"$warpc" --help >help.txt
names=$(sed -n 's/^  -W\([a-z][a-z-]*\)$/\1/p' help.txt)
[ "$(echo "$names" | wc -l)" -ge 12 ] || fail "--help lists few warnings: $names"
for n in ignored-option unknown-module-option cuda-toolkit adjoint-inplace adjoint-overwrite \
  kernel-not-compiled generic-kernel unknown-warning-option; do
  echo "$names" | grep -qx "$n" || fail "--help does not list -W$n"
done
# the man page's WARNINGS section has each one
for n in $names; do
  grep -qx "\.B ${n//-/\\\\-}" "$root/man/warpc.1" || fail "man/warpc.1 does not list $n"
done
kernel ok.py
for n in $names; do
  "$warpc" --no-cuda "-W$n" "-Wno-$n" ok.py -o g.o 2>err || true
  ! grep -q 'unknown warning option' err || fail "-W$n is unknown: $(cat err)"
done
echo ok
