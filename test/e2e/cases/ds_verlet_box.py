"""Position Verlet particles bouncing in a box: per-axis wall reflection
with wp.where, restitution, friction on the floor, kinetic energy per
particle; particles stored as separate position/previous-position
arrays and a uint8 'sleeping' flag."""
import warp as wp

LO = wp.constant(wp.vec3(-1.0, 0.0, -1.0))
HI = wp.constant(wp.vec3(1.0, 2.0, 1.0))


@wp.kernel
def verlet(x: wp.array(dtype=wp.vec3), xp: wp.array(dtype=wp.vec3), sleep: wp.array(dtype=wp.uint8), dt: float,
           restitution: float, ke: wp.array(dtype=float)):
    i = wp.tid()
    if sleep[i] != wp.uint8(0):
        return
    p = x[i]
    v = (p - xp[i]) / dt
    v = v + wp.vec3(0.0, -9.81, 0.0) * dt
    q = p + v * dt
    for a in range(3):
        below = q[a] < LO[a]
        above = q[a] > HI[a]
        q[a] = wp.where(below, LO[a] + (LO[a] - q[a]) * restitution, q[a])
        q[a] = wp.where(above, HI[a] - (q[a] - HI[a]) * restitution, q[a])
        if below or above:
            v[a] = -v[a] * restitution
    if q[1] <= LO[1] + 1.0e-3:
        v = wp.vec3(v[0] * 0.9, v[1], v[2] * 0.9)
    xp[i] = q - v * dt
    x[i] = q
    ke[i] = 0.5 * wp.length_sq(v)
    if wp.length(v) < 0.01:
        sleep[i] = wp.uint8(1)


TESTS = [
    dict(name="box", dim=500,
         arrays=dict(x=("uniform", -0.9, 0.9), xp=("uniform", -0.9, 0.9), sleep=("bool", 0.1)),
         launches=[dict(kernel="verlet", args=dict(dt=0.01, restitution=0.7))],
         repeat=30, outputs=["x", "xp", "ke", "sleep"], rtol=1e-4, atol=1e-5),
]
