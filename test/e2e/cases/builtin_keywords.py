"""Builtins called with keyword arguments, by warp-lang's parameter names
(lib/lower/builtin_params.def, generated from warp-lang): all by keyword
(`wp.pow(x=2.0, y=3.0)`), positional then keyword (`wp.clamp(v, low=...,
high=...)`), keywords out of order, the overload chosen by the names
(`transform_point(xform=...)`), a trailing default left out
(`expect_near`'s tolerance, `curlnoise`'s octaves), atomics, random numbers,
and the constructors `wp.transform(p=..., q=...)` and `wp.quat(ijk=...,
real=...)` (tests/test_spatial.py, tests/matrix/test_mat_lite.py)."""
import warp as wp


@wp.kernel
def keywords(x: wp.array(dtype=float), out: wp.array2d(dtype=float), vout: wp.array(dtype=wp.vec3),
             acc: wp.array(dtype=int), grid: wp.array2d(dtype=int)):
    i = wp.tid()
    v = x[i]
    out[i, 0] = wp.pow(x=wp.abs(v), y=3.0)
    out[i, 1] = wp.clamp(v, low=-0.5, high=0.5)
    out[i, 2] = wp.lerp(t=0.25, b=v, a=1.0)
    out[i, 3] = wp.smoothstep(a=-1.0, b=1.0, x=v)
    out[i, 4] = wp.where(v > 0.0, value_if_false=-1.0, value_if_true=v)
    t = wp.transform(p=wp.vec3(v, 1.0, 2.0), q=wp.quat_from_axis_angle(angle=v, axis=wp.vec3(0.0, 0.0, 1.0)))
    vout[i] = wp.transform_point(xform=t, point=wp.vec3(1.0, 0.0, 0.0))
    q = wp.quat(ijk=wp.vec3(0.0, v, 0.0), real=1.0)
    out[i, 5] = wp.normalize(q)[1] + wp.transform_vector(t, vec=wp.vec3(0.0, 1.0, 0.0))[0]
    state = wp.rand_init(seed=42, offset=i)
    out[i, 6] = wp.randf(state, low=2.0, high=3.0)
    out[i, 7] = wp.min(a=v, b=0.25) + wp.max(b=v, a=-0.25)
    wp.atomic_add(acc, 0, value=i * 3)
    wp.atomic_max(arr=grid, i=i % 2, j=1, value=i)
    wp.expect_near(a=v, b=v)
    wp.expect_neq(b=v, a=v + 1.0)


TESTS = [
    dict(kernel="keywords", dim=24, args=dict(x=("uniform", -1, 1)), shapes=dict(out=(24, 8), grid=(2, 2)),
         outputs=["out", "vout", "acc", "grid"]),
]
