#!/usr/bin/env bash
# print(), wp.printf and wp.expect_eq / expect_near on values of more than
# 16 components (a 10x3 matrix from Warp's own test_mat.py, a 6x6 spatial
# matrix, a 20-vector, a wp.printf of Warp's most, 32 values) print what
# warp-lang prints.  Past 32 values (CUDA printf's limit) a print is split
# into several printf calls; warpc once overflowed a 16-entry buffer on
# expect_eq here.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"
cat >kernels.py <<'PY'
import warp as wp

mat103 = wp.types.matrix(shape=(10, 3), dtype=float)
vec20 = wp.types.vector(length=20, dtype=float)


@wp.kernel
def big(out: wp.array(dtype=float)):
    a = mat103()
    b = mat103()
    for r in range(10):
        for c in range(3):
            a[r, c] = float(r * 3 + c)
            b[r, c] = float(r * 3 + c)
    b[9, 2] = 0.5
    wp.expect_eq(a, a)
    wp.expect_eq(a, b)
    wp.expect_neq(a, b)
    s = wp.spatial_matrix(1.5)
    print(s)
    wp.expect_near(s, s * 2.0, 0.25)
    print(vec20(0.25))
    wp.printf("%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %d "
              "%d %d %d %d %d %d %d %d %d %d %d %d %d %d %d %g|100%%\n",
              1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
              17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 0.5)
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
wp.launch(kernels.big, dim=1, inputs=[out], device="cpu")
wp.synchronize()
PY
# --no-adjoint: the backward of this kernel is large C and slow to build
"$warpc" --no-adjoint kernels.py -o kernels.o 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cat >main.c <<'C'
#include <stdio.h>
#include <warp/warp.h>
#include "kernels.h"

int main(void) {
  wp_array out;
  wp_int64 n = 1;
  if (wp_array_alloc(&out, WP_FLOAT32, 0, 1, &n, 0, WP_DEVICE_CPU))
    return 10;
  if (kernels_big(&WP_LAUNCH_1D(1), &out) != WP_SUCCESS)
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
grep -q '^kernels.py:17: Error, expect_eq() failed' got.txt ||
  fail "no .py position: $(cat got.txt)"
sed -e 's/^kernels\.py:[0-9]*: //' -e '/^out 1$/d' got.txt >got_plain.txt
[ -s expected.txt ] || fail "warp-lang printed nothing"
diff expected.txt got_plain.txt >diff.txt || fail "output differs from warp-lang:
$(cat diff.txt)"
echo ok
