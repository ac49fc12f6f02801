#!/usr/bin/env bash
# A spec's PENDING tests (test/warp_tests/*.py: the tests of its XFAIL
# kernels, to move into TESTS when warpc compiles them) name XFAIL kernels:
# check_spec (test/tools/warp_tests.py) says so when one names a kernel
# that is not in XFAIL (a typo, a kernel that does not exist, or one that
# is tested already), as it does for TESTS, instead of keeping it unread.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
python3 -c 'import warp' 2>/dev/null || skip "warp-lang is not installed"

python3 - "$root" <<'PY' || fail "check_spec"
import ast, importlib.util, sys, types
sys.path.insert(0, sys.argv[1] + "/test/tools")
import warp_tests as w

spec_path = sys.argv[1] + "/test/warp_tests/test_tile_view.py"
s = importlib.util.spec_from_file_location("spec", spec_path)
spec = importlib.util.module_from_spec(s)
s.loader.exec_module(spec)
tree = ast.parse(w.target_path(spec.TARGET).read_text())
errs = w.check_spec(spec, spec.TARGET, tree)[0]
assert not errs, f"the spec as it is: {errs}"
for bad in ("test_tile_inline_user_function_index.inline_kernal",  # a typo
            "tile_slice_rows_kernel"):  # tested, not XFAIL
    spec.PENDING = [dict(spec.TESTS[0], kernel=bad)]
    errs = w.check_spec(spec, spec.TARGET, tree)[0]
    assert any(bad in e for e in errs), f"PENDING naming {bad!r}: no error ({errs})"
    del spec.PENDING
PY
echo ok
