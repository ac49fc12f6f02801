# Volume (NanoVDB) lookups are out of scope by decision.
import warp as wp


@wp.kernel
def sample(volume: wp.uint64, pts: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.volume_sample_f(volume, pts[i], wp.Volume.LINEAR)

# expect: 8:14: 'volume_sample_f' is not supported by warpc: volume (NanoVDB) queries are out of scope
