# An annotated assignment in a kernel or func: warp-lang 1.19 refuses the
# statement ("Construct `ast.AnnAssign` not supported in kernels"); warpc
# took the annotation for the variable's type and compiled it.  The name
# is not reported again where it is used.
import warp as wp


@wp.func
def half(x: float):
    h: float = x * 0.5
    return h


@wp.kernel
def k(out: wp.array(dtype=float)):
    c: float = 0.5
    n: int
    out[0] = c


@wp.kernel
def k2(out: wp.array(dtype=float)):
    out[0] = half(1.0)

# expect: 10:5: annotated assignment is not supported in Warp kernels and functions (warp-lang refuses it): write 'h = float(...)' instead
# expect: 16:5: annotated assignment is not supported in Warp kernels and functions (warp-lang refuses it): write 'c = float(...)' instead
# expect: 17:5: annotated assignment is not supported in Warp kernels and functions (warp-lang refuses it)
