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

/* ---- curlnoise(state, p, octaves, lacunarity, gain) ------------------------
 * The analytic gradient of the Perlin noise of 3random.h (same lattice
 * hashes and unit gradients), summed over octaves (p scaled by lacunarity^i,
 * weighted by gain^i); 2-d: the rotated gradient of one noise field; 3-d and
 * 4-d: the curl of three fields, the second and third with the state
 * re-seeded by rand_init(state, 10019689) and rand_init(state, 13112221)
 * (which carries over to the next octave).  Every float operation is in
 * warp-lang's order, so results agree bit for bit. */

/* the unit gradient at lattice corner c (n coordinates) */
WP_FN void wp__lattice_grad(wp_uint32 s, const int *c, int n, float *g) {
  wp_uint32 p[4] = {73856093u, 19349663u, 53471161u, 10000019u};
  wp_uint32 h = (wp_uint32)c[n - 1] * p[n - 1] + s;
  for (int k = n - 2; k >= 0; k--)
    h ^= (wp_uint32)c[k] * p[k];
  float sq = 0.0f;
  for (int k = 0; k < n; k++) {
    g[k] = wp__randf(&h) - 0.5f;
    sq = k ? sq + g[k] * g[k] : g[k] * g[k];
  }
  float l = WP_MATHF(sqrt)(sq);
  for (int k = 0; k < n; k++)
    g[k] = l > 0.0f ? g[k] / l : 0.0f;
}

/* d noise / d p in the cell with lower corner c0 at offsets d (n <= 4):
 * corner values and gradients blended axis by axis, x first */
WP_FN void wp__noise_grad(wp_uint32 s, int n, const int *c0, const float *d,
                          float *out) {
  float val[16], grad[16][4];
  int m = 1 << n;
  for (int k = 0; k < m; k++) {
    int c[4];
    float off[4];
    for (int a = 0; a < n; a++) {
      int b = (k >> a) & 1;
      c[a] = c0[a] + b;
      off[a] = b ? d[a] - 1.0f : d[a];
    }
    wp__lattice_grad(s, c, n, grad[k]);
    float v = off[0] * grad[k][0];
    for (int a = 1; a < n; a++)
      v = v + off[a] * grad[k][a];
    val[k] = v;
  }
  for (int a = 0; a < n; a++) {
    float t = d[a];
    float st = t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f);
    float dst = 30.0f * t * t * (t * (t - 2.0f) + 1.0f);
    for (int j = 0; j < (m >> (a + 1)); j++) {
      float a0 = val[2 * j], a1 = val[2 * j + 1];
      float k = (a1 - a0) * dst;
      for (int q = 0; q < n; q++)
        grad[j][q] = (grad[2 * j + 1][q] - grad[2 * j][q]) * st +
                     k * (q == a ? 1.0f : 0.0f) + grad[2 * j][q];
      val[j] = (a1 - a0) * st + a0;
    }
  }
  for (int q = 0; q < n; q++)
    out[q] = grad[0][q];
}

/* the octave sums of `fields` (1 or 3) noise gradients */
WP_FN void wp__curl_sums(wp_uint32 s, int n, const float *x, wp_uint32 octaves,
                         float lacunarity, float gain, int fields,
                         float sum[3][4]) {
  for (int f = 0; f < 3; f++)
    for (int a = 0; a < 4; a++)
      sum[f][a] = 0.0f;
  float freq = 1.0f, amp = 1.0f;
  for (wp_uint32 i = 0; i < octaves; i++) {
    int c0[4];
    float d[4];
    for (int a = 0; a < n; a++) {
      float p = freq * x[a];
      float fl = WP_MATHF(floor)(p);
      d[a] = p - fl;
      c0[a] = (int)fl;
    }
    for (int f = 0; f < fields; f++) {
      if (f)
        s = wp__rand_init2((wp_int32)s, f == 1 ? 10019689 : 13112221);
      float g[4];
      wp__noise_grad(s, n, c0, d, g);
      for (int a = 0; a < n; a++)
        sum[f][a] = sum[f][a] + amp * g[a];
    }
    amp *= gain;
    freq *= lacunarity;
  }
}

WP_FN wp_vec2f wp_curlnoise_uint32_vec2f_uint32_float32_float32(
    wp_uint32 s, wp_vec2f p, wp_uint32 octaves, float lacunarity, float gain) {
  float sum[3][4];
  wp__curl_sums(s, 2, p.c, octaves, lacunarity, gain, 1, sum);
  wp_vec2f r = {{-sum[0][1], sum[0][0]}};
  return r;
}

WP_FN wp_vec3f wp__curl3(float sum[3][4]) {
  wp_vec3f r = {
      {sum[2][1] - sum[1][2], sum[0][2] - sum[2][0], sum[1][0] - sum[0][1]}};
  return r;
}

WP_FN wp_vec3f wp_curlnoise_uint32_vec3f_uint32_float32_float32(
    wp_uint32 s, wp_vec3f p, wp_uint32 octaves, float lacunarity, float gain) {
  float sum[3][4];
  wp__curl_sums(s, 3, p.c, octaves, lacunarity, gain, 3, sum);
  return wp__curl3(sum);
}

WP_FN wp_vec3f wp_curlnoise_uint32_vec4f_uint32_float32_float32(
    wp_uint32 s, wp_vec4f p, wp_uint32 octaves, float lacunarity, float gain) {
  float sum[3][4];
  wp__curl_sums(s, 4, p.c, octaves, lacunarity, gain, 3, sum);
  return wp__curl3(sum);
}
