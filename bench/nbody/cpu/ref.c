/* ref.c - hand-written C references of one n-body step (bench/nbody's
 * kernel: all-pairs gravity with softening, symplectic Euler), on arrays of
 * n bodies (x, y, z floats each), for bench/nbody/cpu/main.c:
 *
 *   nbody_ref_scalar  the plain C loop, one body at a time;
 *   nbody_ref_avx2    SPMD-style by hand: 8 bodies per AVX register (lanes
 *                     across bodies), the other body broadcast;
 *   nbody_ref_avx512  the same with 16 lanes in AVX-512 registers.
 *
 * Every version does the kernel's operations in the kernel's order (dot
 * product left to right, 1 / sqrt, mass * inv_r * inv_r * inv_r), with no
 * fused multiply-add (the Makefile compiles with -ffp-contract=off; the
 * intrinsics are separate multiplies and adds), so all three give the same
 * bits as warpc.  The vector versions need n to be a multiple of their lane
 * count and a CPU with the instructions (the caller checks). */
#include <immintrin.h>

#include "ref.h"

void nbody_ref_scalar(const float *pos, const float *vel, const float *mass,
                      float *new_pos, float *new_vel, int n, float dt,
                      float eps2) {
  for (int i = 0; i < n; i++) {
    float px = pos[3 * i], py = pos[3 * i + 1], pz = pos[3 * i + 2];
    float ax = 0.0f, ay = 0.0f, az = 0.0f;
    for (int j = 0; j < n; j++) {
      float dx = pos[3 * j] - px, dy = pos[3 * j + 1] - py,
            dz = pos[3 * j + 2] - pz;
      float r2 = dx * dx + dy * dy + dz * dz + eps2;
      float inv_r = 1.0f / __builtin_sqrtf(r2);
      float s = mass[j] * inv_r * inv_r * inv_r;
      ax = ax + dx * s;
      ay = ay + dy * s;
      az = az + dz * s;
    }
    float vx = vel[3 * i] + ax * dt, vy = vel[3 * i + 1] + ay * dt,
          vz = vel[3 * i + 2] + az * dt;
    new_vel[3 * i] = vx, new_vel[3 * i + 1] = vy, new_vel[3 * i + 2] = vz;
    new_pos[3 * i] = px + vx * dt, new_pos[3 * i + 1] = py + vy * dt;
    new_pos[3 * i + 2] = pz + vz * dt;
  }
}

/* The integration of lanes i .. i + W - 1 from their accelerations. */
static void finish(const float *pos, const float *vel, float *new_pos,
                   float *new_vel, int i, int w, const float *ax,
                   const float *ay, const float *az, float dt) {
  for (int l = 0; l < w; l++) {
    const float *p = pos + 3 * (i + l), *v = vel + 3 * (i + l);
    float *q = new_pos + 3 * (i + l), *o = new_vel + 3 * (i + l);
    o[0] = v[0] + ax[l] * dt, o[1] = v[1] + ay[l] * dt;
    o[2] = v[2] + az[l] * dt;
    q[0] = p[0] + o[0] * dt, q[1] = p[1] + o[1] * dt, q[2] = p[2] + o[2] * dt;
  }
}

/* One SPMD step with vector type V of W lanes and its intrinsics. */
#define REF_SPMD(NAME, TARGET, W, V, SET1, ADD, SUB, MUL, DIV, SQRT, LOADU,    \
                 STOREU)                                                       \
  __attribute__((target(TARGET))) void NAME(                                   \
      const float *pos, const float *vel, const float *mass, float *new_pos,   \
      float *new_vel, int n, float dt, float eps2) {                           \
    for (int i = 0; i < n; i += W) {                                           \
      float px[W], py[W], pz[W], ax[W], ay[W], az[W];                          \
      for (int l = 0; l < W; l++) {                                            \
        px[l] = pos[3 * (i + l)];                                              \
        py[l] = pos[3 * (i + l) + 1];                                          \
        pz[l] = pos[3 * (i + l) + 2];                                          \
      }                                                                        \
      V Px = LOADU(px), Py = LOADU(py), Pz = LOADU(pz);                        \
      V Ax = SET1(0.0f), Ay = Ax, Az = Ax, one = SET1(1.0f), e2 = SET1(eps2);  \
      for (int j = 0; j < n; j++) {                                            \
        V dx = SUB(SET1(pos[3 * j]), Px), dy = SUB(SET1(pos[3 * j + 1]), Py),  \
          dz = SUB(SET1(pos[3 * j + 2]), Pz);                                  \
        V r2 = ADD(ADD(ADD(MUL(dx, dx), MUL(dy, dy)), MUL(dz, dz)), e2);       \
        V inv_r = DIV(one, SQRT(r2));                                          \
        V s = MUL(MUL(MUL(SET1(mass[j]), inv_r), inv_r), inv_r);               \
        Ax = ADD(Ax, MUL(dx, s));                                              \
        Ay = ADD(Ay, MUL(dy, s));                                              \
        Az = ADD(Az, MUL(dz, s));                                              \
      }                                                                        \
      STOREU(ax, Ax);                                                          \
      STOREU(ay, Ay);                                                          \
      STOREU(az, Az);                                                          \
      finish(pos, vel, new_pos, new_vel, i, W, ax, ay, az, dt);                \
    }                                                                          \
  }

REF_SPMD(nbody_ref_avx2, "avx2", 8, __m256, _mm256_set1_ps, _mm256_add_ps,
         _mm256_sub_ps, _mm256_mul_ps, _mm256_div_ps, _mm256_sqrt_ps,
         _mm256_loadu_ps, _mm256_storeu_ps)
REF_SPMD(nbody_ref_avx512, "avx512f", 16, __m512, _mm512_set1_ps, _mm512_add_ps,
         _mm512_sub_ps, _mm512_mul_ps, _mm512_div_ps, _mm512_sqrt_ps,
         _mm512_loadu_ps, _mm512_storeu_ps)
