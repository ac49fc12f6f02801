/* multifile: bodies on damped springs, with kernels whose helpers live in
 * other Python files.
 *
 * kernels.py (compiled by warpc into kernels.o and kernels.h) imports the
 * struct Body and the force and energy functions from forces.py and the
 * vector helpers from helpers/vecmath.py (found with -I helpers).  The
 * struct's C type is forces_Body, named after the module that defines it
 * (the same type in every generated header that uses it); the header also
 * names it kernels_forces_Body.
 *
 * The program runs the `step` kernel NUM_STEPS times on NUM_BODIES bodies
 * (ping-pong between two arrays of Body), then `total_energy`.  It also runs
 * the same simulation in double precision with the C loop below, written
 * from the formulas (not from the generated code), and compares positions,
 * velocities and energies; float32 against float64 rounding differences stay
 * far below TOLERANCE.  It prints PASS or FAIL (exit status 1).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#include <warp/warp.h>

#include "kernels.h"

#define NUM_BODIES 256
#define NUM_STEPS 400
#define TOLERANCE 1e-3 /* max abs difference (m, m/s, J) */

/* the constants of forces.py and kernels.py */
#define STIFFNESS 40.0
#define DAMPING 0.5
#define MAX_FORCE 3.0
#define DT 0.01
static const double GRAVITY[3] = {0.0, -9.81, 0.0};

typedef kernels_forces_Body Body;

typedef struct ref {
  double pos[3], vel[3], mass;
} ref;

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "multifile: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    return 0;
  }
  return 1;
}

/* One step of the reference: the damped spring force plus gravity, clamped
 * to MAX_FORCE in length, then v += f / m * DT, x += v * DT. */
static int ref_step(ref *b, const double anchor[3]) {
  double f[3], n2 = 0.0;
  for (int k = 0; k < 3; k++) {
    f[k] = -STIFFNESS * b->mass * (b->pos[k] - anchor[k]) -
           DAMPING * b->vel[k] + GRAVITY[k] * b->mass;
    n2 += f[k] * f[k];
  }
  double n = sqrt(n2), s = n > MAX_FORCE ? MAX_FORCE / n : 1.0;
  for (int k = 0; k < 3; k++) {
    b->vel[k] += f[k] * s * DT / b->mass;
    b->pos[k] += b->vel[k] * DT;
  }
  return n > MAX_FORCE;
}

/* m (|v|^2 / 2 + STIFFNESS |x - anchor|^2 / 2 - g.x) */
static double ref_energy(const ref *b, const double anchor[3]) {
  double kin = 0.0, spring = 0.0, grav = 0.0;
  for (int k = 0; k < 3; k++) {
    double d = b->pos[k] - anchor[k];
    kin += 0.5 * b->vel[k] * b->vel[k];
    spring += 0.5 * STIFFNESS * d * d;
    grav -= GRAVITY[k] * b->pos[k];
  }
  return b->mass * (kin + spring + grav);
}

int main(void) {
  const wp_int64 n[1] = {NUM_BODIES};
  wp_array a, b, anchors, e;
  if (!check(wp_array_alloc(&a, KERNELS_FORCES_BODY_DTYPE, sizeof(Body), 1, n,
                            0, WP_DEVICE_CPU),
             "wp_array_alloc(a)") ||
      !check(wp_array_alloc(&b, KERNELS_FORCES_BODY_DTYPE, sizeof(Body), 1, n,
                            0, WP_DEVICE_CPU),
             "wp_array_alloc(b)") ||
      !check(wp_array_alloc(&anchors, WP_VEC3F, 0, 1, n, 0, WP_DEVICE_CPU),
             "wp_array_alloc(anchors)") ||
      !check(wp_array_alloc(&e, WP_FLOAT32, 0, 1, n, 0, WP_DEVICE_CPU),
             "wp_array_alloc(e)"))
    return 1;

  /* anchors on a circle; bodies start off their anchors at rest, some far
   * enough that the force clamp is active at first */
  ref *r = malloc(sizeof *r * NUM_BODIES);
  double(*anc)[3] = malloc(sizeof *anc * NUM_BODIES);
  Body *body = a.data;
  wp_vec3f *an = anchors.data;
  for (int i = 0; i < NUM_BODIES; i++) {
    double t = 6.283185307179586 * i / NUM_BODIES;
    float ax = (float)cos(t), az = (float)sin(t);
    float off = 0.05f + 0.002f * (float)(i % 50);
    an[i] = (wp_vec3f){{ax, 1.0f, az}};
    body[i].pos = (wp_vec3f){{ax + off, 1.0f - off, az}};
    body[i].vel = (wp_vec3f){{0.0f, 0.0f, 0.0f}};
    body[i].mass = 0.5f + 0.01f * (float)(i % 20);
    for (int k = 0; k < 3; k++) {
      anc[i][k] = an[i].c[k];
      r[i].pos[k] = body[i].pos.c[k];
      r[i].vel[k] = 0.0;
    }
    r[i].mass = body[i].mass;
  }

  wp_array *cur = &a, *next = &b;
  wp_launch launch = wp_launch_1d(NUM_BODIES); /* one thread per body */
  for (int s = 0; s < NUM_STEPS; s++) {
    if (!check(kernels_step(&launch, cur, &anchors, next), "kernels_step"))
      return 1;
    wp_array *t = cur;
    cur = next;
    next = t;
  }
  if (!check(kernels_total_energy(&launch, cur, &anchors, &e),
             "kernels_total_energy"))
    return 1;
  int clamped = 0; /* bodies whose force was clamped at the first step */
  for (int s = 0; s < NUM_STEPS; s++)
    for (int i = 0; i < NUM_BODIES; i++)
      clamped += ref_step(&r[i], anc[i]) && s == 0;

  const Body *out = cur->data;
  const float *energy = e.data;
  double max_err = 0.0, etot = 0.0, eref = 0.0;
  for (int i = 0; i < NUM_BODIES; i++) {
    for (int k = 0; k < 3; k++) {
      max_err = fmax(max_err, fabs(out[i].pos.c[k] - r[i].pos[k]));
      max_err = fmax(max_err, fabs(out[i].vel.c[k] - r[i].vel[k]));
    }
    double er = ref_energy(&r[i], anc[i]);
    max_err = fmax(max_err, fabs(energy[i] - er));
    etot += energy[i];
    eref += er;
  }
  printf("multifile: %d bodies, %d steps of %g s; body 0 at (%.5f, %.5f, "
         "%.5f)\n",
         NUM_BODIES, NUM_STEPS, DT, (double)out[0].pos.c[0],
         (double)out[0].pos.c[1], (double)out[0].pos.c[2]);
  printf("force clamped to %g N for %d bodies at the first step\n", MAX_FORCE,
         clamped);
  printf("total energy %.6f J (float64 reference %.6f J)\n", etot, eref);
  printf("max abs difference from the float64 reference: %.3g (tolerance "
         "%g)\n",
         max_err, TOLERANCE);
  int pass = max_err <= TOLERANCE;
  printf("%s\n", pass ? "PASS" : "FAIL");
  free(r);
  free(anc);
  wp_array_free(&a);
  wp_array_free(&b);
  wp_array_free(&anchors);
  wp_array_free(&e);
  wp_shutdown();
  return pass ? 0 : 1;
}
