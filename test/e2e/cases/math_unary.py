"""Elementary functions, arguments inside their domains: sqrt exp log log2
log10 sin cos tan."""
import warp as wp


@wp.kernel
def elementary(pos: wp.array(dtype=float), x: wp.array(dtype=float), out: wp.array2d(dtype=float)):
    i = wp.tid()
    p = pos[i]  # > 0
    v = x[i]    # in [-1.4, 1.4]
    out[i, 0] = wp.sqrt(p)
    out[i, 1] = wp.exp(v)
    out[i, 2] = wp.log(p)
    out[i, 3] = wp.log2(p)
    out[i, 4] = wp.log10(p)
    out[i, 5] = wp.sin(v * 3.0)
    out[i, 6] = wp.cos(v * 3.0)
    out[i, 7] = wp.tan(v)
    out[i, 8] = wp.exp(-v * v) * wp.sqrt(p + 1.0)


@wp.kernel
def elementary64(pos: wp.array(dtype=wp.float64), out: wp.array2d(dtype=wp.float64)):
    i = wp.tid()
    p = pos[i]
    out[i, 0] = wp.sqrt(p)
    out[i, 1] = wp.exp(-p)
    out[i, 2] = wp.log(p)
    out[i, 3] = wp.log2(p) + wp.log10(p)
    out[i, 4] = wp.sin(p) * wp.cos(p) + wp.tan(p * wp.float64(0.1))


TESTS = [
    dict(kernel="elementary", dim=1000, args=dict(pos=("uniform", 0.001, 1000), x=("uniform", -1.4, 1.4)),
         shapes=dict(out=(1000, 9)), outputs=["out"]),
    dict(kernel="elementary64", dim=1000, args=dict(pos=("uniform", 0.01, 10)),
         shapes=dict(out=(1000, 5)), outputs=["out"]),
]
