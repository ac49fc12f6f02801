#!/usr/bin/env bash
# The tape end to end: three kernels chained (y = x*x; z = sin(y);
# loss = sum(z) through atomic_add into a 1-element array), compiled with
# warpc --no-cuda, launched from C on a wp_tape; wp_tape_backward(tape, loss)
# must give x.grad = 2x cos(x^2), checked against the formula and against
# central finite differences in float64 (the same chain compiled for
# float64 arrays, its forward launches run at x +- h).  Then: wp_tape_zero
# and a second backward give the same grads bit for bit; wp_tape_reset
# leaves nothing to replay; a loss without grad buffer and a kernel
# compiled with enable_backward=False are refused with their messages.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
[ -f "$root/build/lib/libwarprt.a" ] || fail "build/lib/libwarprt.a is missing (run make)"

cat >chain.py <<'PY'
import warp as wp


@wp.kernel
def square(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i] * x[i]


@wp.kernel
def sine(y: wp.array(dtype=float), z: wp.array(dtype=float)):
    i = wp.tid()
    z[i] = wp.sin(y[i])


@wp.kernel
def total(z: wp.array(dtype=float), loss: wp.array(dtype=float)):
    i = wp.tid()
    wp.atomic_add(loss, 0, z[i])


@wp.kernel
def square64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64)):
    i = wp.tid()
    y[i] = x[i] * x[i]


@wp.kernel
def sine64(y: wp.array(dtype=wp.float64), z: wp.array(dtype=wp.float64)):
    i = wp.tid()
    z[i] = wp.sin(y[i])


