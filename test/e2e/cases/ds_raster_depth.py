"""Triangle rasterization with edge functions: one thread per pixel
tests every triangle, computes barycentrics and an interpolated depth,
and resolves visibility with atomic_min on a depth buffer quantized to
int32; a second pass writes the id of the triangle that won."""
import warp as wp


@wp.func
def edge(a: wp.vec2, b: wp.vec2, p: wp.vec2):
    return (p[0] - a[0]) * (b[1] - a[1]) - (p[1] - a[1]) * (b[0] - a[0])


@wp.kernel
def raster(v: wp.array(dtype=wp.vec3), size: int, zbuf: wp.array2d(dtype=int)):
    y, x, t = wp.tid()
    p = wp.vec2((float(x) + 0.5) / float(size), (float(y) + 0.5) / float(size))
    a = v[3 * t]
    b = v[3 * t + 1]
    c = v[3 * t + 2]
    a2 = wp.vec2(a[0], a[1])
    b2 = wp.vec2(b[0], b[1])
    c2 = wp.vec2(c[0], c[1])
    area = edge(a2, b2, c2)
    if wp.abs(area) < 1.0e-6:
        return
    w0 = edge(b2, c2, p) / area
    w1 = edge(c2, a2, p) / area
    w2 = edge(a2, b2, p) / area
    if w0 >= 0.0 and w1 >= 0.0 and w2 >= 0.0:
        z = w0 * a[2] + w1 * b[2] + w2 * c[2]
        zq = int(z * 1000000.0)
        wp.atomic_min(zbuf, y, x, zq * 64 + t)


@wp.kernel
def resolve(zbuf: wp.array2d(dtype=int), tri: wp.array2d(dtype=int)):
    y, x = wp.tid()
    z = zbuf[y, x]
    if z == 2147483647:
        tri[y, x] = -1
    else:
        tri[y, x] = z % 64


TESTS = [
    dict(name="raster", dim=(32, 32),
         arrays=dict(v=("uniform", 0.0, 1.0), zbuf=("full", 2147483647)), shapes=dict(v=(60,), zbuf=(32, 32)),
         launches=[dict(kernel="raster", dim=(32, 32, 20), args=dict(size=32)), dict(kernel="resolve")],
         outputs=["zbuf", "tri"],
         note="depth quantized with int(z*1e6): a float32 difference at a quantization step would differ; "
              "the ids in the low 6 bits keep the winner deterministic"),
]
