/* 3random.h - random numbers of generated code: rand_init, randi, randu,
 * randf, randn, sample_*, poisson.
 *
 * The generator is the PCG hash of Jarzynski & Olano ("Hash Functions for
 * GPU Rendering", JCGT 2020), applied to a 32-bit state, which is what
 * warp-lang uses; every function below consumes draws in the same order as
 * warp-lang so that sequences agree bit for bit.
 *
 * In Warp the state argument is updated in place.  warpc's IR is pure SSA:
 * the lowering (lib/lower/lower_call.c) emits the value, wp_<f>_uint32(s,...),
 * and separately the advanced state, wp__rand_steps_uint32(s, n) (n draws)
 * or wp__poisson_state_uint32(s, lam), and writes the latter back to the
 * state variable.  The value functions therefore work on a local copy.
 *
 * Overloads that differ only in arity (randi(s) / randi(s, lo, hi)) share
 * one C name: a macro dispatches on the number of arguments. */

#define WP__ARG3(a, b, c, d, ...) d

#ifndef WP_TYPE_wp_vec2f
#define WP_TYPE_wp_vec2f
typedef struct wp_vec2f {
  float c[2];
} wp_vec2f;
#endif
#ifndef WP_TYPE_wp_vec3f
#define WP_TYPE_wp_vec3f
typedef struct wp_vec3f {
  float c[3];
} wp_vec3f;
#endif
#ifndef WP_TYPE_wp_vec4f
#define WP_TYPE_wp_vec4f
typedef struct wp_vec4f {
  float c[4];
} wp_vec4f;
#endif

#define WP__TWO_PI 6.28318530717958647692f /* 2 * pi rounded to float */

WP_FN wp_uint32 wp__pcg(wp_uint32 s) {
  wp_uint32 b = s * 747796405u + 2891336453u;
  wp_uint32 c = ((b >> ((b >> 28u) + 4u)) ^ b) * 277803737u;
  return (c >> 22u) ^ c;
}

/* one draw: advance *s and return the new state */
WP_FN wp_uint32 wp__draw(wp_uint32 *s) {
  *s = wp__pcg(*s);
  return *s;
}

/* uniform in [0, 1 - 2^-24], steps of 2^-24 (the top 24 bits) */
WP_FN float wp__randf(wp_uint32 *s) {
  return (float)(wp__draw(s) >> 8) * (1.0f / 16777216.0f);
}

WP_FN float wp__randf_range(wp_uint32 *s, float lo, float hi) {
  float u = wp__randf(s);
  return (hi - lo) * u + lo;
}

/* ---- state ----------------------------------------------------------------
 */

WP_FN wp_uint32 wp__rand_init1(wp_int32 seed) {
  return wp__pcg((wp_uint32)seed);
}
WP_FN wp_uint32 wp__rand_init2(wp_int32 seed, wp_int32 offset) {
  return wp__pcg((wp_uint32)seed + wp__pcg((wp_uint32)offset));
}
#define wp_rand_init_int32(...)                                                \
  WP__ARG3(__VA_ARGS__, _, wp__rand_init2, wp__rand_init1, _)(__VA_ARGS__)

/* the state after n draws */
WP_FN wp_uint32 wp__rand_steps_uint32(wp_uint32 s, wp_int32 n) {
  for (wp_int32 i = 0; i < n; i++)
    s = wp__pcg(s);
  return s;
}

/* ---- integers and floats
 * ------------------------------------------------------ */

WP_FN wp_int32 wp__randi1(wp_uint32 s) {
  return (wp_int32)wp__pcg(s);
}
WP_FN wp_int32 wp__randi3(wp_uint32 s, wp_int32 lo, wp_int32 hi) {
  /* Warp: state % (hi - lo) + lo, in uint32 arithmetic */
  return (wp_int32)(wp__pcg(s) % (wp_uint32)(hi - lo) + (wp_uint32)lo);
}
#define wp_randi_uint32(...)                                                   \
  WP__ARG3(__VA_ARGS__, wp__randi3, _, wp__randi1, _)(__VA_ARGS__)

WP_FN wp_uint32 wp__randu1(wp_uint32 s) {
  return wp__pcg(s);
}
WP_FN wp_uint32 wp__randu3(wp_uint32 s, wp_uint32 lo, wp_uint32 hi) {
  return wp__pcg(s) % (hi - lo) + lo;
}
#define wp_randu_uint32(...)                                                   \
  WP__ARG3(__VA_ARGS__, wp__randu3, _, wp__randu1, _)(__VA_ARGS__)

