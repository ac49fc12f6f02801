# noise and pnoise take a float32 or a vec2f/vec3f/vec4f point, as in Warp
# (1.10.1: "Couldn't find function overload for 'noise' that matched inputs
# with types: [uint32, quatf]"); a quatf is not a vec4f.  warpc took it and
# generated a call of wp_noise_uint32_quatf, which no prelude defines: an
# object that failed to link (or a C compile error with CUDA).
import warp as wp


@wp.kernel
def k(s: wp.uint32, q: wp.quatf, o: wp.array(dtype=float)):
    o[0] = wp.noise(s, q)
    o[1] = wp.pnoise(s, q, 1, 2, 3, 4)

# expect: 11:12: no overload of 'noise' for argument types (uint32, quatf): the point must be a float32, vec2f, vec3f or vec4f
# expect: 12:12: no overload of 'pnoise' for argument types (uint32, quatf, int32, int32, int32, int32): the point must be a float32, vec2f, vec3f or vec4f