@wp.kernel
def total64(z: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    wp.atomic_add(loss, 0, z[i])


@wp.kernel(enable_backward=False)
def copy_nograd(x: wp.array(dtype=float), y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = x[i]
PY
"$warpc" --no-cuda chain.py -o chain.o || fail "warpc failed"
grep -q 'chain_square_backward' chain.h || fail "no backward launcher in chain.h"
if grep -q 'chain_copy_nograd_backward' chain.h; then
  fail "enable_backward=False kernel has a backward launcher"
fi

cat >main.c <<'C'
#include <math.h>
#include <stdio.h>
#include <string.h>
#include <warp/warp.h>
#include "chain.h"

enum { N = 64 };
static int failures;
#define EXPECT(cond, ...)                                                      \
  do {                                                                         \
    if (!(cond)) {                                                             \
      failures++;                                                              \
      printf("FAILED %s:%d: ", __FILE__, __LINE__);                            \
      printf(__VA_ARGS__);                                                     \
      printf(" (last error: %s)\n", wp_last_error());                          \
    }                                                                          \
  } while (0)
#define OK(call) EXPECT((call) == WP_SUCCESS, "%s", #call)

static double x0(int i) { return 0.1 + 0.05 * i; } /* x^2 up to ~11 */

/* float64 forward through the compiled kernels: the loss at xs. */
static double loss64(const double *xs) {
  wp_int64 n = N, one = 1;
  wp_array x, y, z, l;
  OK(wp_array_alloc(&x, WP_FLOAT64, 0, 1, &n, 0, WP_DEVICE_CPU));
  OK(wp_array_alloc(&y, WP_FLOAT64, 0, 1, &n, 0, WP_DEVICE_CPU));
  OK(wp_array_alloc(&z, WP_FLOAT64, 0, 1, &n, 0, WP_DEVICE_CPU));
  OK(wp_array_alloc(&l, WP_FLOAT64, 0, 1, &one, 0, WP_DEVICE_CPU));
  memcpy(x.data, xs, sizeof(double) * N);
  OK(chain_square64(&WP_LAUNCH_1D(N), &x, &y));
  OK(chain_sine64(&WP_LAUNCH_1D(N), &y, &z));
  OK(chain_total64(&WP_LAUNCH_1D(N), &z, &l));
  double v = *(double *)l.data;
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
  wp_array_free(&l);
  return v;
}

int main(void) {
  wp_int64 n = N, one = 1;
  wp_tape *tape;
  OK(wp_tape_create(&tape));
  wp_launch l = {.ndim = 1, .dims = {N}, .tape = tape};

  /* ---- float32 chain on the tape ---- */
  wp_array x, y, z, loss;
  OK(wp_array_alloc(&x, WP_FLOAT32, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&y, WP_FLOAT32, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&z, WP_FLOAT32, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&loss, WP_FLOAT32, 0, 1, &one, 1, WP_DEVICE_CPU));
  float *xs = x.data, *gx = x.grad;
  for (int i = 0; i < N; i++)
    xs[i] = (float)x0(i);
  OK(chain_square(&l, &x, &y));
  OK(chain_sine(&l, &y, &z));
  OK(chain_total(&l, &z, &loss));
  EXPECT(wp_tape_launch_count(tape) == 3, "3 launches recorded");
  double want_loss = 0;
  for (int i = 0; i < N; i++)
    want_loss += sin((double)xs[i] * xs[i]);
  EXPECT(fabs(*(float *)loss.data - want_loss) < 1e-4, "loss %g, want %g",
         *(float *)loss.data, want_loss);

  OK(wp_tape_backward(tape, &loss));
  EXPECT(*(float *)loss.grad == 1.0f, "loss.grad seeded with 1");

  /* float64 central differences of the same loss, through the float64
   * kernels. */
  double xd[N], fd[N];
  for (int i = 0; i < N; i++)
    xd[i] = xs[i];
  const double h = 1e-5;
  for (int i = 0; i < N; i++) {
    double keep = xd[i];
    xd[i] = keep + h;
    double lp = loss64(xd);
    xd[i] = keep - h;
    double lm = loss64(xd);
    xd[i] = keep;
    fd[i] = (lp - lm) / (2 * h);
  }
  double worst32 = 0, worst_fd = 0;
  for (int i = 0; i < N; i++) {
    double xi = xs[i], exact = 2 * xi * cos(xi * xi);
    double e32 = fabs(gx[i] - exact) / (1 + fabs(exact));
    double efd = fabs(fd[i] - exact) / (1 + fabs(exact));
    worst32 = e32 > worst32 ? e32 : worst32;
    worst_fd = efd > worst_fd ? efd : worst_fd;
    EXPECT(e32 < 2e-5, "x.grad[%d] = %.9g, 2x cos(x^2) = %.9g", i, gx[i],
           exact);
    EXPECT(fabs(gx[i] - fd[i]) / (1 + fabs(fd[i])) < 2e-5,
           "x.grad[%d] = %.9g, finite difference %.9g", i, gx[i], fd[i]);
    EXPECT(efd < 1e-7, "finite difference [%d] = %.12g, exact %.12g", i,
           fd[i], exact);
  }
  printf("float32 tape vs exact: max rel err %.2e; fd vs exact %.2e\n",
         worst32, worst_fd);

  /* zero, then the same backward again: the same grads, bit for bit */
  float first[N];
  memcpy(first, gx, sizeof first);
  OK(wp_tape_zero(tape));
  int zeroed = *(float *)loss.grad == 0.0f;
  for (int i = 0; i < N; i++)
    zeroed &= gx[i] == 0.0f && ((float *)y.grad)[i] == 0.0f &&
              ((float *)z.grad)[i] == 0.0f;
  EXPECT(zeroed, "wp_tape_zero zeroes x, y, z and loss grads");
  OK(wp_tape_backward(tape, &loss));
  EXPECT(memcmp(first, gx, sizeof first) == 0, "second backward differs");
  /* without zeroing, grads accumulate (the intermediate grads too, so by
   * more than a factor 2) */
  OK(wp_tape_backward(tape, &loss));
  int grew = 1;
  for (int i = 0; i < N; i++)
    grew &= fabsf(first[i]) < 1e-3f || gx[i] / first[i] > 1.5f;
  EXPECT(grew, "a backward without wp_tape_zero accumulates");

  /* ---- the float64 chain on a tape: against the differences ---- */
  wp_tape *t64;
  OK(wp_tape_create(&t64));
  wp_launch l64 = {.ndim = 1, .dims = {N}, .tape = t64};
  wp_array x8, y8, z8, loss8;
  OK(wp_array_alloc(&x8, WP_FLOAT64, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&y8, WP_FLOAT64, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&z8, WP_FLOAT64, 0, 1, &n, 1, WP_DEVICE_CPU));
  OK(wp_array_alloc(&loss8, WP_FLOAT64, 0, 1, &one, 1, WP_DEVICE_CPU));
  memcpy(x8.data, xd, sizeof xd);
  OK(chain_square64(&l64, &x8, &y8));
  OK(chain_sine64(&l64, &y8, &z8));
  OK(chain_total64(&l64, &z8, &loss8));
  OK(wp_tape_backward(t64, &loss8));
  double worst64 = 0;
  for (int i = 0; i < N; i++) {
    double g = ((double *)x8.grad)[i];
    double e = fabs(g - fd[i]) / (1 + fabs(fd[i]));
    worst64 = e > worst64 ? e : worst64;
    EXPECT(e < 1e-7, "float64 x.grad[%d] = %.12g, finite difference %.12g", i,
           g, fd[i]);
  }
  printf("float64 tape vs finite differences: max rel err %.2e\n", worst64);
  wp_tape_destroy(t64);

  /* ---- reset: nothing left to replay ---- */
  wp_tape_reset(tape);
  EXPECT(wp_tape_launch_count(tape) == 0, "reset forgets the launches");
  memset(gx, 0, sizeof(float) * N);
  OK(wp_tape_backward(tape, &loss));
  int untouched = 1;
  for (int i = 0; i < N; i++)
    untouched &= gx[i] == 0.0f;
  EXPECT(untouched, "a backward after reset changes no input grad");

  /* ---- errors ---- */
  wp_array nograd;
  OK(wp_array_alloc(&nograd, WP_FLOAT32, 0, 1, &one, 0, WP_DEVICE_CPU));
  OK(chain_square(&l, &x, &y));
  wp_status st = wp_tape_backward(tape, &nograd);
  printf("loss without grad: %s: %s\n", wp_status_string(st),
         wp_last_error());
  st = chain_square_backward(&l, &x, &y);
  printf("backward launch on a tape: %s: %s\n", wp_status_string(st),
         wp_last_error());
  OK(chain_copy_nograd(&l, &x, &y));
  EXPECT(wp_tape_launch_count(tape) == 2, "the no-adjoint kernel is recorded");
  memset(gx, 0, sizeof(float) * N);
  st = wp_tape_backward(tape, &y);
  printf("kernel without backward: %s: %s\n", wp_status_string(st),
         wp_last_error());
  EXPECT(((float *)y.grad)[0] == 0.0f && gx[0] == 0.0f,
         "a refused backward seeds nothing and replays nothing");

  wp_tape_destroy(tape);
  wp_array_free(&nograd);
  wp_array_free(&x);
  wp_array_free(&y);
  wp_array_free(&z);
  wp_array_free(&loss);
  wp_array_free(&x8);
  wp_array_free(&y8);
  wp_array_free(&z8);
  wp_array_free(&loss8);
  wp_shutdown();
  printf("%s\n", failures ? "FAILED" : "done");
  return failures != 0;
}
C
cc -std=c11 -Wall -Wextra -Werror main.c chain.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -o app || fail "link failed"
for threads in 1 4; do
  WARP_NUM_THREADS=$threads ./app >out.txt || fail "app exited $? with $threads threads: $(cat out.txt)"
  grep -qx done out.txt || fail "app did not finish: $(cat out.txt)"
  grep -qx 'loss without grad: WP_ERROR_INVALID_VALUE: wp_tape_backward: loss array has no grad buffer (allocate with requires_grad or wp_array_alloc_grad)' out.txt ||
    fail "loss without grad not refused: $(cat out.txt)"
  grep -q '^backward launch on a tape: WP_ERROR_INVALID_VALUE: kernel chain_square: a backward launch cannot be recorded on a tape' out.txt ||
    fail "backward launch on a tape not refused: $(cat out.txt)"
  grep -qx 'kernel without backward: WP_ERROR_NOT_SUPPORTED: wp_tape_backward: kernel chain_copy_nograd has no backward (adjoint) kernel: compiled with enable_backward=False or --no-adjoint' out.txt ||
    fail "kernel without backward not refused: $(cat out.txt)"
done
cat out.txt
echo ok
