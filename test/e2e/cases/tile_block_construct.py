"""wp.tile(x) of each thread's value (scalars, vectors with and without
preserve_type, quaternions, matrices), wp.untile back to per-thread values,
tile reductions of such tiles and wp.tile_from_thread, against warp-lang's
CPU backend, where a block is one thread (the tiles' last extent is 1).
The module's block_dim (16, as the launches) is what CUDA code is compiled
for: warpc reads it from wp.set_module_options."""
import warp as wp

wp.set_module_options({"block_dim": 16})


@wp.kernel
def construct(a: wp.array(dtype=float), v: wp.array(dtype=wp.vec3), m: wp.array(dtype=wp.mat22),
              q: wp.array(dtype=wp.quat), out: wp.array2d(dtype=float), vout: wp.array(dtype=wp.vec3),
              mout: wp.array(dtype=wp.mat22), qout: wp.array(dtype=wp.quat), iout: wp.array2d(dtype=int)):
    i, lane = wp.tid()
    x = a[i] * 2.0 + float(lane)
    t = wp.tile(x)
    s = wp.tile_sum(t)
    out[i, 0] = s[0]
    out[i, 1] = wp.untile(t * 3.0)
    out[i, 2] = wp.tile_max(wp.tile(a[i] - 1.0))[0]
    vi = v[i] * 1.0  # a value (warp-lang cannot tile an array element)
    mi = m[i] * 1.0
    qi = q[i] * 1.0
    tv = wp.tile(vi)  # shape (3, 1) on the CPU
    vout[i] = wp.untile(tv + tv)
    out[i, 3] = wp.tile_sum(tv)[0]
    pv = wp.tile(vi, preserve_type=True)  # (1,) of vec3
    out[i, 4] = wp.length(wp.untile(pv))
    tm = wp.tile(mi)  # (2, 2, 1)
    mout[i] = wp.untile(tm * 2.0)
    tq = wp.tile(qi, preserve_type=True)
    qout[i] = wp.untile(tq)
    out[i, 5] = wp.tile_sum(wp.tile(wp.vec4(qi[0], qi[1], qi[2], qi[3])))[0]
    k = wp.tile(i * 10 + 3)
    iout[i, 0] = wp.untile(k)
    iout[i, 1] = wp.tile_sum(wp.tile(7))[0]
    b = wp.tile_from_thread(shape=(4,), value=a[i] + 0.5, thread_idx=0)
    wp.tile_store(out[i], b, offset=(6,))
    c = wp.tile_from_thread(shape=2, value=i, thread_idx=0, storage="shared")
    wp.tile_store(iout[i], c, offset=(2,))


TESTS = [
    dict(name="construct", kernel="construct", dim=6, block_dim=16,
         args=dict(a=("uniform", -2, 2), v=("uniform", -1, 1), m=("uniform", -1, 1), q=("uniform", -1, 1)),
         shapes=dict(a=(6,), v=(6,), m=(6,), q=(6,), out=(6, 10), vout=(6,), mout=(6,), qout=(6,), iout=(6, 4)),
         outputs=["out", "vout", "mout", "qout", "iout"]),
]
