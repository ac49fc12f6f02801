"""A particle step instrumented the way users debug kernels: print() of
a scalar, a vector and a matrix from thread 0, wp.printf with int and
float formats when a particle leaves the domain; the printed text goes
to stdout (not compared), the arrays are."""
import warp as wp


@wp.kernel
def step(x: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), dt: float, escaped: wp.array(dtype=int)):
    i = wp.tid()
    p = x[i] + v[i] * dt
    if i == 0:
        print(dt)
        print(p)
        print(wp.outer(p, v[i]))
    if wp.length(p) > 1.5:
        wp.printf("particle %d escaped: |p| = %f\n", i, wp.length(p))
        escaped[i] = 1
        p = wp.normalize(p) * 1.5
    x[i] = p


TESTS = [
    dict(kernel="step", dim=64, args=dict(x=("uniform", -1, 1), v=("uniform", -1, 1), dt=0.5),
         outputs=["x", "escaped"]),
]
