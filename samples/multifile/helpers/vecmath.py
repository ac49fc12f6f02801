"""Vector helpers shared by several kernel files (found through -I helpers)."""
import warp as wp


@wp.func
def clamp_length(v: wp.vec3, max_len: float) -> wp.vec3:
    """v scaled down to length max_len when it is longer."""
    n = wp.length(v)
    if n > max_len:
        return v * (max_len / n)
    return v


@wp.func
def half_sq(v: wp.vec3) -> float:
    """|v|^2 / 2."""
    return 0.5 * wp.dot(v, v)
