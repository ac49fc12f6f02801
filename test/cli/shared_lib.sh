#!/usr/bin/env bash
# The shared runtime, build/lib/shared/libwarprt.so (Makefile):
#   - libwarprt.so links to libwarprt.so.N, whose soname it is (N:
#     WP_ABI_VERSION);
#   - nm -D: every symbol it defines is named wp_* (no wpi_* nor any other
#     internal symbol), and every function the public headers declare
#     (gcc -aux-info of <warp/warp.h>), and wp_abi_version_N, is among
#     them;
#   - a program built from a warpc object and -L build/lib/shared -lwarprt
#     needs libwarprt.so.N (no static copy of the runtime in it), runs with
#     the right results, and gets the ABI and argument errors through it;
#   - the same program against a libwarprt.so.N without wp_abi_version_N
#     (a runtime of another ABI) does not start: "undefined symbol:
#     wp_abi_version_N";
#   - make install puts lib/libwarprt.so.N and the link lib/libwarprt.so
#     beside lib/libwarprt.a: a program linked with -L PREFIX/lib -lwarprt
#     uses the shared runtime and runs;
#   - the CMake package with -DWARPC_SHARED_RUNTIME=ON builds samples/cmake
#     against the shared runtime, which runs; with a cross target it is a
#     configure error.
# ctest: RESOURCE_LOCK build-tree
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
. "$root/test/tools/install_lib.sh"
abi=$(sed -n 's/^#define WP_ABI_VERSION \([0-9]*\)$/\1/p' "$root/runtime/include/warp/abi.h")
[ -n "$abi" ] || fail "no WP_ABI_VERSION in abi.h"
so_dir=$root/build/lib/shared
so=$so_dir/libwarprt.so.$abi
[ -f "$so" ] || fail "$so is missing (run make)"
[ "$(readlink "$so_dir/libwarprt.so")" = "libwarprt.so.$abi" ] ||
  fail "build/lib/shared/libwarprt.so does not link to libwarprt.so.$abi: $(ls -l "$so_dir")"
soname=$(readelf -d "$so" | sed -n 's/.*(SONAME).*\[\(.*\)\]/\1/p')
[ "$soname" = "libwarprt.so.$abi" ] || fail "soname '$soname', expected libwarprt.so.$abi"

# exported: wp_* only, and all of the public API
nm -D --defined-only "$so" | awk '{print $NF}' | sort >exported
[ -s exported ] || fail "nm -D shows no symbol"
if grep -v '^wp_' exported >not_wp; then fail "symbols not named wp_* are exported: $(tr "\n" " " <not_wp)"; fi
if grep -q '^wpi_' exported; then fail "wpi_* exported"; fi
echo '#include <warp/warp.h>' >api.c
gcc -std=c11 -aux-info protos.txt -fsyntax-only -I"$root/runtime/include" api.c ||
  fail "gcc -aux-info <warp/warp.h> failed"
grep '/runtime/include/warp/' protos.txt | grep ' extern ' |
  sed -n 's/.*[ *]\(wp_[A-Za-z0-9_]*\) (.*/\1/p' | sort -u >declared
[ "$(wc -l <declared)" -ge 40 ] || fail "found only $(wc -l <declared) declarations in the headers: $(cat declared)"
grep -qx wp_launch_kernel declared || fail "wp_launch_kernel not among the declarations"
echo "wp_abi_version_$abi" >>declared
missing=$(sort -u declared | comm -23 - exported)
[ -z "$missing" ] || fail "declared in the public headers but not exported: $missing"
nm -D --defined-only "$so" | grep -q " R wp_abi_version_$abi$" || fail "wp_abi_version_$abi is not exported read-only data"

cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]
PY
"$warpc" --no-cuda kernels.py -o kernels.o 2>err || fail "warpc: $(cat err)"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"

int main(void) {
  enum { N = 3000 };
  static float xs[N], ys[N];
  for (int i = 0; i < N; i++) {
    xs[i] = (float)i;
    ys[i] = 1.0f;
  }
  wp_int64 n = N;
  wp_array x, y, p;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&y, ys, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU))
    return 10;
  if (kernels_saxpy(&WP_LAUNCH_1D(N), &x, &y, 3.0f))
    return printf("saxpy: %s\n", wp_last_error()), 11;
  printf("saxpy %g %g %g\n", ys[0], ys[1], ys[N - 1]);
  if (wp_array_alloc(&p, WP_VEC3F, 0, 1, &n, 0, WP_DEVICE_CPU))
    return 12;
  wp_status st = kernels_saxpy(&WP_LAUNCH_1D(N), &p, &y, 1.0f);
  printf("mismatch %s: %s\n", wp_status_string(st), wp_last_error());
  wp_array_free(&p);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$so_dir" -lwarprt -Wl,-rpath,"$so_dir" -lm -o app 2>link.err || fail "link against the .so failed: $(cat link.err)"
