/* ref.h - the hand-written n-body references of ref.c: one step on n
 * bodies, positions/velocities as 3n floats (x, y, z per body), masses n
 * floats; outputs new_pos, new_vel (3n floats each, not overlapping the
 * inputs).  The vector versions need n a multiple of 8 (avx2) or 16
 * (avx512) and a CPU with AVX2 / AVX-512F. */
#ifndef NBODY_REF_H
#define NBODY_REF_H

typedef void nbody_ref_fn(const float *pos, const float *vel, const float *mass,
                          float *new_pos, float *new_vel, int n, float dt,
                          float eps2);
nbody_ref_fn nbody_ref_scalar, nbody_ref_avx2, nbody_ref_avx512;

#endif
