/* projectile: aim a projectile with quadratic drag at a target by gradient
 * descent on its launch velocity, with gradients from warpc's adjoint
 * kernels replayed by the runtime's tape.
 *
 * kernels.py (compiled by warpc into kernels.o and kernels.h) holds `step`,
 * one explicit Euler step x[t], v[t] -> x[t + 1], v[t + 1], and `loss`, the
 * squared distance of x[NUM_STEPS] to the target.  Each iteration records the
 * NUM_STEPS step launches and the loss launch on a tape, runs
 * wp_tape_backward (which seeds loss.grad with 1 and runs the backward
 * kernels in reverse order), reads d loss / d v0 from v.grad[0], takes a
 * fixed-size step downhill, and clears the tape.
 *
 * Once, at the first iteration, the tape's gradient is checked against
 * central finite differences of the loss computed here by re-running the
 * forward kernels at v0 +- h e_k.  The program prints PASS when that check
 * holds and the loss falls below TOLERANCE within NUM_ITERS iterations, FAIL
 * (exit status 1) otherwise.
 *
 * The constants match kernels.py, whose host code runs the same optimisation
 * with warp-lang (python3 kernels.py).
 */
#define _POSIX_C_SOURCE 200809L

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <warp/tape.h>
#include <warp/warp.h>

#include "kernels.h"

#define NUM_STEPS 200
#define NUM_ITERS 200
#define LEARNING_RATE 0.05f
#define TOLERANCE 1e-4    /* stop when the loss (m^2) is below this */
#define FD_STEP 1e-2f     /* finite-difference step on v0 (m/s) */
#define FD_TOLERANCE 1e-2 /* relative error allowed for the gradient check */

static const wp_vec3f TARGET = {{30.0f, 0.0f, 8.0f}};
static const wp_vec3f V0_GUESS = {{5.0f, 5.0f, 0.0f}};

static int check(wp_status st, const char *what) {
  if (st != WP_SUCCESS) {
    fprintf(stderr, "projectile: %s failed: %s: %s\n", what,
            wp_status_string(st), wp_last_error());
    return 0;
  }
  return 1;
}

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The simulation's arrays: x and v have one slot per time step (slot t + 1
 * is written by step t), out holds the loss. */
typedef struct sim {
  wp_array x, v, out;
} sim;

/* Runs the rollout from the origin with launch velocity v0 and the loss
 * kernel: NUM_STEPS + 1 launches, recorded on `tape` when it is not NULL.
 * Stores the loss in *loss.  Returns 0 when a launch failed. */
static int forward(sim *s, wp_vec3f v0, wp_tape *tape, float *loss) {
  wp_vec3f *x = s->x.data, *v = s->v.data;
  x[0] = (wp_vec3f){{0.0f, 0.0f, 0.0f}};
  v[0] = v0;
  wp_launch launch = wp_launch_1d(1);
  launch.tape = tape;
  for (int t = 0; t < NUM_STEPS; t++)
    if (!check(kernels_step(&launch, &s->x, &s->v, t), "kernels_step"))
      return 0;
  if (!check(kernels_loss(&launch, &s->x, TARGET, NUM_STEPS, &s->out),
             "kernels_loss"))
    return 0;
  *loss = ((float *)s->out.data)[0];
  return 1;
}

/* The gradient of the loss with respect to v0, by the tape: records the
 * rollout and the loss on `tape`, replays the adjoints, reads v.grad[0], then
 * zeroes the grads and forgets the recording for the next iteration.  Stores
 * the loss in *loss and the gradient in *grad. */
static int gradient(sim *s, wp_tape *tape, wp_vec3f v0, float *loss,
                    wp_vec3f *grad) {
  if (!forward(s, v0, tape, loss))
    return 0;
  if (wp_tape_launch_count(tape) != NUM_STEPS + 1) {
    fprintf(stderr, "projectile: the tape recorded %d launches, expected %d\n",
            wp_tape_launch_count(tape), NUM_STEPS + 1);
    return 0;
  }
  /* out.grad = 1, then the NUM_STEPS + 1 backward launches, newest first */
  if (!check(wp_tape_backward(tape, &s->out), "wp_tape_backward"))
    return 0;
  *grad = ((const wp_vec3f *)s->v.grad)[0];
  if (!check(wp_tape_zero(tape), "wp_tape_zero"))
    return 0;
  wp_tape_reset(tape);
  return 1;
}

/* Central finite differences of the loss at v0, from forward runs (no tape):
 * fd[k] = (L(v0 + h e_k) - L(v0 - h e_k)) / 2h, in double from the float32
 * losses. */
