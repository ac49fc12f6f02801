"""Scalar kernel parameters of every first-tier type, passed by value."""
import warp as wp


@wp.kernel
def scale_offset(
    x: wp.array(dtype=wp.float32),
    out: wp.array(dtype=wp.float32),
    scale: wp.float32,
    offset: float,
    flip: bool,
):
    i = wp.tid()
    v = x[i] * scale + offset
    if flip:
        v = -v
    out[i] = v


@wp.kernel
def mixed_scalars(
    a: int,
    b: wp.int64,
    c: wp.uint32,
    d: wp.float64,
    e: wp.int32,
    out_i: wp.array(dtype=int),
    out_l: wp.array(dtype=wp.int64),
    out_u: wp.array(dtype=wp.uint32),
    out_d: wp.array(dtype=wp.float64),
):
    i = wp.tid()
    out_i[i] = a * i + e
    out_l[i] = b * wp.int64(i) - wp.int64(1)
    out_u[i] = c + wp.uint32(i)
    out_d[i] = d * wp.float64(i) + wp.float64(0.5)


TESTS = [
    dict(kernel="scale_offset", dim=257,
         args=dict(x=("uniform", -10, 10), scale=0.3, offset=-1.25, flip=False), outputs=["out"]),
    dict(kernel="scale_offset", dim=64,
         args=dict(x=("uniform", -10, 10), scale=-7.0, offset=0.1, flip=True), outputs=["out"]),
    dict(kernel="mixed_scalars", dim=100,
         args=dict(a=-3, b=123456789012, c=4294967000, d=1.0e-3, e=2147483000)),
]
