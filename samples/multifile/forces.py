"""The bodies and the forces on them; imported by kernels.py (same directory).

It imports vecmath (helpers/vecmath.py) itself too: warpc loads every module
once, whoever imports it."""
import warp as wp
from vecmath import half_sq

STIFFNESS = 40.0  # spring constant per unit mass (1/s^2)
DAMPING = 0.5     # velocity damping (1/s)
MAX_FORCE = 3.0  # force clamp (N)
GRAVITY = wp.constant(wp.vec3(0.0, -9.81, 0.0))


@wp.struct
class Body:
    pos: wp.vec3
    vel: wp.vec3
    mass: float


@wp.func
def spring_force(b: Body, anchor: wp.vec3) -> wp.vec3:
    """A damped spring pulling b towards its anchor, plus gravity."""
    return (b.pos - anchor) * (-STIFFNESS * b.mass) - b.vel * DAMPING + GRAVITY * b.mass


@wp.func
def energy(b: Body, anchor: wp.vec3) -> float:
    """Kinetic + spring + gravitational potential energy of b."""
    d = b.pos - anchor
    return b.mass * (half_sq(b.vel) + STIFFNESS * half_sq(d) - wp.dot(GRAVITY, b.pos))