WP_FN float wp__randf1(wp_uint32 s) {
  return wp__randf(&s);
}
WP_FN float wp__randf3(wp_uint32 s, float lo, float hi) {
  return wp__randf_range(&s, lo, hi);
}
#define wp_randf_uint32(...)                                                   \
  WP__ARG3(__VA_ARGS__, wp__randf3, _, wp__randf1, _)(__VA_ARGS__)

/* Box-Muller; the first draw feeds the radius, the second the angle (the
 * order warp-lang's CPU build evaluates them in).  5.96e-8f keeps the log
 * argument inside (0, 1). */
WP_FN float wp_randn_uint32(wp_uint32 s) {
  float u1 = wp__randf(&s);
  float u2 = wp__randf(&s);
  float r = WP_MATHF(sqrt)(-2.0f * WP_MATHF(log)(u1 + 5.96e-8f));
  return r * WP_MATHF(cos)(2.0f * 3.14159265358979323846f * u2);
}

/* ---- geometric samples
 * ---------------------------------------------------------- */

WP_FN wp_vec2f wp_sample_triangle_uint32(wp_uint32 s) {
  float r = WP_MATHF(sqrt)(wp__randf(&s));
  float u = 1.0f - r;
  float v = wp__randf(&s) * r;
  return WP_LIT(wp_vec2f){{u, v}};
}

WP_FN wp_vec2f wp_sample_unit_ring_uint32(wp_uint32 s) {
  float t = wp__randf_range(&s, 0.0f, 2.0f * 3.14159265358979323846f);
  return WP_LIT(wp_vec2f){{WP_MATHF(cos)(t), WP_MATHF(sin)(t)}};
}

WP_FN wp_vec2f wp_sample_unit_disk_uint32(wp_uint32 s) {
  float r = WP_MATHF(sqrt)(wp__randf(&s));
  float t = wp__randf_range(&s, 0.0f, 2.0f * 3.14159265358979323846f);
  return WP_LIT(wp_vec2f){{r * WP_MATHF(cos)(t), r * WP_MATHF(sin)(t)}};
}

/* phi from the cosine 1 - k*u (k = 2: sphere, 1: hemisphere), theta the
 * azimuth; `solid` draws a radius u^(1/3) */
WP_FN wp_vec3f wp__sample_sphere(wp_uint32 s, float k, int solid) {
  float phi = WP_MATHF(acos)(1.0f - k * wp__randf(&s));
  float t = wp__randf_range(&s, 0.0f, 2.0f * 3.14159265358979323846f);
  float r = solid ? WP_MATHF(pow)(wp__randf(&s), 1.0f / 3.0f) : 1.0f;
  float sp = WP_MATHF(sin)(phi);
  if (!solid)
    return WP_LIT(wp_vec3f){
        {WP_MATHF(cos)(t) * sp, WP_MATHF(sin)(t) * sp, WP_MATHF(cos)(phi)}};
  return WP_LIT(wp_vec3f){{r * WP_MATHF(cos)(t) * sp, r * WP_MATHF(sin)(t) * sp,
                           r * WP_MATHF(cos)(phi)}};
}
WP_FN wp_vec3f wp_sample_unit_sphere_surface_uint32(wp_uint32 s) {
  return wp__sample_sphere(s, 2.0f, 0);
}
WP_FN wp_vec3f wp_sample_unit_sphere_uint32(wp_uint32 s) {
  return wp__sample_sphere(s, 2.0f, 1);
}
WP_FN wp_vec3f wp_sample_unit_hemisphere_surface_uint32(wp_uint32 s) {
  return wp__sample_sphere(s, 1.0f, 0);
}
WP_FN wp_vec3f wp_sample_unit_hemisphere_uint32(wp_uint32 s) {
  return wp__sample_sphere(s, 1.0f, 1);
}

WP_FN wp_vec2f wp_sample_unit_square_uint32(wp_uint32 s) {
  float x = wp__randf(&s) - 0.5f;
  float y = wp__randf(&s) - 0.5f;
  return WP_LIT(wp_vec2f){{x, y}};
}

WP_FN wp_vec3f wp_sample_unit_cube_uint32(wp_uint32 s) {
  float x = wp__randf(&s) - 0.5f;
  float y = wp__randf(&s) - 0.5f;
  float z = wp__randf(&s) - 0.5f;
  return WP_LIT(wp_vec3f){{x, y, z}};
}

