# Names that are defined nowhere (a typo of a local, a forgotten global).
import warp as wp


@wp.func
def lerp(x: float, y: float, t: float) -> float:
    return x + (y - x) * tt


@wp.kernel
def step(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * dt
    a[i] = lerp(a[i], 0.0, 0.5)

# expect: 7:26: name 'tt' is not defined
# expect: 13:19: name 'dt' is not defined
