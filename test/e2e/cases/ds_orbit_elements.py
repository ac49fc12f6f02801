"""Orbital elements from state vectors (two-body problem): specific
angular momentum with cross, eccentricity vector, inclination with
acos, right ascension with atan2, argument of latitude with asin /
atan, mean motion and anomalies, angles reported in degrees; and the
inverse direction building a position from elements given in radians."""
import warp as wp

MU = 1.0


@wp.kernel
def elements(r: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), out: wp.array2d(dtype=float)):
    i = wp.tid()
    rv = r[i]
    vv = v[i]
    h = wp.cross(rv, vv)
    rn = wp.length(rv)
    e = wp.cross(vv, h) / MU - rv / rn
    ecc = wp.length(e)
    inc = wp.acos(wp.clamp(h[2] / wp.length(h), -1.0, 1.0))
    node = wp.vec3(-h[1], h[0], 0.0)
    raan = wp.atan2(node[1], node[0])
    energy = 0.5 * wp.dot(vv, vv) - MU / rn
    a = -MU / (2.0 * energy)
    lat = wp.asin(wp.clamp(rv[2] / rn, -1.0, 1.0))
    slope = wp.atan(rv[1] / (wp.abs(rv[0]) + 1.0))
    out[i, 0] = ecc
    out[i, 1] = wp.degrees(inc)
    out[i, 2] = wp.degrees(raan)
    out[i, 3] = a
    out[i, 4] = wp.degrees(lat)
    out[i, 5] = wp.degrees(slope)


@wp.kernel
def from_elements(deg: wp.array(dtype=wp.vec3), radius: wp.array(dtype=float), pos: wp.array(dtype=wp.vec3),
                  t: wp.array(dtype=float)):
    i = wp.tid()
    inc = wp.radians(deg[i][0])
    raan = wp.radians(deg[i][1])
    u = wp.radians(deg[i][2])
    rr = radius[i]
    cu = wp.cos(u)
    su = wp.sin(u)
    pos[i] = rr * wp.vec3(wp.cos(raan) * cu - wp.sin(raan) * su * wp.cos(inc),
                          wp.sin(raan) * cu + wp.cos(raan) * su * wp.cos(inc), su * wp.sin(inc))
    t[i] = wp.tan(0.5 * u) * 0.1


TESTS = [
    dict(kernel="elements", dim=500,
         args=dict(r=("uniform", 0.5, 1.5), v=("uniform", -0.8, 0.8)), shapes=dict(out=(500, 6)),
         outputs=["out"], rtol=1e-4, atol=1e-4,
         note="acos/asin near +-1 amplify float32 error; degrees scale by 57"),
    dict(kernel="from_elements", dim=500, args=dict(deg=("uniform", -170, 170), radius=("uniform", 1, 2)),
         outputs=["pos", "t"], rtol=1e-5, atol=1e-5),
]
