#!/usr/bin/env bash
# A generated call of a prelude function that warpc lacks fails warpc's own
# run: the C is compiled with -Werror=implicit-function-declaration (it was
# -w: the object was written and the user's link failed on an undefined
# wp_adj_*), exit 2, no object, and a message that names the builtin after
# the C compiler's own (which #line puts in k.py; backward code has no
# Python positions of its own yet, so not at the expression).  The gap is made by a C
# compiler wrapper that renames the prelude's s / M adjoint before clang
# sees it; nvcc's message ('identifier "..." is undefined') is named too.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >k.py <<'EOF'
import warp as wp


@wp.kernel
def k(s: wp.array(dtype=float), m: wp.array(dtype=wp.mat33), o: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    o[i] = s[i] / m[i]
EOF
msg="^warpc: error: the generated code calls 'wp_adj_div_float32_mat33f', which warpc's prelude does not define: the adjoint of builtin 'div' for the argument types float32_mat33f; this is a bug in warpc\$"

# the prelude has it: an object
"$warpc" --no-cuda k.py -o k.o 2>err || fail "s / M: $(cat err)"
[ -s k.o ] || fail "s / M: no object"

cat >cc <<'EOF'
#!/bin/sh
for a; do
  case $a in *.c) sed -i 's/wp_adj_div_##S##_##M(/wp_adj_div_gone_##S##_##M(/' "$a" ;; esac
done
exec clang "$@"
EOF
chmod +x cc
rc=0
"$warpc" --no-cuda --cc "$PWD/cc" k.py -o k2.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "a prelude without the adjoint: exit $rc, want 2: $(cat err)"
grep -q "$msg" err || fail "no message naming the builtin: $(cat err)"
grep -q "^k.py:[0-9]*:[0-9]*: error: .*'wp_adj_div_float32_mat33f'" err ||
  fail "the C compiler's own message is not shown: $(cat err)"
[ "$(grep -c "^warpc: error: the generated code calls" err)" = 1 ] ||
  fail "the forward and backward calls are named more than once: $(cat err)"
[ ! -e k2.o ] || fail "an object was written"
[ -z "$(ls -A "$TMPDIR")" ] || fail "left in TMPDIR: $(ls -A "$TMPDIR")"

# without the backward pass nothing calls the adjoint: an object
"$warpc" --no-cuda --no-adjoint --cc "$PWD/cc" k.py -o k3.o 2>err ||
  fail "--no-adjoint: $(cat err)"

# nvcc's message for the CUDA C is named the same way
fake_cuda "$tmp/cuda"
cat >"$tmp/cuda/bin/nvcc" <<'EOF'
#!/bin/sh
echo 'k.py(7): error: identifier "wp_adj_div_float32_mat33f" is undefined' >&2
echo '1 error detected in the compilation of "module.cu".' >&2
exit 2
EOF
rc=0
WARPC_CUDA_PATH=$tmp/cuda "$warpc" k.py -o k4.o 2>err || rc=$?
[ "$rc" = 2 ] || fail "nvcc: exit $rc, want 2: $(cat err)"
grep -q "$msg" err || fail "nvcc: no message naming the builtin: $(cat err)"
grep -q 'k.py(7): error: identifier "wp_adj_div_float32_mat33f" is undefined' err ||
  fail "nvcc: its own message is not shown: $(cat err)"
[ ! -e k4.o ] || fail "nvcc: an object was written"
echo ok
