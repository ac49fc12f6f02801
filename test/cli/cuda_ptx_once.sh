#!/usr/bin/env bash
# nvcc -ptx runs once per module when its CUDA C does not depend on the
# arch (wp_cuda_arch_neutral): the highest arch's PTX is the lowest arch's
# with its .target line changed.  That PTX is byte for byte what nvcc makes
# for the highest arch (warpc --emit=ptx runs nvcc for it), and so is the
# object (the same as with the -Xnvcc path, which still runs nvcc per PTX
# arch).  Modules whose CUDA C tests the arch get both nvcc runs: a
# bfloat16 type, a kernel's cluster_dim, a @wp.func_native snippet (an
# invalid one is the C compiler's error alone, as without CUDA).  The
# prelude and the emitter test the arch in those places only (a new test
# of __CUDA_ARCH__ must extend wp_cuda_arch_neutral).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

# the CUDA C's tests of the arch's version: wp_f2bf and __cluster_dims__
grep -n '__CUDA_ARCH__ *[<>=!]\|__CUDA_ARCH_\(LIST\|FEAT\|SPECIFIC\|FAMILY\)' \
  "$root"/lib/emit/prelude/*.h "$root"/lib/emit/*.c | grep -v '/device\.c:' |
  sed 's/:[0-9]*:/: /' >tests.txt
want="$root/lib/emit/prelude/0small.h: #if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 800
$root/lib/emit/emit_kernel.c:             \"\\n#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900\\n\""
[ "$(cat tests.txt)" = "$want" ] ||
  fail "the CUDA C tests the arch in new places (extend wp_cuda_arch_neutral, lib/emit/device.c): $(cat tests.txt)"
grep -B12 '__CUDA_ARCH__ >= 800' "$root/lib/emit/prelude/0small.h" | grep -q 'wp_f2bf' ||
  fail "0small.h: the sm_80 test is no longer in wp_f2bf"

bin=$(dirname "$(command -v nvcc 2>/dev/null || echo /usr/local/cuda/bin/nvcc)")
[ -x "$bin/nvcc" ] || skip "no CUDA toolkit"
cuobjdump=$root/build/deps/bin/cuobjdump
[ -x "$cuobjdump" ] || cuobjdump=$bin/cuobjdump
[ -x "$cuobjdump" ] || skip "no cuobjdump (scripts/deps.sh test installs it)"

cat >k.py <<'PY'
import warp as wp

@wp.func
def f(p: wp.vec3, r: float):
    return wp.length(p) - r

@wp.kernel
def k(a: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for j in range(8):
        s += wp.max(f(a[i] * float(j), 0.5), 0.0)
    wp.atomic_add(out, 0, s)
PY
nvcc_runs() { grep -c '/nvcc -ptx' "$1" || true; }
# PTX without its comments and extra blanks (fatbinary drops them)
bare() {
  sed -e 's://.*$::' -e 's/[[:space:]][[:space:]]*/ /g' -e 's/^ //' -e 's/ $//' "$1" |
    grep -v '^$'
}
same_ptx() { [ "$(bare "$1")" = "$(bare "$2")" ]; }

"$warpc" -v k.py -o k.o 2>v.txt || fail "k.py: $(cat v.txt)"
[ "$(nvcc_runs v.txt)" = 1 ] || fail "k.py: not one nvcc run: $(grep nvcc v.txt)"
"$warpc" --emit=ptx k.py -o k90.ptx || fail "--emit=ptx"
grep -qx '.target sm_90' k90.ptx || fail "--emit=ptx: not compute_90: $(head -20 k90.ptx)"
mkdir x && (cd x && "$cuobjdump" -xptx all ../k.o >/dev/null) || fail "cuobjdump -xptx"
p90=$(grep -lx '.target sm_90' x/*.ptx) || fail "no compute_90 PTX in k.o"
same_ptx "$p90" k90.ptx || fail "the derived compute_90 PTX is not nvcc's: $(diff "$p90" k90.ptx | head)"
p75=$(grep -lx '.target sm_75' x/*.ptx) || fail "no compute_75 PTX in k.o"
"$warpc" --emit=ptx --cuda-arch sm_75 k.py -o k75.ptx || fail "--emit=ptx sm_75"
same_ptx "$p75" k75.ptx || fail "the compute_75 PTX is not nvcc's"
# -Xnvcc takes the path of one nvcc per PTX arch: the same object
"$warpc" -v -Xnvcc -std=c++17 k.py -o two.o 2>v2.txt || fail "-Xnvcc: $(cat v2.txt)"
[ "$(nvcc_runs v2.txt)" = 2 ] || fail "-Xnvcc: not two nvcc runs: $(grep nvcc v2.txt)"
cmp -s k.o two.o || fail "one nvcc run and two give different objects"
# --emit=fatbin too
"$warpc" -v --emit=fatbin k.py -o k.fatbin 2>v3.txt || fail "--emit=fatbin: $(cat v3.txt)"
[ "$(nvcc_runs v3.txt)" = 1 ] || fail "--emit=fatbin: not one nvcc run"

# modules whose CUDA C tests the arch: nvcc for each PTX arch
cat >bf.py <<'PY'
import warp as wp

@wp.kernel
def k(a: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    a[i] = a[i] * a[i]
PY
cat >cl.py <<'PY'
import warp as wp

@wp.kernel(cluster_dim=2)
def k(a: wp.array(dtype=float)):
    a[wp.tid()] = 1.0
PY
cat >nat.py <<'PY'
import warp as wp

@wp.func_native("return x * 2.0f;")
def twice(x: float) -> float: ...

@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])
PY
for m in bf cl nat; do
  "$warpc" -v $m.py -o $m.o 2>v.txt || fail "$m.py: $(cat v.txt)"
  [ "$(nvcc_runs v.txt)" = 2 ] || fail "$m.py: not two nvcc runs: $(grep nvcc v.txt)"
done
# an invalid snippet fails the host compile and nvcc, which run at once:
# the C compiler's error alone, exit 1 (as with --no-cuda)
cat >badnat.py <<'PY'
import warp as wp

@wp.func_native("return static_cast<float>(x) * 2.0f oops;")
def twice(x: float) -> float: ...

@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = twice(a[i])
PY
for j in 1 2 8; do
  rc=0
  "$warpc" -j $j badnat.py -o bad.o 2>err || rc=$?
  [ "$rc" = 1 ] && grep -q 'snippet is not valid C' err || fail "bad snippet -j $j: exit $rc: $(cat err)"
  ! grep -q 'nvcc\|module.cu' err || fail "bad snippet -j $j: nvcc's error shown too: $(cat err)"
done
# one arch: one run
"$warpc" -v --cuda-arch sm_80 bf.py -o bf2.o 2>v.txt || fail "bf.py sm_80"
[ "$(nvcc_runs v.txt)" = 1 ] || fail "bf.py sm_80: $(grep nvcc v.txt)"
echo ok
