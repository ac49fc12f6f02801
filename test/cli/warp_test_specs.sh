#!/usr/bin/env bash
# e2e.py's specs of warp-lang's own test files (test/warp_tests/, see
# test/e2e/README.md): a spec's kernel lists are checked against TARGET,
# and an XFAIL entry must still fail with its diagnostic.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
export WARPC_E2E_NO_CUDA=1
e2e() { python3 "$root/test/tools/e2e.py" --work-dir "$tmp/e2e" "$@"; }

# the extract keeps TARGET's lines and drops what the kernel does not use
python3 - "$root" <<'PY' || fail "extract"
import sys
sys.path.insert(0, sys.argv[1] + "/test/tools")
import warp_tests as w
src = "import warp as wp\nK = 3\nJ = 4\n\n@wp.func\ndef f(x: float):\n    return x * float(K)\n\n" \
      "@wp.func_grad(f)\ndef adj_f(x: float, adj_ret: float):\n    wp.adjoint[x] += adj_ret\n\n" \
      "@wp.func\ndef g(x: float):\n    return x + float(J)\n\n" \
      "@wp.kernel\ndef k1(a: wp.array(dtype=float)):\n    a[0] = f(a[0])\n\n" \
      "@wp.kernel\ndef k2(a: wp.array(dtype=float)):\n    a[0] = g(a[0])\n\nprint('host code')\n"
out = w.extract(src, ["k1"])
assert len(out.splitlines()) == len(src.splitlines()), "line count"
for keep in ("K = 3", "def f(", "def adj_f(", "def k1("):
    assert keep in out, keep
for drop in ("J = 4", "def g(", "def k2(", "print("):
    assert drop not in out, drop
assert out.splitlines().index("def k1(a: wp.array(dtype=float)):") == src.splitlines().index(
    "def k1(a: wp.array(dtype=float)):")
PY

# XFAIL entries need kernels warpc rejects: a warpc that rejects
# grad_kernel and safe_sqrt_kernel of test_func.py (which warpc compiles)
# and is the real one otherwise, so the checks do not depend on what
# warpc has yet
cat > "$tmp/warpc" <<SH
#!/usr/bin/env bash
for a in "\$@"; do
  case "\$a" in
  *.py) for k in grad_kernel safe_sqrt_kernel; do
      if grep -q "^def \$k(" "\$a"; then
        echo "\$a:1:1: error: fake rejection of \$k" >&2
        exit 1
      fi
    done ;;
  esac
done
exec "$root/build/bin/warpc" "\$@"
SH
chmod +x "$tmp/warpc"
export WARPC="$tmp/warpc"

spec() { # NAME BODY: a spec of warp/tests/test_func.py
  printf 'TARGET = "warp/tests/test_func.py"\nTESTS = []\n%s\n' "$2" > "$1.py"
}
all_func='UNTESTED = {k: "x" for k in ("test_overload_func", "test_override_func", "test_return_kernel",
    "test_func_defaults", "test_builtin_shadowing", "user_func_with_defaults_kernel",
    "test_user_func_return_multiple_values", "user_func_overload_resolution_kernel",
    "test_return_annotation_none")}'

# a kernel in none of the lists
spec missing "$all_func"
e2e missing.py > out.txt 2>&1 && fail "a spec missing kernels passed: $(cat out.txt)"
grep -q "kernel 'grad_kernel' of warp/tests/test_func.py is in none of TESTS, XFAIL, UNTESTED" out.txt ||
  fail "no message for the missing kernel: $(cat out.txt)"

# XFAIL with warpc's diagnostic passes; another text fails; a kernel that
# compiles fails
spec good "$all_func
XFAIL = {\"grad_kernel\": \"fake rejection of grad_kernel\", \"safe_sqrt_kernel\": \"fake rejection\"}"
e2e good.py > out.txt 2>&1 || fail "a true XFAIL list failed: $(cat out.txt)"
grep -q "^xfail good grad_kernel: fake rejection of grad_kernel" out.txt || fail "no xfail line: $(cat out.txt)"
grep -q "11 module-level kernel(s): 0 tested (0 test(s), 0 failure(s)), 2 xfail" out.txt ||
  fail "no summary: $(cat out.txt)"

spec wrong "$all_func
XFAIL = {\"grad_kernel\": \"some other error\", \"safe_sqrt_kernel\": \"fake rejection\"}"
e2e wrong.py > out.txt 2>&1 && fail "a wrong XFAIL diagnostic passed: $(cat out.txt)"
grep -q "FAIL wrong grad_kernel: XFAIL kernel fails differently" out.txt || fail "no message: $(cat out.txt)"

spec xpass "${all_func/\"test_return_kernel\",/}
XFAIL = {\"grad_kernel\": \"fake\", \"safe_sqrt_kernel\": \"fake\", \"test_return_kernel\": \"x\"}"
e2e xpass.py > out.txt 2>&1 && fail "an XFAIL kernel that compiles passed: $(cat out.txt)"
grep -q "FAIL xpass test_return_kernel: XFAIL kernel now compiles" out.txt || fail "no message: $(cat out.txt)"
exit 0
