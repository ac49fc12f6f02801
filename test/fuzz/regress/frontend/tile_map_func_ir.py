import warp as wp


@wp.func
def smooth(x: float, y: float):
    return x * y + wp.sin(x)


@wp.kernel
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=8)
    wp.tile_store(out, wp.tile_map(smooth, t, t))
    u = wp.tile_map(wp.sin, t)
    r = wp.tile_reduce(wp.add, u)
    out[0] = r[0]