/* ---- poisson
 * ------------------------------------------------------------------------ */

/* log-gamma (Zhang & Jin, "Computation of Special Functions", 1996), in
 * float as warp-lang computes it */
WP_FN float wp__loggam(float x) {
  const float a[10] = {8.333333333333333e-02f, -2.777777777777778e-03f,
                       7.936507936507937e-04f, -5.952380952380952e-04f,
                       8.417508417508418e-04f, -1.917526917526918e-03f,
                       6.410256410256410e-03f, -2.955065359477124e-02f,
                       1.796443723688307e-01f, -1.39243221690590e+00f};
  if (x == 1.0f || x == 2.0f)
    return 0.0f;
  wp_uint32 n = x < 7.0f ? (wp_uint32)(7.0f - x) : 0u;
  float x0 = x + (float)n;
  float x2 = (1.0f / x0) * (1.0f / x0);
  float g = a[9];
  for (int i = 8; i >= 0; i--) {
    g *= x2;
    g += a[i];
  }
  float gl = g / x0 + 0.5f * 1.8378770664093453f +
             (x0 - 0.5f) * WP_MATHF(log)(x0) - x0;
  if (x < 7.0f)
    for (wp_uint32 k = 1; k <= n; k++) {
      gl -= WP_MATHF(log)(x0 - 1.0f);
      x0 -= 1.0f;
    }
  return gl;
}

/* float -> uint32 as x86-64 does it (wraps for negative values) */
WP_FN wp_uint32 wp__f2u(float f) {
  return (wp_uint32)(long long)f;
}

/* Knuth's multiplication method (lam < 10) and Hoermann's transformed
 * rejection (lam >= 10, "The transformed rejection method for generating
 * Poisson random variables", 1993), both following NumPy in float. */
WP_FN wp_uint32 wp__poisson(wp_uint32 *s, float lam) {
  if (lam == 0.0f)
    return 0;
  if (lam < 10.0f) {
    float limit = WP_MATHF(exp)(-lam), prod = 1.0f;
    wp_uint32 x = 0;
    for (;;) {
      prod *= wp__randf(s);
      if (!(prod > limit))
        return x;
      x += 1;
    }
  }
  float slam = WP_MATHF(sqrt)(lam), loglam = WP_MATHF(log)(lam);
  float b = 0.931f + 2.53f * slam;
  float a = -0.059f + 0.02483f * b;
  float invalpha = 1.1239f + 1.1328f / (b - 3.4f);
  float vr = 0.9277f - 3.6224f / (b - 2.0f);
  for (;;) {
    float u = wp__randf(s) - 0.5f;
    float v = wp__randf(s);
    float us = 0.5f - WP_MATHF(fabs)(u);
    wp_uint32 k =
        wp__f2u(WP_MATHF(floor)((2.0f * a / us + b) * u + lam + 0.43f));
    if (us >= 0.07f && v <= vr)
      return k;
    if (us < 0.013f && v > us)
      continue;
    if (WP_MATHF(log)(v) + WP_MATHF(log)(invalpha) -
            WP_MATHF(log)(a / (us * us) + b) <=
        -lam + (float)k * loglam - wp__loggam((float)(k + 1u)))
      return k;
  }
}
WP_FN wp_uint32 wp_poisson_uint32(wp_uint32 s, float lam) {
  return wp__poisson(&s, lam);
}
WP_FN wp_uint32 wp__poisson_state_uint32(wp_uint32 s, float lam) {
  wp__poisson(&s, lam);
  return s;
}

/* ---- Perlin noise
 * ----------------------------------------------------------------- */
/* Gradient noise on the integer lattice: each corner's gradient comes from
 * a state hashed from its coordinates (x*p1 ^ (y*p2 + state) etc., with
 * C's precedence as in warp-lang), normalized; corners are blended with
 * the quintic 6t^5 - 15t^4 + 10t^3.  pnoise wraps the lattice with the
 * periods (Warp's integer mod). */

WP_FN float wp__nlerp(float a0, float a1, float t) {
  return (a1 - a0) * (t * t * t * (t * (t * 6.0f - 15.0f) + 10.0f)) + a0;
}

WP_FN float wp__ngrad1(wp_uint32 s, int ix, float dx) {
  wp_uint32 h = (wp_uint32)ix * 73856093u + s;
  return dx * wp__randf_range(&h, -1.0f, 1.0f);
}

