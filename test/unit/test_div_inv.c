/* test_div_inv.c - the prelude's division by a launch-invariant divisor
 * (wp_div_inv_int32 / wp_mod_inv / wp_floordiv_inv, int32 and uint32: a
 * multiply by a reciprocal on the CPU) gives wp_div / wp_mod /
 * wp_floordiv's results for every divisor class: 0, 1, -1, 2, powers of
 * two, INT32_MIN, INT32_MAX, UINT32_MAX, and a spread of dividends over
 * the whole range (both signs, the extremes). */
#include <warp/warp.h>

#include <stdint.h>
#include <stdio.h>

/* The prelude's unsigned abs/sign/step compare with 0. */
#pragma GCC diagnostic ignored "-Wtype-limits"
#include "emit/prelude/0core.h"

#include "check.h"

CHECK_TALLY;

static const int64_t special[] = {0,
                                  1,
                                  -1,
                                  2,
                                  -2,
                                  3,
                                  7,
                                  128,
                                  1000,
                                  65536,
                                  -65536,
                                  1 << 30,
                                  INT32_MAX,
                                  INT32_MIN,
                                  INT32_MAX - 1,
                                  INT32_MIN + 1,
                                  0x7fffffffll * 2 + 1,
                                  3000000000ll};

static int check_int32(int32_t a, int32_t b) {
  return wp_div_inv_int32(a, b) == wp_div_int32(a, b) &&
         wp_mod_inv_int32(a, b) == wp_mod_int32(a, b) &&
         wp_floordiv_inv_int32(a, b) == wp_floordiv_int32(a, b);
}

static int check_uint32(uint32_t a, uint32_t b) {
  return wp_div_inv_uint32(a, b) == wp_div_uint32(a, b) &&
         wp_mod_inv_uint32(a, b) == wp_mod_uint32(a, b) &&
         wp_floordiv_inv_uint32(a, b) == wp_floordiv_uint32(a, b);
}

int main(void) {
  enum { NS = sizeof special / sizeof *special };
  long bad = 0, n = 0;
  /* divisors: the special ones and -300..300; dividends: the special
     ones and a stride over all 2^32 patterns */
  for (int di = -300; di <= 300 + NS; di++) {
    int64_t d = di <= 300 ? di : special[di - 301];
    for (int64_t x = INT32_MIN; x <= INT32_MAX; x += 65521) {
      bad += !check_int32((int32_t)x, (int32_t)d);
      bad += !check_uint32((uint32_t)x, (uint32_t)d);
      n += 2;
    }
    for (int k = 0; k < NS; k++) {
      bad += !check_int32((int32_t)special[k], (int32_t)d);
      bad += !check_uint32((uint32_t)special[k], (uint32_t)d);
      n += 2;
    }
  }
  printf("%ld pairs checked\n", n);
  CHECK(bad == 0);
  CHECK(wp_div_inv_int32(INT32_MIN, -1) == INT32_MIN); /* wraps, as wp_div */
  CHECK(wp_floordiv_inv_int32(-7, 2) == -4 && wp_mod_inv_int32(-7, 2) == -1);
  CHECK(wp_div_inv_uint32(UINT32_MAX, 1) == UINT32_MAX);
  CHECK(wp_div_inv_int32(5, 0) == 0 && wp_mod_inv_uint32(5, 0) == 0);
  return check_report(NULL);
}
