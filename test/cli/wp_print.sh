#!/usr/bin/env bash
# wp.print(x), warp-lang's builtin spelling of a kernel's print(x): scalars
# of every integer width, floats, bools, vectors, matrices and a string
# print what warp-lang 1.19.0 prints (Warp's own tests/test_print.py uses
# it).
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def show(x: wp.array(dtype=float), k: wp.array(dtype=int)):
    v = x[0]
    n = k[0]
    wp.print(v)
    wp.print("a string")
    wp.print(wp.int8(n))
    wp.print(wp.uint16(n + 40000))
    wp.print(wp.int64(n) * wp.int64(1000000000000))
    wp.print(wp.float64(v) / wp.float64(3.0))
    wp.print(n > 2)
    wp.print(wp.vec3(v, -2.0, 1.0e-7))
    wp.print(wp.mat22(1.0, v, 3.0, 4.5))
    print(v)
PY
python3 - >expected.txt <<'PY' || fail "warp-lang failed"
import sys, warnings
warnings.simplefilter("ignore")
import warp as wp
wp.config.log_level = 40
sys.path.insert(0, ".")
import kernels
x = wp.array([0.125], dtype=float, device="cpu")
k = wp.array([-7], dtype=int, device="cpu")
sys.stdout.flush()
wp.launch(kernels.show, dim=1, inputs=[x, k], device="cpu")
wp.synchronize()
PY
"$warpc" --no-cuda --no-adjoint kernels.py -o kernels.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"

int main(void) {
  float xs[1] = {0.125f};
  int ks[1] = {-7};
  wp_int64 n = 1;
  wp_array x, k;
  if (wp_array_wrap(&x, xs, WP_FLOAT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      wp_array_wrap(&k, ks, WP_INT32, 0, 1, &n, NULL, WP_DEVICE_CPU) ||
      kernels_show(&WP_LAUNCH_1D(1), &x, &k) != WP_SUCCESS)
    return 10;
  fflush(stdout);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -ldl -o app || fail "link failed"
./app >got.txt || fail "app exited $?"
[ "$(wc -l <expected.txt)" -ge 10 ] || fail "warp-lang printed: $(cat expected.txt)"
diff expected.txt got.txt >diff.txt || fail "output differs from warp-lang:
$(cat diff.txt)"
echo ok