WP_FN float wp__ngrad2(wp_uint32 s, int ix, int iy, float dx, float dy) {
  wp_uint32 h = (wp_uint32)ix * 73856093u ^ ((wp_uint32)iy * 19349663u + s);
  float g0 = wp__randf(&h) - 0.5f;
  float g1 = wp__randf(&h) - 0.5f;
  float l = WP_MATHF(sqrt)(g0 * g0 + g1 * g1);
  if (!(l > 0.0f))
    return 0.0f * dx + 0.0f * dy;
  return dx * (g0 / l) + dy * (g1 / l);
}

WP_FN float wp__ngrad3(wp_uint32 s, int ix, int iy, int iz, float dx, float dy,
                       float dz) {
  wp_uint32 h = (wp_uint32)ix * 73856093u ^ (wp_uint32)iy * 19349663u ^
                ((wp_uint32)iz * 53471161u + s);
  float g0 = wp__randf(&h) - 0.5f;
  float g1 = wp__randf(&h) - 0.5f;
  float g2 = wp__randf(&h) - 0.5f;
  float l = WP_MATHF(sqrt)(g0 * g0 + g1 * g1 + g2 * g2);
  if (!(l > 0.0f))
    g0 = g1 = g2 = 0.0f, l = 1.0f;
  return dx * (g0 / l) + dy * (g1 / l) + dz * (g2 / l);
}

WP_FN float wp__ngrad4(wp_uint32 s, int ix, int iy, int iz, int it, float dx,
                       float dy, float dz, float dt) {
  wp_uint32 h = (wp_uint32)ix * 73856093u ^ (wp_uint32)iy * 19349663u ^
                (wp_uint32)iz * 53471161u ^ ((wp_uint32)it * 10000019u + s);
  float g[4];
  for (int i = 0; i < 4; i++)
    g[i] = wp__randf(&h) - 0.5f;
  float d = 0.0f;
  for (int i = 0; i < 4; i++)
    d += g[i] * g[i];
  float l = WP_MATHF(sqrt)(d);
  if (!(l > 0.0f))
    g[0] = g[1] = g[2] = g[3] = 0.0f, l = 1.0f;
  return dx * (g[0] / l) + dy * (g[1] / l) + dz * (g[2] / l) + dt * (g[3] / l);
}

/* lattice cell of x: corners c0, c1 (periodic when p != 0) and offset d */
typedef struct wp__ncell {
  int c0, c1;
  float d;
} wp__ncell;
WP_FN wp__ncell wp__cell(float x, int periodic, wp_int32 p) {
  wp__ncell r;
  float f = WP_MATHF(floor)(x);
  r.d = x - f;
  r.c0 = (int)f;
  if (periodic)
    r.c0 = wp_mod_int32(r.c0, p);
  r.c1 = periodic ? wp_mod_int32(r.c0 + 1, p) : r.c0 + 1;
  return r;
}

WP_FN float wp__noise1(wp_uint32 s, wp__ncell x) {
  float v0 = wp__ngrad1(s, x.c0, x.d);
  float v1 = wp__ngrad1(s, x.c1, x.d - 1.0f);
  return wp__nlerp(v0, v1, x.d);
}

WP_FN float wp__noise2(wp_uint32 s, wp__ncell x, wp__ncell y) {
  float dx = x.d, dy = y.d;
  float a = wp__nlerp(wp__ngrad2(s, x.c0, y.c0, dx, dy),
                      wp__ngrad2(s, x.c1, y.c0, dx - 1.0f, dy), dx);
  float b = wp__nlerp(wp__ngrad2(s, x.c0, y.c1, dx, dy - 1.0f),
                      wp__ngrad2(s, x.c1, y.c1, dx - 1.0f, dy - 1.0f), dx);
  return wp__nlerp(a, b, dy);
}

/* the two x corners at (y, z) blended along x */
WP_FN float wp__nrow3(wp_uint32 s, wp__ncell x, int iy, int iz, float dy,
                      float dz) {
  return wp__nlerp(wp__ngrad3(s, x.c0, iy, iz, x.d, dy, dz),
                   wp__ngrad3(s, x.c1, iy, iz, x.d - 1.0f, dy, dz), x.d);
}
WP_FN float wp__noise3(wp_uint32 s, wp__ncell x, wp__ncell y, wp__ncell z) {
  float dy = y.d, dz = z.d;
  float y0 = wp__nlerp(wp__nrow3(s, x, y.c0, z.c0, dy, dz),
                       wp__nrow3(s, x, y.c1, z.c0, dy - 1.0f, dz), dy);
  float y1 = wp__nlerp(wp__nrow3(s, x, y.c0, z.c1, dy, dz - 1.0f),
                       wp__nrow3(s, x, y.c1, z.c1, dy - 1.0f, dz - 1.0f), dy);
  return wp__nlerp(y0, y1, dz);
}

