"""Physically based shading with the GGX microfacet BRDF: normal
distribution D, Smith-Schlick geometry term G, Schlick Fresnel with
pow(1 - cos, 5), a Lambert diffuse lobe, evaluated for many
(normal, view, light, roughness, metallic) samples."""
import warp as wp

PI = 3.14159265


@wp.func
def ggx_d(ndh: float, a: float):
    a2 = a * a
    d = ndh * ndh * (a2 - 1.0) + 1.0
    return a2 / (PI * d * d)


@wp.func
def smith_g1(ndx: float, k: float):
    return ndx / (ndx * (1.0 - k) + k)


@wp.func
def fresnel(f0: wp.vec3, vdh: float):
    return f0 + (wp.vec3(1.0) - f0) * wp.pow(1.0 - vdh, 5.0)


@wp.kernel
def shade(n_in: wp.array(dtype=wp.vec3), v_in: wp.array(dtype=wp.vec3), l_in: wp.array(dtype=wp.vec3),
          rough: wp.array(dtype=float), metal: wp.array(dtype=float), albedo: wp.vec3, out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    n = wp.normalize(n_in[i])
    v = wp.normalize(v_in[i])
    l = wp.normalize(l_in[i])
    if wp.dot(n, v) < 0.0:
        v = -v
    if wp.dot(n, l) < 0.0:
        l = l - n * (2.0 * wp.dot(n, l))
    h = wp.normalize(v + l)
    ndl = wp.max(wp.dot(n, l), 1.0e-4)
    ndv = wp.max(wp.dot(n, v), 1.0e-4)
    ndh = wp.max(wp.dot(n, h), 0.0)
    vdh = wp.max(wp.dot(v, h), 0.0)
    a = rough[i] * rough[i]
    k = (rough[i] + 1.0) * (rough[i] + 1.0) / 8.0
    f0 = wp.lerp(wp.vec3(0.04), albedo, metal[i])
    F = fresnel(f0, vdh)
    spec = F * (ggx_d(ndh, a) * smith_g1(ndl, k) * smith_g1(ndv, k) / (4.0 * ndl * ndv))
    kd = wp.cw_mul(wp.vec3(1.0) - F, wp.vec3(1.0 - metal[i]))
    diffuse = wp.cw_mul(kd, albedo) / PI
    out[i] = (diffuse + spec) * ndl


TESTS = [
    dict(kernel="shade", dim=3000,
         args=dict(n_in=("uniform", -1, 1), v_in=("uniform", -1, 1), l_in=("uniform", -1, 1),
                   rough=("uniform", 0.1, 1.0), metal=("uniform", 0, 1), albedo=[0.9, 0.6, 0.3]),
         outputs=["out"], rtol=1e-4, atol=1e-6,
         note="grazing angles divide by ndl*ndv near 1e-4: relative error up to ~1e-5 observed"),
]
