"""bfloat16 gradients (warp-lang 1.19): Warp differentiates bfloat16
kernels with bfloat16 adjoints (every accumulation rounded to bfloat16);
warpc's backward must agree with warp-lang's tape within bfloat16
precision and with float64 finite differences of the twin loosely.
Forward outputs are bit-exact."""
import warp as wp


@wp.kernel
def bf16_fn(x: wp.array(dtype=wp.bfloat16), y: wp.array(dtype=wp.bfloat16), out: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i] = a * b + wp.sin(a) - b / (a * a + wp.bfloat16(1.0)) + wp.sqrt(b * b + wp.bfloat16(0.5))


@wp.kernel
def bf16_fn_f64(x: wp.array(dtype=wp.float64), y: wp.array(dtype=wp.float64), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    a = x[i]
    b = y[i]
    out[i] = a * b + wp.sin(a) - b / (a * a + wp.float64(1.0)) + wp.sqrt(b * b + wp.float64(0.5))


# a float32 loss of bfloat16 inputs (the adjoint of the conversion rounds)
@wp.kernel
def bf16_loss(x: wp.array(dtype=wp.bfloat16), loss: wp.array(dtype=wp.float32)):
    i = wp.tid()
    v = wp.float32(x[i])
    wp.atomic_add(loss, 0, v * v + wp.float32(wp.exp(x[i] * wp.bfloat16(0.5))))


@wp.kernel
def bf16_loss_f64(x: wp.array(dtype=wp.float64), loss: wp.array(dtype=wp.float64)):
    i = wp.tid()
    v = x[i]
    wp.atomic_add(loss, 0, v * v + wp.exp(x[i] * wp.float64(0.5)))


GRAD_TESTS = [
    dict(kernel="bf16_fn", dim=40, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1)),
         outputs=["out"], inputs=["x", "y"], rtol=2e-2, atol=2e-2, fwd_tol=(0, 0),
         fd_rtol=1e-1, fd_atol=1e-1, twin_tol=(1e-1, 1e-1)),
    dict(kernel="bf16_loss", dim=16, args=dict(x=("uniform", -1, 1)), shapes=dict(loss=(1,)),
         outputs=["loss"], inputs=["x"], rtol=2e-2, atol=2e-2,
         fd_rtol=1e-1, fd_atol=1e-1, twin_tol=(1e-1, 1e-1)),
]
