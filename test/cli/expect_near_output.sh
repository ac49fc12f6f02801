#!/usr/bin/env bash
# wp.expect_near failures print what warp-lang prints (scalar, vector,
# matrix and quaternion overloads, default and explicit tolerances), each
# message prefixed with the .py position of the call; the kernel goes on.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp


@wp.kernel
def near(out: wp.array(dtype=float)):
    wp.expect_near(1.0, 1.5)
    wp.expect_near(2.0, 2.25, 0.125)
    wp.expect_near(wp.vec3(1.0, 2.0, 3.0), wp.vec3(1.0, 2.5, 3.0), 0.25)
    wp.expect_near(wp.mat22(1.0, 2.0, 3.0, 4.0), wp.mat22(1.0, 2.0, 3.0, 4.75))
    wp.expect_near(wp.quat(0.0, 0.0, 0.0, 1.0), wp.quat(0.0, 0.5, 0.0, 1.0), 0.0625)
    wp.expect_near(wp.float64(1.0), wp.float64(1.0))
    wp.expect_near(wp.vec2(1.0, 2.0), wp.vec2(1.0, 2.5), tolerance=0.25)
    out[0] = 1.0
PY
python3 - >expected.txt <<'PY' || fail "warp-lang failed"
import sys, warnings
warnings.simplefilter("ignore")
import warp as wp
wp.config.log_level = 40  # ERROR: no banner (1.19 deprecates config.quiet)
sys.path.insert(0, ".")
import kernels
out = wp.zeros(1, dtype=float, device="cpu")
sys.stdout.flush()
wp.launch(kernels.near, dim=1, inputs=[out], device="cpu")
wp.synchronize()
PY
"$warpc" kernels.py -o kernels.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"

int main(void) {
  wp_array out;
  wp_int64 n = 1;
  if (wp_array_alloc(&out, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU))
    return 10;
  if (kernels_near(&WP_LAUNCH_1D(1), &out) != WP_SUCCESS)
    return 11;
  fflush(stdout);
  printf("out %g\n", ((float *)out.data)[0]);
  wp_array_free(&out);
  wp_shutdown();
  return 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c kernels.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
./app >got.txt || fail "app exited $?"
grep -qx 'out 1' got.txt || fail "the kernel did not go on: $(cat got.txt)"
grep -q '^kernels.py:6: Error, expect_near() failed' got.txt ||
  fail "no .py position: $(cat got.txt)"
sed -e 's/^kernels\.py:[0-9]*: //' -e '/^out 1$/d' got.txt >got_plain.txt
[ -s expected.txt ] || fail "warp-lang printed nothing"
diff expected.txt got_plain.txt >diff.txt || fail "output differs from warp-lang:
$(cat diff.txt)"
echo ok
