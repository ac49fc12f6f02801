/* 7util.h - utility builtins of generated code: lower_bound, sample_cdf,
 * block_dim, breakpoint, wp.cast's bit reinterpretation (WP_BITCAST) and
 * curlnoise. */

/* ---- lower_bound(arr, [begin, end,] value) ---------------------------------
 * Binary search of a sorted 1-d array for the first element >= value in
 * [begin, end); Warp's search never looks past end - 1, so a value above
 * every element gives end - 1 (and an empty range gives begin). */
#define WP_LOWER_BOUND(N, T)                                                   \
  WP_FN wp_int32 wp_lower_bound_array_##N##_int32_int32_##N(                   \
      wp_array a, wp_int32 lo, wp_int32 hi, T v) {                             \
    wp_int32 up = hi - 1;                                                      \
    while (lo < up) {                                                          \
      wp_int32 mid = lo + (up - lo) / 2;                                       \
      if (*WP_AT1(T, a, mid) < v)                                              \
        lo = mid + 1;                                                          \
      else                                                                     \
        up = mid;                                                              \
    }                                                                          \
    return lo;                                                                 \
  }                                                                            \
  WP_FN wp_int32 wp_lower_bound_array_##N##_##N(wp_array a, T v) {             \
    return wp_lower_bound_array_##N##_int32_int32_##N(                         \
        a, 0, (wp_int32)a.shape[0], v);                                        \
  }
WP_LOWER_BOUND(int8, wp_int8)
WP_LOWER_BOUND(uint8, wp_uint8)
WP_LOWER_BOUND(int16, wp_int16)
WP_LOWER_BOUND(uint16, wp_uint16)
WP_LOWER_BOUND(int32, wp_int32)
WP_LOWER_BOUND(uint32, wp_uint32)
WP_LOWER_BOUND(int64, wp_int64)
WP_LOWER_BOUND(uint64, wp_uint64)
WP_LOWER_BOUND(float32, float)
WP_LOWER_BOUND(float64, double)

/* sample_cdf(state, cdf): one uniform draw searched in the cdf (the state
 * advance is a separate wp__rand_steps_uint32, see 3random.h) */
WP_FN wp_int32 wp_sample_cdf_uint32_array_float32(wp_uint32 s, wp_array cdf) {
  return wp_lower_bound_array_float32_float32(cdf, wp__randf(&s));
}

/* ---- block_dim(): threads per block; 1 on the CPU, as in Warp ---------- */
#ifdef __CUDACC__
WP_FN wp_int32 wp_block_dim(void) {
  return (wp_int32)blockDim.x;
}
#else
WP_FN wp_int32 wp_block_dim(void) {
  return 1;
}
#endif

/* ---- breakpoint(): a debugger trap (SIGTRAP without a debugger, as Warp's
 * CPU code gives) ------------------------------------------------------------
 */
#if defined(__CUDACC__)
#define wp_breakpoint() __brkpt()
#elif defined(__x86_64__) || defined(__i386__)
#define wp_breakpoint() __asm__ volatile("int3")
#elif defined(__aarch64__)
#define wp_breakpoint() __asm__ volatile("brk #0xf000")
#else
#define wp_breakpoint() __builtin_trap()
#endif

/* ---- wp.cast(x, T): the bits of x read as a T (same size) ---------------- */
#ifdef __CUDACC__
template <typename TO, typename FROM>
__device__ __forceinline__ TO wp__bitcast(FROM x) {
  TO r;
  __builtin_memcpy(&r, &x, sizeof r);
  return r;
}
#define WP_BITCAST(TO, FROM, x) wp__bitcast<TO, FROM>(x)
#else
#define WP_BITCAST(TO, FROM, x)                                                \
  (((union {                                                                   \
     FROM f;                                                                   \
     TO t;                                                                     \
   }){.f = (x)})                                                               \
       .t)
#endif
