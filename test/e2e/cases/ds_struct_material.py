"""Nested structs for shading parameters: a Material holding a Texture
struct and colors, an array of materials indexed per pixel, a @wp.func
taking and returning structs, and struct fields updated in place inside
a loop before the color is written."""
import warp as wp


@wp.struct
class Texture:
    scale: float
    offset: wp.vec2


@wp.struct
class Material:
    albedo: wp.vec3
    emission: wp.vec3
    roughness: float
    tex: Texture


@wp.struct
class Hit:
    color: wp.vec3
    weight: float


@wp.func
def checker(t: Texture, uv: wp.vec2):
    p = (uv + t.offset) * t.scale
    c = int(wp.floor(p[0])) + int(wp.floor(p[1]))
    return float(c & 1)


@wp.func
def shade(m: Material, uv: wp.vec2, h: Hit) -> Hit:
    out = h
    k = 0.5 + 0.5 * checker(m.tex, uv)
    out.color = h.color + (m.albedo * k + m.emission) * h.weight
    out.weight = h.weight * (1.0 - m.roughness)
    return out


@wp.kernel
def render(mats: wp.array(dtype=Material), mat_id: wp.array2d(dtype=int), img: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    uv = wp.vec2(float(j) / 32.0, float(i) / 24.0)
    h = Hit()
    h.weight = 1.0
    for bounce in range(3):
        m = mats[(mat_id[i, j] + bounce) % mats.shape[0]]
        h = shade(m, uv, h)
        h.color *= 0.9
    img[i, j] = h.color


MATS = dict(albedo=[[0.8, 0.2, 0.2], [0.2, 0.8, 0.2], [0.2, 0.2, 0.9]],
            emission=[[0.0, 0.0, 0.0], [0.1, 0.1, 0.0], [0.0, 0.0, 0.5]], roughness=[0.3, 0.6, 0.1],
            tex=dict(scale=[4.0, 8.0, 2.5], offset=[[0.1, 0.0], [0.0, 0.3], [0.5, 0.5]]))
TESTS = [
    dict(kernel="render", dim=(24, 32), args=dict(mats=MATS, mat_id=("int", 0, 2)), shapes=dict(mats=(3,)),
         outputs=["img"], rtol=1e-5, atol=1e-6),
]
