"""The rotation and rigid-body helpers of warp.math that warp-lang 1.11..1.19
added (float32 only in Warp): quat_twist, quat_twist_angle,
quat_twist_angle_signed, quat_to_rpy, quat_to_euler and quat_from_euler over
all 12 axis sequences (Tait-Bryan and proper Euler; gimbal lock included),
velocity_at_point, transform_twist, transform_wrench; keyword arguments by
Warp's parameter names (also for copysign and bit_count).  Also
quat_between_vectors, a @wp.func of warp.utils that wp exports (newton's
spatial helpers call it): random pairs, a vector with itself, a scaled copy,
and opposite directions (documented as unsupported: both give the zero
quat's normalization)."""
import warp as wp


@wp.kernel
def twist(axes: wp.array(dtype=wp.vec3), qs: wp.array(dtype=wp.quat), tw: wp.array(dtype=wp.quat),
          ang: wp.array(dtype=float), sang: wp.array(dtype=float), rpy: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    a = wp.normalize(axes[i])
    q = wp.normalize(qs[i])
    tw[i] = wp.quat_twist(a, q)
    ang[i] = wp.quat_twist_angle(a, q)
    sang[i] = wp.quat_twist_angle_signed(a, q)
    rpy[i] = wp.quat_to_rpy(q)


@wp.func
def sequence(s: int):
    i = (s % 6) / 2
    j = (i + 1) % 3
    k = (i + 2) % 3
    if s % 2 == 1:
        t = j
        j = k
        k = t
    if s >= 6:
        k = i
    return wp.vec3i(i, j, k)


@wp.kernel
def euler(qs: wp.array(dtype=wp.quat), es: wp.array(dtype=wp.vec3), to_e: wp.array2d(dtype=wp.vec3),
          from_e: wp.array2d(dtype=wp.quat), round_trip: wp.array2d(dtype=wp.quat)):
    n, s = wp.tid()
    ax = sequence(s)
    q = wp.normalize(qs[n])
    e = wp.quat_to_euler(q, ax[0], ax[1], ax[2])
    to_e[n, s] = e
    from_e[n, s] = wp.quat_from_euler(es[n], ax[0], ax[1], ax[2])
    round_trip[n, s] = wp.quat_from_euler(e, ax[0], ax[1], ax[2])


@wp.kernel
def euler_lock(es: wp.array(dtype=wp.vec3), to_e: wp.array2d(dtype=wp.vec3)):
    # second angle +-pi/2 (Tait-Bryan) or 0 / pi (proper): the locked branches
    n, s = wp.tid()
    ax = sequence(s)
    e = es[n]
    if s < 6:
        e[ax[1]] = wp.HALF_PI * wp.sign(e[ax[1]])
    else:
        e[ax[1]] = 0.0
        if n % 2 == 1:
            e[ax[1]] = wp.pi
    q = wp.quat_from_euler(e, ax[0], ax[1], ax[2])
    to_e[n, s] = wp.quat_to_euler(q, ax[0], ax[1], ax[2])


@wp.kernel
def rigid(xs: wp.array(dtype=wp.transform), vs: wp.array(dtype=wp.spatial_vector), rs: wp.array(dtype=wp.vec3),
          vel: wp.array(dtype=wp.vec3), tw: wp.array(dtype=wp.spatial_vector), wr: wp.array(dtype=wp.spatial_vector)):
    i = wp.tid()
    t = wp.transform(xs[i].p, wp.normalize(xs[i].q))
    vel[i] = wp.velocity_at_point(vs[i], rs[i])
    tw[i] = wp.transform_twist(t, vs[i])
    wr[i] = wp.transform_wrench(t, vs[i])


@wp.kernel
def keywords(es: wp.array(dtype=wp.vec3), o: wp.array(dtype=wp.quat), v: wp.array(dtype=wp.vec3),
             s: wp.array(dtype=float), sv: wp.array(dtype=wp.spatial_vector)):
    i = wp.tid()
    q = wp.quat_from_euler(e=es[i], i=2, j=1, k=0)
    o[i] = q
    a = wp.quat_to_euler(q, 2, k=0, j=1) + wp.quat_to_rpy(q=q)
    z = wp.vec3(0.0, 0.0, 1.0)
    s[i] = (wp.quat_twist_angle(q=q, axis=z) + wp.quat_twist_angle_signed(z, q=q)
            + wp.quat_twist(axis=z, q=q)[3] + wp.copysign(y=-1.0, x=es[i][0]) + float(wp.bit_count(x=i)))
    t = wp.transform(a, q)
    w = wp.spatial_vector(es[i], a)
    sv[i] = wp.transform_twist(x=w, t=t) + wp.transform_wrench(t=t, x=w)
    v[i] = a + wp.velocity_at_point(r=es[i], qd=w)


@wp.kernel
def between(a: wp.array(dtype=wp.vec3), b: wp.array(dtype=wp.vec3), q: wp.array(dtype=wp.quat),
            same: wp.array(dtype=wp.quat), scaled: wp.array(dtype=wp.quat), opposite: wp.array(dtype=wp.quat),
            rotated: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    q[i] = wp.quat_between_vectors(a[i], b[i])
    same[i] = wp.quat_between_vectors(a[i], a[i])
    scaled[i] = wp.quat_between_vectors(a[i], 3.0 * a[i] + b[i] * 1.0e-3)
    opposite[i] = wp.quat_between_vectors(a[i], -2.0 * a[i])
    rotated[i] = wp.quat_rotate(q[i], wp.normalize(a[i]))


TESTS = [
    dict(kernel="between", dim=64, args=dict(a=("uniform", -1, 1), b=("uniform", -1, 1)),
         outputs=["q", "same", "scaled", "opposite", "rotated"]),
    dict(kernel="twist", dim=200, args=dict(axes=("uniform", -1, 1), qs=("uniform", -1, 1)),
         outputs=["tw", "ang", "sang", "rpy"], atol=2e-6),
    dict(kernel="euler", dim=(64, 12), shapes=dict(qs=(64,), es=(64,)),
         args=dict(qs=("uniform", -1, 1), es=("uniform", -3, 3)),
         outputs=["to_e", "from_e", "round_trip"], atol=1e-5),
    dict(kernel="euler_lock", dim=(16, 12), shapes=dict(es=(16,)), args=dict(es=("uniform", -3, 3)),
         outputs=["to_e"], atol=1e-4),
    dict(kernel="keywords", dim=50, args=dict(es=("uniform", -2, 2)), outputs=["o", "v", "s", "sv"], atol=1e-5),
    dict(kernel="rigid", dim=100, args=dict(xs=("uniform", -1, 1), vs=("uniform", -2, 2), rs=("uniform", -2, 2)),
         outputs=["vel", "tw", "wr"], atol=2e-6),
]
