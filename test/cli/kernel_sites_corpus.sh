#!/usr/bin/env bash
# No kernel of warp-lang's own tests and examples is skipped without a
# diagnostic (test/tools/kernel_sites.py: every @wp.kernel def, nested or
# not, and every wp.kernel()/wp.Kernel() call gets a launcher or a
# warning/error at its line), and the launcher names of kernels made by
# module-level calls and nested in functions are the documented ones.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
# where warp-lang is, without importing it (kernel_sites.py only reads its files)
warp_dir=$(python3 -c "import importlib.util as u, os; print(os.path.dirname(u.find_spec('warp').origin))" 2>/dev/null) ||
  skip "warp-lang is not installed"
sites() { WARPC="$warpc" python3 "$root/test/tools/kernel_sites.py" "$@"; }

dirs=("$warp_dir/tests")
for d in "$warp_dir"/tests/*/ "$warp_dir"/examples/*/; do
  [ -d "$d" ] && dirs+=("$d")
done
sites "${dirs[@]}" >report.txt || fail "kernel_sites.py failed"
grep -q '^all ' report.txt || fail "no summary: $(tail -3 report.txt)"
if grep -q 'silent' report.txt; then
  fail "kernels skipped without a diagnostic: $(grep silent report.txt | head -5)"
fi

# the counting itself: one site of each kind, and what warpc makes of it
cat >k.py <<'PY'
import warp as wp


def f(a: wp.array(dtype=float)):
    a[0] = 1.0


k = wp.kernel(f)


def outer():
    @wp.kernel
    def inner(a: wp.array(dtype=float)):
        a[0] = 2.0

    @wp.kernel
    def skipped(a: wp.array(dtype=float)):
        a[0] = float(len(outer.__name__))
PY
sites -v k.py >k.txt
grep -q 'k.py:8: module call: launcher' k.txt || fail "module call: $(cat k.txt)"
grep -q 'k.py:13: nested def: launcher' k.txt || fail "nested def: $(cat k.txt)"
grep -q 'k.py:17: nested def: diagnosed' k.txt || fail "skipped def: $(cat k.txt)"
"$warpc" --no-cuda --emit=header --module m -o k.h k.py 2>/dev/null ||
  fail "k.py does not compile"
grep -q 'wp_status m_k(' k.h || fail "no launcher m_k"
grep -q 'wp_status m_outer__inner(' k.h || fail "no launcher m_outer__inner"
