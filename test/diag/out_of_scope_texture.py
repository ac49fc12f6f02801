# Texture lookups are out of scope by decision.
import warp as wp


@wp.kernel
def shade(tex: wp.uint64, uv: wp.array(dtype=wp.vec2), out: wp.array(dtype=wp.vec4)):
    i = wp.tid()
    out[i] = wp.texture_sample(tex, uv[i])

# expect: 8:14: 'texture_sample' is not supported by warpc: texture lookups are out of scope