WP_FN float wp__nrow4(wp_uint32 s, wp__ncell x, int iy, int iz, int it,
                      float dy, float dz, float dt) {
  return wp__nlerp(wp__ngrad4(s, x.c0, iy, iz, it, x.d, dy, dz, dt),
                   wp__ngrad4(s, x.c1, iy, iz, it, x.d - 1.0f, dy, dz, dt),
                   x.d);
}
WP_FN float wp__nplane4(wp_uint32 s, wp__ncell x, wp__ncell y, int iz, int it,
                        float dz, float dt) {
  return wp__nlerp(wp__nrow4(s, x, y.c0, iz, it, y.d, dz, dt),
                   wp__nrow4(s, x, y.c1, iz, it, y.d - 1.0f, dz, dt), y.d);
}
WP_FN float wp__noise4(wp_uint32 s, wp__ncell x, wp__ncell y, wp__ncell z,
                       wp__ncell t) {
  float dz = z.d, dt = t.d;
  float t0 = wp__nlerp(wp__nplane4(s, x, y, z.c0, t.c0, dz, dt),
                       wp__nplane4(s, x, y, z.c1, t.c0, dz - 1.0f, dt), dz);
  float t1 =
      wp__nlerp(wp__nplane4(s, x, y, z.c0, t.c1, dz, dt - 1.0f),
                wp__nplane4(s, x, y, z.c1, t.c1, dz - 1.0f, dt - 1.0f), dz);
  return wp__nlerp(t0, t1, dt);
}

/* noise(state, x: float32): all-scalar arguments, so pnoise(state, x, px)
 * shares the name wp_*_uint32 and is told apart by its arity */
WP_FN float wp__noise_f(wp_uint32 s, float x) {
  return wp__noise1(s, wp__cell(x, 0, 0));
}
WP_FN float wp__pnoise_f(wp_uint32 s, float x, wp_int32 px) {
  return wp__noise1(s, wp__cell(x, 1, px));
}
#define wp_noise_uint32(s, x) wp__noise_f(s, x)
#define wp_pnoise_uint32(s, x, px) wp__pnoise_f(s, x, px)

WP_FN float wp_noise_uint32_vec2f(wp_uint32 s, wp_vec2f p) {
  return wp__noise2(s, wp__cell(p.c[0], 0, 0), wp__cell(p.c[1], 0, 0));
}
WP_FN float wp_noise_uint32_vec3f(wp_uint32 s, wp_vec3f p) {
  return wp__noise3(s, wp__cell(p.c[0], 0, 0), wp__cell(p.c[1], 0, 0),
                    wp__cell(p.c[2], 0, 0));
}
WP_FN float wp_noise_uint32_vec4f(wp_uint32 s, wp_vec4f p) {
  return wp__noise4(s, wp__cell(p.c[0], 0, 0), wp__cell(p.c[1], 0, 0),
                    wp__cell(p.c[2], 0, 0), wp__cell(p.c[3], 0, 0));
}
WP_FN float wp_pnoise_uint32_vec2f_int32_int32(wp_uint32 s, wp_vec2f p,
                                               wp_int32 px, wp_int32 py) {
  return wp__noise2(s, wp__cell(p.c[0], 1, px), wp__cell(p.c[1], 1, py));
}
WP_FN float wp_pnoise_uint32_vec3f_int32_int32_int32(wp_uint32 s, wp_vec3f p,
                                                     wp_int32 px, wp_int32 py,
                                                     wp_int32 pz) {
  return wp__noise3(s, wp__cell(p.c[0], 1, px), wp__cell(p.c[1], 1, py),
                    wp__cell(p.c[2], 1, pz));
}
WP_FN float
wp_pnoise_uint32_vec4f_int32_int32_int32_int32(wp_uint32 s, wp_vec4f p,
                                               wp_int32 px, wp_int32 py,
                                               wp_int32 pz, wp_int32 pt) {
  return wp__noise4(s, wp__cell(p.c[0], 1, px), wp__cell(p.c[1], 1, py),
                    wp__cell(p.c[2], 1, pz), wp__cell(p.c[3], 1, pt));
}
