#!/usr/bin/env bash
# e2e.py's specs of warp-lang's test files: kernels defined inside TARGET's
# functions ("f.k", "f.g.k[tag]" with BIND), lifted to module level by
# test/tools/warp_tests.py (lift) for warp-lang and warpc alike
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
export WARPC_E2E_NO_CUDA=1

cat > src.py <<'PY'
import warp as wp

SCALE = 3.0


def test_one(test, device):
    N = 4
    dtype = wp.float32

    @wp.func
    def twice(x: dtype):
        return x * dtype(2.0)

    @wp.kernel
    def k(a: wp.array[dtype], out: wp.array[dtype]):
        i = wp.tid()
        N = 7  # the kernel's own local, not the function's
        out[i] = twice(a[i]) * SCALE + dtype(N)

    wp.launch(k, dim=N, inputs=[wp.zeros(N), wp.zeros(N)])


def make(n, dt):
    def inner(scale):
        @wp.kernel
        def k(out: wp.array[dt]):
            i = wp.tid()
            if i < n:
                out[i] = dt(scale) * dt(i)

        return k

    return inner(2.0)


def test_loop(test, device):
    for dt in (wp.float32, wp.float64):

        @wp.kernel
        def k(out: wp.array[dt]):
            out[0] = dt(1.0)
PY

python3 - "$root" <<'PY' || fail "lift"
import ast, sys
sys.path.insert(0, sys.argv[1] + "/test/tools")
import warp_tests as w

src = open("src.py").read()
assert list(w.nested_kernels(ast.parse(src))) == ["test_one.k", "make.inner.k", "test_loop.k"], \
    w.nested_kernels(ast.parse(src))
refs = ["test_one.k", "make.inner.k[a]", "make.inner.k[b]"]
bind = {"make.inner.k[a]": dict(n=3, dt="wp.float32", scale=2.0),
        "make.inner.k[b]": dict(n=5, dt="wp.float64", scale=0.5)}
out, names = w.lift(src, refs, bind)
assert names == {"test_one.k": "test_one__k", "make.inner.k[a]": "make__inner__k__a",
                 "make.inner.k[b]": "make__inner__k__b"}, names
o, s = out.splitlines(), src.splitlines()
# the first instance keeps TARGET's lines, dedented, with the function's
# names renamed; its own locals are left alone
ln = s.index("    def k(a: wp.array[dtype], out: wp.array[dtype]):")
assert o[ln] == "def test_one__k(a: wp.array[test_one__dtype], out: wp.array[test_one__dtype]):", o[ln]
assert o[ln + 2] == "    N = 7  # the kernel's own local, not the function's", o[ln + 2]
assert o[ln + 3] == "    out[i] = test_one__twice(a[i]) * SCALE + test_one__dtype(N)", o[ln + 3]
assert o[s.index("    N = 4")] == "", "N = 4 is not used by the kernel"
assert o[s.index("    dtype = wp.float32")] == "test_one__dtype = wp.float32"
assert o[s.index("    def twice(x: dtype):")] == "def test_one__twice(x: test_one__dtype):"
assert "wp.launch(" not in out, "the host code of the function is left out"
# BIND: one statement per function on a free line before the kernel; a
# second instance at the end of the file
before = o[s.index("def make(n, dt):"):s.index("        @wp.kernel")]
assert "make__n__a, make__dt__a = (3, wp.float32)" in before and "make__inner__scale__a = 2.0" in before, out
tail = o[o.index("# lifted by test/tools/warp_tests.py: more instances of the kernels above"):]
assert "make__n__b, make__dt__b = (5, wp.float64)" in tail and "make__inner__scale__b = 0.5" in tail, tail
assert "def make__inner__k__b(out: wp.array[make__dt__b]):" in tail, tail
compile(out, "lifted.py", "exec")
open("lifted.py", "w").write(w.extract(out, list(names.values())))


def err(refs, bind=None):
    try:
        w.lift(src, refs, bind)
    except w.LiftError as e:
        return str(e)
    raise AssertionError(f"lift({refs}) did not fail")


e = err(["make.inner.k"])
assert "'make.inner.k': the kernel refers to 'n', a parameter of make(); give its value in BIND['make.inner.k']" \
    in e, e
e = err(["test_loop.k"])
assert "refers to 'dt', a local bound in a block or more than once of test_loop()" in e, e
assert "not a kernel inside a function" in err(["test_one.k"], {"test_two.k": {}})
assert "gives ['M']" in err(["test_one.k"], {"test_one.k": dict(M=1)})
assert "no @wp.kernel 'q'" in err(["test_one.q"])
PY

