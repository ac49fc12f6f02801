#!/usr/bin/env bash
# lib/lower/builtin_params.def (the parameter names that keyword arguments
# of builtins are placed by) is what scripts/gen_builtin_params.py makes
# from the warp-lang the suite runs against: a new warp-lang that renames a
# parameter, or a builtin added to lib/ir/builtins.def without regenerating,
# fails here.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 "$root/scripts/gen_builtin_params.py" --check >out 2>err || fail "$(cat err)"
grep -qx ok out || fail "no ok: $(cat out err)"
echo ok
