# A @wp.func declared to return a float that never returns a value; its
# result is used by the kernel.
import warp as wp


@wp.func
def damp(x: float) -> float:
    x = x * 0.5


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = damp(a[i])

# expect: 7:5: damp
