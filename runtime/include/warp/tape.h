/* warp/tape.h - the autodiff tape: record forward launches, replay their
 * adjoints in reverse order.
 *
 * As Warp's wp.Tape.  Put a tape in a launch descriptor and every forward
 * launch made with it is recorded as it runs:
 *
 *   wp_tape *tape;
 *   wp_tape_create(&tape);
 *   wp_launch l = {.ndim = 1, .dims = {n}, .tape = tape};
 *   m_square(&l, &x, &y);                  // runs and is recorded
 *   m_total(&l, &y, &loss);
 *   wp_tape_backward(tape, &loss);         // loss.grad = 1, then adjoints
 *   ... read x.grad ...
 *   wp_tape_zero(tape);                    // before the next backward
 *   wp_tape_destroy(tape);
 *
 * A recording holds the kernel descriptor, the launch descriptor by value
 * (dims, device, stream, block size; its tape cleared) and a private copy
 * of the packed arguments.  Arrays inside the arguments are copied by value:
 * they point at the caller's data and grad buffers, which must stay alive
 * (and, as in Warp, unmodified where the adjoints read primal values) until
 * the tape is replayed.  Gradients live in the arrays' grad buffers
 * (wp_array_alloc with requires_grad, wp_array_alloc_grad or
 * wp_array_set_grad); backward kernels read the grads of a kernel's outputs
 * and accumulate into the grads of its inputs, so grads add up over
 * replays until wp_tape_zero.  An array without a grad buffer contributes
 * and receives no gradient.
 *
 * Launches on CUDA devices are recorded the same way and replayed on their
 * recorded streams; seeding (wp_tape_backward, wp_tape_backward_grads) and
 * zeroing (wp_tape_zero) of grad buffers on a CUDA device are queued on the
 * device's default stream, like wp_array_fill and wp_array_copy.
 *
 * All functions are thread-safe: each tape has its own lock, so several
 * threads may record on one tape (launches are then recorded in the order
 * their launch calls return).  A replay holds the lock, so recording on the
 * tape being replayed waits for the replay to end.
 */
#ifndef WARP_TAPE_H
#define WARP_TAPE_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* An opaque recording of forward launches (declared in <warp/abi.h>). */
typedef struct wp_tape wp_tape;

/* Makes an empty tape.  WP_ERROR_INVALID_VALUE when `out` is NULL,
 * WP_ERROR_OUT_OF_MEMORY or WP_ERROR_SYSTEM (no mutex) with *out = NULL. */
wp_status wp_tape_create(wp_tape **out);

/* Frees the tape and its recording (not the arrays).  NULL is ignored.  No
 * launch may be recording on it meanwhile. */
void wp_tape_destroy(wp_tape *tape);

/* Seeds the gradient of `loss` and replays the adjoints of the recorded
 * launches, newest first: wp_launch_kernel(launch, kernel, 1, args) with
 * each recorded launch descriptor and argument copy.
 *
 * Seeding sets every element of loss->grad to one: 1.0 for float16,
 * bfloat16, float32 and float64 arrays; for vector, matrix, quaternion and
 * transform dtypes every scalar component is set to one (integer and bool
 * dtypes get the value 1).  An array loss of n elements therefore
 * differentiates the sum of its elements (Warp accepts only a one-element
 * loss; the two agree there).  `loss` may be NULL: then nothing is seeded
 * and the grads of the outputs are whatever the caller put there.
 *
 * Errors, before anything is seeded or replayed: WP_ERROR_INVALID_VALUE for
 * a NULL tape or a loss without a grad buffer, WP_ERROR_NOT_SUPPORTED for a
 * loss of struct dtype or a recorded kernel compiled without an adjoint
 * (enable_backward=False, --no-adjoint; the message names it).  The
 * errors of wp_array_fill and wp_launch_kernel pass through; a failing
 * replay stops there (later launches are not replayed) and the message
 * names the launch. */
wp_status wp_tape_backward(wp_tape *tape, wp_array *loss);

/* The Jacobian-row variant (Warp's tape.backward(grads={...})): copies each
 * grads[i] (an array of the data shape and dtype of outputs[i], on any
 * device) into outputs[i]->grad, then replays as wp_tape_backward(tape,
 * NULL).  With one output and grads[0] the i-th unit vector, the input
 * grads then hold the i-th row of the Jacobian (wp_tape_zero between rows).
 * WP_ERROR_INVALID_VALUE for n < 0, a NULL tape, array or list, an output
 * without a grad buffer, or a dtype or shape mismatch; otherwise as
 * wp_tape_backward (copies as wp_array_copy). */
wp_status wp_tape_backward_grads(wp_tape *tape, int n, wp_array *const *outputs,
                                 const wp_array *const *grads);

/* Zeroes the grad buffers of every array argument of the recorded launches
 * (found through the kernels' array_offsets), each buffer once; arrays
 * without a grad buffer are skipped.  The array fields of struct arguments
 * (wp_array_t: no size or device) are not found: zero their grads with
 * wp_array_zero_grad on the wp_array they were made from.  Like Warp's
 * tape.zero(): call it between backward passes, since adjoints accumulate.
 * WP_ERROR_INVALID_VALUE
 * for a NULL tape; errors of wp_array_zero_grad pass through. */
wp_status wp_tape_zero(wp_tape *tape);

/* Forgets the recorded launches (and frees their argument copies); the tape
 * can record again.  NULL is ignored. */
void wp_tape_reset(wp_tape *tape);

/* The number of launches recorded (0 for NULL). */
int wp_tape_launch_count(const wp_tape *tape);

#ifdef __cplusplus
}
#endif
#endif