static int finite_differences(sim *s, wp_vec3f v0, double fd[3]) {
  for (int k = 0; k < 3; k++) {
    wp_vec3f vp = v0, vm = v0;
    vp.c[k] += FD_STEP;
    vm.c[k] -= FD_STEP;
    float lp, lm;
    if (!forward(s, vp, NULL, &lp) || !forward(s, vm, NULL, &lm))
      return 0;
    /* the step actually taken, after float32 rounding of v0 +- h */
    double h2 = (double)vp.c[k] - (double)vm.c[k];
    fd[k] = ((double)lp - (double)lm) / h2;
  }
  return 1;
}

int main(void) {
  sim s = {0};
  const wp_int64 nslots[1] = {NUM_STEPS + 1}, one[1] = {1};
  if (!check(wp_array_alloc(&s.x, WP_VEC3F, 0, 1, nslots, 1, WP_DEVICE_CPU),
             "wp_array_alloc(x)") ||
      !check(wp_array_alloc(&s.v, WP_VEC3F, 0, 1, nslots, 1, WP_DEVICE_CPU),
             "wp_array_alloc(v)") ||
      !check(wp_array_alloc(&s.out, WP_FLOAT32, 0, 1, one, 1, WP_DEVICE_CPU),
             "wp_array_alloc(out)"))
    return 1;
  wp_tape *tape = NULL;
  if (!check(wp_tape_create(&tape), "wp_tape_create"))
    return 1;

  printf("projectile: %d steps of %.6f s, drag 0.02, target (%g, %g, %g), "
         "learning rate %g\n",
         NUM_STEPS, 1.0 / 60.0, (double)TARGET.c[0], (double)TARGET.c[1],
         (double)TARGET.c[2], (double)LEARNING_RATE);

  wp_vec3f v0 = V0_GUESS;
  int converged = 0, grad_ok = 0, iters = 0;
  double rel_err = 0.0;
  double t0 = now_seconds();
  for (int it = 0; it < NUM_ITERS; it++) {
    float loss;
    wp_vec3f g;
    if (!gradient(&s, tape, v0, &loss, &g))
      return 1;
    printf("iter %3d  loss %12.6g  v0 (%.6f, %.6f, %.6f)\n", it, (double)loss,
           (double)v0.c[0], (double)v0.c[1], (double)v0.c[2]);
    iters = it;

    if (it == 0) {
      /* check the tape's gradient once, against finite differences */
      double fd[3], num = 0.0, den = 0.0;
      if (!finite_differences(&s, v0, fd))
        return 1;
      for (int k = 0; k < 3; k++) {
        double d = (double)g.c[k] - fd[k];
        num += d * d;
        den += fd[k] * fd[k];
      }
      rel_err = sqrt(num / den);
      grad_ok = rel_err <= FD_TOLERANCE;
      printf("gradient check at v0 (%.6f, %.6f, %.6f):\n"
             "  tape                (%.6f, %.6f, %.6f)\n"
             "  finite differences  (%.6f, %.6f, %.6f)  (h = %g)\n"
             "  relative error %.3g (tolerance %g): %s\n",
             (double)v0.c[0], (double)v0.c[1], (double)v0.c[2], (double)g.c[0],
             (double)g.c[1], (double)g.c[2], fd[0], fd[1], fd[2],
             (double)FD_STEP, rel_err, FD_TOLERANCE,
             grad_ok ? "ok" : "too large");
    }

    if (loss < TOLERANCE) {
      converged = 1;
      break;
    }
    if (it == NUM_ITERS - 1)
      break; /* keep v0 the velocity the last rollout used */
    for (int k = 0; k < 3; k++)
      v0.c[k] -= LEARNING_RATE * g.c[k];
  }
  double t1 = now_seconds();

  const wp_vec3f *x = s.x.data;
  printf("final velocity (%.6f, %.6f, %.6f), lands at (%.4f, %.4f, %.4f) "
         "after %d iterations (%.2f ms per iteration, %d CPU threads)\n",
         (double)v0.c[0], (double)v0.c[1], (double)v0.c[2],
         (double)x[NUM_STEPS].c[0], (double)x[NUM_STEPS].c[1],
         (double)x[NUM_STEPS].c[2], iters, (t1 - t0) / (iters + 1) * 1e3,
         wp_get_num_threads());
  if (!converged)
    printf("did not converge: loss still >= %g after %d iterations\n",
           TOLERANCE, NUM_ITERS);
  int pass = converged && grad_ok;
  printf("%s\n", pass ? "PASS" : "FAIL");

  wp_tape_destroy(tape);
  wp_array_free(&s.x);
  wp_array_free(&s.v);
  wp_array_free(&s.out);
  wp_shutdown();
  return pass ? 0 : 1;
}
