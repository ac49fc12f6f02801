/* cpu_level.c - wp_cpu_level (<warp/abi.h>): the x86-64 micro-architecture
 * level of the running CPU, which picks the CPU variant of a kernel built
 * with `warpc --cpu=x86-64,x86-64-v3,...`. */
#include "internal.h"

#include <stdatomic.h>
#include <stdlib.h>

/* The levels of the x86-64 psABI (x86-64-v2: SSE3, SSSE3, SSE4.1, SSE4.2,
 * POPCNT; v3: AVX, AVX2, BMI1, BMI2, FMA; v4: AVX-512 F, BW, CD, DQ, VL),
 * as the compiler's CPU-feature builtins see them (which include the OS's
 * support of the AVX and AVX-512 register state).  The v3 and v4 lists
 * leave out what these builtins cannot name in every compiler (F16C,
 * LZCNT, MOVBE, ...): no CPU has AVX2 and BMI2 without them. */
static int detect(void) {
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
  __builtin_cpu_init();
  int level = 1;
  if (__builtin_cpu_supports("sse3") && __builtin_cpu_supports("ssse3") &&
      __builtin_cpu_supports("sse4.1") && __builtin_cpu_supports("sse4.2") &&
      __builtin_cpu_supports("popcnt"))
    level = 2;
  if (level == 2 && __builtin_cpu_supports("avx") &&
      __builtin_cpu_supports("avx2") && __builtin_cpu_supports("bmi") &&
      __builtin_cpu_supports("bmi2") && __builtin_cpu_supports("fma"))
    level = 3;
  if (level == 3 && __builtin_cpu_supports("avx512f") &&
      __builtin_cpu_supports("avx512bw") &&
      __builtin_cpu_supports("avx512cd") &&
      __builtin_cpu_supports("avx512dq") && __builtin_cpu_supports("avx512vl"))
    level = 4;
  return level;
#else
  return 0;
#endif
}

int wp_cpu_level(void) {
  static _Atomic int cached = -1; /* the same on every thread: no race
                                     beyond computing it twice */
  int level = atomic_load_explicit(&cached, memory_order_relaxed);
  if (level >= 0)
    return level;
  level = detect();
  /* WARP_CPU_LEVEL=N caps it (1: the baseline code), for tests and for
     comparing variants */
  const char *cap = getenv("WARP_CPU_LEVEL");
  if (level > 0 && cap && *cap >= '1' && *cap <= '4' && !cap[1] &&
      *cap - '0' < level)
    level = *cap - '0';
  atomic_store_explicit(&cached, level, memory_order_relaxed);
  return level;
}
