# vec3 + float: Warp does not broadcast scalars in + and -.
import warp as wp


@wp.kernel
def shift(points: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    v = points[i]
    v = v + 1.0
    points[i] = lower(v, 0.5)


@wp.func
def lower(v: wp.vec3, d: float) -> wp.vec3:
    return v - d

# expect: 9:9: cannot add 'vec3f' and 'float32'
# expect: 15:12: cannot subtract 'vec3f' and 'float32'