readelf -d app | grep -q "NEEDED.*\[libwarprt.so.$abi\]" || fail "app does not need libwarprt.so.$abi: $(readelf -d app | grep NEEDED)"
if nm app | grep -q ' T wp_launch_kernel$'; then fail "app holds a static copy of the runtime"; fi
./app >out.txt || fail "app exited $?: $(cat out.txt)"
grep -qx 'saxpy 1 4 8998' out.txt || fail "saxpy through the .so: $(cat out.txt)"
grep -q "^mismatch WP_ERROR_DTYPE_MISMATCH: kernels_saxpy: parameter 'x'" out.txt ||
  fail "the dtype error through the .so: $(cat out.txt)"

# a libwarprt.so.N of another ABI (no wp_abi_version_N): the program does
# not start.  Made from the same objects, exporting the same names but that
# one.
mkdir other
{
  echo '{ global:'
  grep -vx "wp_abi_version_$abi" exported | sed 's/$/;/'
  echo 'local: *; };'
} >other.map
cc -shared -pthread -Wl,-soname,"libwarprt.so.$abi" -Wl,--version-script=other.map \
  -o "other/libwarprt.so.$abi" "$root"/build/obj/runtime/src/*.o -ldl -lm 2>other.err ||
  fail "building the other runtime: $(cat other.err)"
if nm -D --defined-only "other/libwarprt.so.$abi" | grep -q wp_abi_version; then fail "the other runtime has the symbol"; fi
set +e
cc -std=c11 main.c kernels.o -I"$root/runtime/include" -L"$so_dir" -lwarprt -lm -o app2 2>link2.err
LD_LIBRARY_PATH=$PWD/other ./app2 >out2.txt 2>err2.txt
st=$?
set -e
[ -x app2 ] || fail "link without rpath failed: $(cat link2.err)"
[ $st -ne 0 ] || fail "app started against a runtime without wp_abi_version_$abi: $(cat out2.txt)"
grep -q "undefined symbol: wp_abi_version_$abi" err2.txt || fail "against the other runtime: status $st, $(cat err2.txt)"
LD_LIBRARY_PATH=$so_dir ./app2 >out3.txt || fail "app2 with LD_LIBRARY_PATH=build/lib/shared: $(cat out3.txt)"
grep -qx 'saxpy 1 4 8998' out3.txt || fail "app2: $(cat out3.txt)"

# installed: -lwarprt finds the shared runtime beside the static one
install_warpc "$tmp/d"
p=$tmp/d/usr
[ -f "$p/lib/libwarprt.so.$abi" ] && [ "$(readlink "$p/lib/libwarprt.so")" = "libwarprt.so.$abi" ] ||
  fail "installed lib/: $(ls -l "$p/lib")"
cmp -s "$so" "$p/lib/libwarprt.so.$abi" || fail "the installed .so differs from the built one"
cc -std=c11 main.c kernels.o -I"$p/include" -L"$p/lib" -lwarprt -lm -o app4 2>link4.err ||
  fail "link against the installed runtime: $(cat link4.err)"
readelf -d app4 | grep -q "NEEDED.*\[libwarprt.so.$abi\]" || fail "app4 does not need libwarprt.so.$abi"
LD_LIBRARY_PATH=$p/lib ./app4 >out4.txt || fail "app4: $(cat out4.txt)"
grep -qx 'saxpy 1 4 8998' out4.txt || fail "app4: $(cat out4.txt)"
# the CMake package with WARPC_SHARED_RUNTIME=ON: samples/cmake links the
# shared runtime (CMake's build RPATH finds it) and PASSes; a cross build
# asking for it is refused at configure time
command -v cmake >/dev/null || fail "cmake is missing"
sample_copy cmake src
cmake -S src -B b-shared -DCMAKE_PREFIX_PATH="$p" -DWARPC_SHARED_RUNTIME=ON -DWARPC_FLAGS=--no-cuda \
  >cmake.log 2>&1 || fail "cmake -DWARPC_SHARED_RUNTIME=ON: $(tail -n 20 cmake.log)"
cmake --build b-shared >>cmake.log 2>&1 || fail "build with the shared runtime: $(tail -n 30 cmake.log)"
readelf -d b-shared/cmake_sample | grep -q "NEEDED.*\[libwarprt.so.$abi\]" ||
  fail "cmake_sample does not need libwarprt.so.$abi: $(readelf -d b-shared/cmake_sample | grep NEEDED)"
./b-shared/cmake_sample >sample.out 2>&1 || fail "cmake_sample (shared): $(cat sample.out)"
grep -qx PASS sample.out || fail "cmake_sample (shared): $(cat sample.out)"
set +e
cmake -S src -B b-cross -DCMAKE_PREFIX_PATH="$p" -DWARPC_SHARED_RUNTIME=ON -DWARPC_TARGET=aarch64-linux-gnu \
  >cross.log 2>&1
st=$?
set -e
[ $st -ne 0 ] || fail "a cross build with WARPC_SHARED_RUNTIME=ON configured"
tr -s ' \n' '  ' <cross.log | grep -q "WARPC_SHARED_RUNTIME is ON, but there is no shared runtime for a cross build" ||
  fail "cross + WARPC_SHARED_RUNTIME: $(tail -n 20 cross.log)"

echo "ok: libwarprt.so.$abi exports $(wc -l <exported) wp_* symbols (the $(wc -l <declared) declared ones included), runs a warpc program, installed beside libwarprt.a"
