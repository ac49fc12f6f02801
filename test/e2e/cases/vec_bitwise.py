"""Bitwise operators on integer vectors (component-wise &, |, ^, <<, >>
and ~, as Warp's vector overloads of bit_and / bit_or / bit_xor /
lshift / rshift / invert): signed and unsigned components of 8 to 64
bits, augmented assignments too."""
import warp as wp


@wp.kernel
def bits(a: wp.array(dtype=wp.vec3i), b: wp.array(dtype=wp.vec3i), u: wp.array(dtype=wp.vec4ub),
         w: wp.array(dtype=wp.vec2ul), s: wp.array(dtype=wp.vec3ui), out_i: wp.array2d(dtype=wp.vec3i),
         out_u: wp.array2d(dtype=wp.vec4ub), out_l: wp.array2d(dtype=wp.vec2ul), out_s: wp.array(dtype=wp.vec3ui)):
    i = wp.tid()
    x = a[i]
    y = b[i]
    out_i[i, 0] = x & y
    out_i[i, 1] = x | y
    out_i[i, 2] = x ^ y
    out_i[i, 3] = ~x
    out_i[i, 4] = (y & wp.vec3i(15, 15, 15)) << wp.vec3i(1, 2, 3)
    out_i[i, 5] = x >> wp.vec3i(1, 3, 5)
    c = u[i]
    out_u[i, 0] = c & wp.vec4ub(wp.uint8(0xF0), wp.uint8(0x0F), wp.uint8(0xFF), wp.uint8(0))
    out_u[i, 1] = ~c
    out_u[i, 2] = c >> wp.vec4ub(wp.uint8(1), wp.uint8(2), wp.uint8(3), wp.uint8(4))
    d = w[i]
    out_l[i, 0] = d ^ (d >> wp.vec2ul(wp.uint64(17), wp.uint64(31)))
    out_l[i, 1] = ~d | wp.vec2ul(wp.uint64(1), wp.uint64(2))
    v = s[i]
    v ^= v << wp.vec3ui(wp.uint32(13), wp.uint32(13), wp.uint32(13))
    v &= wp.vec3ui(wp.uint32(0xFFFF0000), wp.uint32(0x00FFFF00), wp.uint32(0xFFFFFFFF))
    out_s[i] = v


TESTS = [
    dict(kernel="bits", dim=200,
         args=dict(a=("int", -100000, 100000), b=("int", -100000, 100000), u=("int", 0, 255),
                   w=("int", 0, (1 << 64) - 1), s=("int", 0, (1 << 32) - 1)),
         shapes=dict(out_i=(200, 6), out_u=(200, 3), out_l=(200, 2)),
         outputs=["out_i", "out_u", "out_l", "out_s"]),
]
