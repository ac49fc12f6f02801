#!/usr/bin/env bash
# The backward kernel of a dynamic loop saves on its tape only the values
# its reverse sweep reads (lib/ir/adjoint_tape.c).  In the loop below,
# x_{k+1} = (x_k + c)^2 - d x_k, the reverse sweep needs s = x + c (the
# product's adjoint rule reads its operands) and nothing else: a sum's and
# a difference's rules read no primal value, the products' results are read
# by no rule, x is read by x * d's rule only for d's adjoint, which a
# kernel drops (a scalar parameter), and the loop counter and condition
# have no adjoint.  Before, every value of the loop was saved (8 per
# iteration and 2 at the loop's entry).  The scalar backward body and the SPMD one (one lane-tape entry,
# sizeof s, per iteration) are checked.  test/grad/tape_unread.py checks
# the gradients of such loops against finite differences.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >"$tmp/k.py" <<'PY'
import warp as wp


@wp.kernel
def k(x0: wp.array(dtype=float), c: wp.array(dtype=float), n: int, d: float, y: wp.array(dtype=float)):
    i = wp.tid()
    x = x0[i]
    ci = c[i]
    for _j in range(n):
        s = x + ci
        x = s * s - x * d
    y[i] = x
PY
rc=0
"$warpc" --emit=c --no-cuda "$tmp/k.py" -o "$tmp/k.c" 2>"$tmp/err" || rc=$?
[ "$rc" -eq 0 ] || fail "warpc exited $rc: $(cat "$tmp/err")"

# the scalar backward body: one value saved (s) and restored, besides the
# block numbers (push_id / pop_id)
awk '/^WP_FN void wpk[0-9]+_adj_body\(/,/^}/' "$tmp/k.c" >"$tmp/scalar.c"
[ -s "$tmp/scalar.c" ] || fail "no scalar backward body in the C"
s=$(grep -oE '^  [a-z0-9_]+ = \(v[0-9]+ \+ v[0-9]+\);' "$tmp/scalar.c" | head -1 |
  sed -E 's/^  ([a-z0-9_]+) = .*/\1/')
[ -n "$s" ] || fail "no sum s = x + c in the scalar backward body"
pushes=$(grep -cE 'wp_ttape_push(_nocheck)?\(' "$tmp/scalar.c" || true)
pops=$(grep -cE 'wp_ttape_pop\(' "$tmp/scalar.c" || true)
[ "$pushes" -eq 1 ] || fail "scalar backward: $pushes values saved, want 1 (s): $(grep -E 'ttape_(push|pop)' "$tmp/scalar.c")"
[ "$pops" -eq 1 ] || fail "scalar backward: $pops values restored, want 1 (s)"
grep -qE "wp_ttape_push(_nocheck)?\(&wp_tape, &$s, sizeof $s\);" "$tmp/scalar.c" ||
  fail "scalar backward: the value saved is not s ($s): $(grep -E 'ttape_push' "$tmp/scalar.c")"

# the SPMD backward: one lane-tape entry per iteration, s's lanes; no
# scalar value on the uniform tape (only block numbers)
grep -q 'SPMD backward k: yes' "$tmp/k.c" || fail "no SPMD backward for k: $(grep 'SPMD backward' "$tmp/k.c")"
awk '/^WP_SPMD_FN void wpk[0-9]+_adj_body_spmd\(/,/^}/' "$tmp/k.c" >"$tmp/spmd.c"
reserves=$(grep -c 'wp_spmd_tape_reserve(' "$tmp/spmd.c" || true)
[ "$reserves" -eq 1 ] || fail "SPMD backward: $reserves lane-tape saves, want 1: $(grep 'tape_reserve' "$tmp/spmd.c")"
grep -qE "wp_spmd_tape_reserve\(wp_lt, \(wp_int64\)WP_SPMD_W \* \(0 \+ sizeof ${s}_s\[0\]\)\);" "$tmp/spmd.c" ||
  fail "SPMD backward: the lane tape saves more than s: $(grep 'tape_reserve' "$tmp/spmd.c")"
if grep -qE 'wp_ttape_push\(wp_ut, &' "$tmp/spmd.c"; then
  fail "SPMD backward: values on the uniform tape: $(grep 'wp_ttape_push(wp_ut, &' "$tmp/spmd.c")"
fi
echo "PASS"