# warpc compiles the lifted kernels under their lifted names; warp-lang runs them
"$warpc" lifted.py -o lifted.o --no-cuda --module t > warpc.log 2>&1 || fail "warpc: $(cat warpc.log)"
for l in t_test_one__k t_make__inner__k__a t_make__inner__k__b; do
  grep -q "wp_status $l(" lifted.h || fail "no launcher $l in lifted.h"
done
python3 - <<'PY' || fail "warp-lang on the lifted source"
import importlib.util, numpy as np, warp as wp
wp.config.log_level = 40
spec = importlib.util.spec_from_file_location("lifted", "lifted.py")
m = importlib.util.module_from_spec(spec)
spec.loader.exec_module(m)
a, out = wp.array(np.arange(4, dtype=np.float32), device="cpu"), wp.zeros(4, device="cpu")
wp.launch(m.test_one__k, dim=4, inputs=[a, out], device="cpu")
assert out.numpy().tolist() == [7.0, 13.0, 19.0, 25.0], out.numpy()
o = wp.zeros(6, dtype=wp.float64, device="cpu")
wp.launch(m.make__inner__k__b, dim=6, inputs=[o], device="cpu")
assert o.numpy().tolist() == [0.0, 0.5, 1.0, 1.5, 2.0, 0.0], o.numpy()
PY

# a spec: nested kernels are named by path; once one is, all must be
e2e() { python3 "$root/test/tools/e2e.py" --work-dir "$tmp/e2e" "$@"; }
S='TARGET = "warp/tests/tile/test_tile_sort.py"'
printf '%s\nTESTS = []\nUNTESTED = {"create_sort_kernel.tile_sort_kernel": "x"}\n' "$S" > some.py
e2e some.py > out.txt 2>&1 && fail "a spec missing nested kernels passed: $(cat out.txt)"
grep -q "kernel 'create_bfloat16_payload_sort_kernel.tile_sort_bfloat16_kernel' (inside a function) of warp/tests/tile/test_tile_sort.py is in none of TESTS, XFAIL, UNTESTED" out.txt ||
  fail "no message for the missing nested kernel: $(cat out.txt)"
printf '%s\nTESTS = []\nUNTESTED = {"create_sort_kernel.nope": "x"}\n' "$S" > wrong.py
e2e wrong.py > out.txt 2>&1 && fail "a wrong path passed"
grep -q "'create_sort_kernel.nope' is not a @wp.kernel inside a function of warp/tests/tile/test_tile_sort.py" out.txt ||
  fail "no message for the wrong path: $(cat out.txt)"
# a kernel that closes over a factory's parameter needs BIND
cat > nobind.py <<PY
$S
TESTS = [dict(kernel="create_bfloat16_payload_sort_kernel.tile_sort_bfloat16_kernel", dim=1, block_dim=32)]
UNTESTED = {k: "x" for k in ("create_sort_kernel.tile_sort_kernel",
            "test_tile_sort_same_tile_for_keys_and_values.create_kernel.sort_kernel",
            "create_surviving_lane_sort_kernel.tile_sort_surviving_lane_kernel")}
PY
e2e nobind.py > out.txt 2>&1 && fail "a kernel with a free parameter passed without BIND"
grep -q "refers to 'length', a parameter of create_bfloat16_payload_sort_kernel(); give its value in BIND" out.txt ||
  fail "no message for the missing BIND: $(cat out.txt)"
# the summary counts the kernels inside functions of a spec that leaves them out
printf 'TARGET = "warp/tests/test_func.py"\nTESTS = []\nUNTESTED = {k: "x" for k in %s}\n' \
  '("test_overload_func", "test_override_func", "test_return_kernel", "test_func_defaults", "test_builtin_shadowing", "user_func_with_defaults_kernel", "test_user_func_return_multiple_values", "user_func_overload_resolution_kernel", "test_return_annotation_none", "grad_kernel", "safe_sqrt_kernel")' > count.py
e2e count.py > out.txt 2>&1 || fail "count.py: $(cat out.txt)"
grep -q "1 kernel(s) inside functions: not in this spec (not counted above)" out.txt ||
  fail "no count of the kernels inside functions: $(cat out.txt)"
# STUB_MODULES: an import of TARGET's host code that is not installed
if ! python3 -c "import PIL" 2>/dev/null; then
  printf 'TARGET = "warp/examples/tile/example_tile_mlp.py"\nTESTS = []\nUNTESTED = {"compute": "x"}\n' > nostub.py
  e2e nostub.py > out.txt 2>&1 && fail "TARGET imported without its PIL: $(cat out.txt)"
  grep -q "No module named 'PIL'" out.txt || fail "no message for the missing PIL: $(cat out.txt)"
  printf 'STUB_MODULES = ["PIL"]\n' >> nostub.py
  e2e nostub.py > out.txt 2>&1 || fail "STUB_MODULES did not stub PIL: $(cat out.txt)"
fi
exit 0
