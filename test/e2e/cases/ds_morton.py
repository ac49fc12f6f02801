"""Morton (Z-order) codes for 3D points: 10-bit coordinate quantization,
bit spreading with the classic shift-and-mask sequence on uint32,
interleaving, and decoding back by compaction; a 2D 16-bit variant on
uint64 too."""
import warp as wp


@wp.func
def spread3(v: wp.uint32):
    x = v & wp.uint32(0x3FF)
    x = (x | (x << wp.uint32(16))) & wp.uint32(0x030000FF)
    x = (x | (x << wp.uint32(8))) & wp.uint32(0x0300F00F)
    x = (x | (x << wp.uint32(4))) & wp.uint32(0x030C30C3)
    x = (x | (x << wp.uint32(2))) & wp.uint32(0x09249249)
    return x


@wp.func
def compact3(v: wp.uint32):
    x = v & wp.uint32(0x09249249)
    x = (x | (x >> wp.uint32(2))) & wp.uint32(0x030C30C3)
    x = (x | (x >> wp.uint32(4))) & wp.uint32(0x0300F00F)
    x = (x | (x >> wp.uint32(8))) & wp.uint32(0x030000FF)
    x = (x | (x >> wp.uint32(16))) & wp.uint32(0x3FF)
    return x


@wp.kernel
def morton3(p: wp.array(dtype=wp.vec3), code: wp.array(dtype=wp.uint32), back: wp.array(dtype=wp.vec3i)):
    i = wp.tid()
    q = wp.min(wp.max(p[i], wp.vec3(0.0)), wp.vec3(0.999999))
    xi = wp.uint32(int(q[0] * 1024.0))
    yi = wp.uint32(int(q[1] * 1024.0))
    zi = wp.uint32(int(q[2] * 1024.0))
    c = (spread3(xi) << wp.uint32(2)) | (spread3(yi) << wp.uint32(1)) | spread3(zi)
    code[i] = c
    back[i] = wp.vec3i(int(compact3(c >> wp.uint32(2))), int(compact3(c >> wp.uint32(1))), int(compact3(c)))


@wp.kernel
def morton2_64(xy: wp.array(dtype=wp.vec2i), code: wp.array(dtype=wp.uint64)):
    i = wp.tid()
    c = wp.uint64(0)
    for b in range(16):
        bx = (wp.uint64(xy[i][0]) >> wp.uint64(b)) & wp.uint64(1)
        by = (wp.uint64(xy[i][1]) >> wp.uint64(b)) & wp.uint64(1)
        # warp-lang 1.19.0 rejects this loop written as
        # `c = c | (bx << wp.uint64(2 * b)) | (by << wp.uint64(2 * b + 1))`
        # ("Input types must be the same, got int32, uint64"; 1.10.1 took it)
        s = wp.uint64(b) * wp.uint64(2)
        c = c | (bx << s) | (by << (s + wp.uint64(1)))
    code[i] = c


TESTS = [
    dict(kernel="morton3", dim=3000, args=dict(p=("uniform", -0.1, 1.1)), outputs=["code", "back"]),
    dict(kernel="morton2_64", dim=1000, args=dict(xy=("int", 0, 65535)), outputs=["code"]),
]
