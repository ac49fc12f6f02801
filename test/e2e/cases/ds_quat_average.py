"""Averaging orientations: each thread blends a window of quaternions
(aligning signs with the first by the dot product, since q and -q are
the same rotation), normalizes, and reports the angular deviation of
each sample from the mean through quat_inverse products."""
import warp as wp


@wp.kernel
def average(qs: wp.array2d(dtype=wp.quat), mean: wp.array(dtype=wp.quat), dev: wp.array(dtype=float),
            R: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    ref = wp.normalize(qs[i, 0])
    acc = wp.quat(0.0, 0.0, 0.0, 0.0)
    for k in range(qs.shape[1]):
        q = wp.normalize(qs[i, k])
        if wp.dot(q, ref) < 0.0:
            q = -q
        acc = acc + q
    m = wp.normalize(acc)
    mean[i] = m
    worst = float(0.0)
    for k in range(qs.shape[1]):
        d = wp.quat_inverse(m) * wp.normalize(qs[i, k])
        angle = 2.0 * wp.acos(wp.min(wp.abs(d[3]), 1.0))
        worst = wp.max(worst, angle)
    dev[i] = worst
    R[i] = wp.quat_to_matrix(m)


@wp.kernel
def jitter(base: wp.array(dtype=wp.quat), seed: int, qs: wp.array2d(dtype=wp.quat)):
    i, k = wp.tid()
    s = wp.rand_init(seed, i * 64 + k)
    axis = wp.sample_unit_sphere_surface(s)
    small = wp.quat_from_axis_angle(axis, 0.2 * wp.randf(s))
    q = wp.normalize(base[i]) * small
    if k % 3 == 1:
        q = -q
    qs[i, k] = q


TESTS = [
    dict(name="avg", dim=200, arrays=dict(base=("uniform", -1, 1)), shapes=dict(qs=(200, 8), base=(200,)),
         launches=[dict(kernel="jitter", dim=(200, 8), args=dict(seed=12)), dict(kernel="average")],
         outputs=["qs", "mean", "dev", "R"], rtol=1e-4, atol=1e-4,
         note="dev uses acos near 1 (small angles): absolute error ~1e-4"),
]
