# wp.set_module_options(): warpc applies enable_backward and max_unroll; a
# warp-lang option it does not apply, and a key warp-lang does not know
# (warp-lang keeps it silently), are warnings, not silence.
import warp as wp

wp.set_module_options({"enable_backward": True, "fast_math": True, "max_unrol": 4})


@wp.kernel
def k(a: wp.array(dtype=float)):
    a[0] = 1.0

# expect-warning: 6:49: module option 'fast_math' has no effect in warpc [-Wignored-option]
# expect-warning: 6:68: unknown module option 'max_unrol' [-Wunknown-module-option]
# expect-exit: 0
