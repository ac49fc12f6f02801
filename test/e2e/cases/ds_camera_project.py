"""Camera projection: a look-at view matrix and an OpenGL-style
perspective matrix (mat44) built per launch from scalars, points
transformed as homogeneous vec4, perspective divide, NDC to pixel
coordinates, and a frustum-culling flag per point."""
import warp as wp


@wp.func
def look_at(eye: wp.vec3, target: wp.vec3, up: wp.vec3):
    f = wp.normalize(target - eye)
    s = wp.normalize(wp.cross(f, up))
    u = wp.cross(s, f)
    return wp.mat44(s[0], s[1], s[2], -wp.dot(s, eye),
                    u[0], u[1], u[2], -wp.dot(u, eye),
                    -f[0], -f[1], -f[2], wp.dot(f, eye),
                    0.0, 0.0, 0.0, 1.0)


@wp.func
def perspective(fovy: float, aspect: float, near: float, far: float):
    t = 1.0 / wp.tan(0.5 * fovy)
    return wp.mat44(t / aspect, 0.0, 0.0, 0.0,
                    0.0, t, 0.0, 0.0,
                    0.0, 0.0, (far + near) / (near - far), 2.0 * far * near / (near - far),
                    0.0, 0.0, -1.0, 0.0)


@wp.kernel
def project(pts: wp.array(dtype=wp.vec3), eye: wp.vec3, width: int, height: int, pix: wp.array(dtype=wp.vec2),
            depth: wp.array(dtype=float), visible: wp.array(dtype=wp.uint8)):
    i = wp.tid()
    V = look_at(eye, wp.vec3(0.0, 0.0, 0.0), wp.vec3(0.0, 1.0, 0.0))
    Pm = perspective(wp.radians(60.0), float(width) / float(height), 0.1, 100.0)
    p = pts[i]
    clip = Pm * V * wp.vec4(p[0], p[1], p[2], 1.0)
    ndc = wp.vec3(clip[0], clip[1], clip[2]) / clip[3]
    pix[i] = wp.vec2((ndc[0] * 0.5 + 0.5) * float(width), (1.0 - (ndc[1] * 0.5 + 0.5)) * float(height))
    depth[i] = ndc[2]
    inside = clip[3] > 0.0 and wp.abs(ndc[0]) <= 1.0 and wp.abs(ndc[1]) <= 1.0 and wp.abs(ndc[2]) <= 1.0
    visible[i] = wp.uint8(int(inside))


TESTS = [
    dict(kernel="project", dim=2000, args=dict(pts=("uniform", -3, 3), eye=[4.0, 3.0, 6.0], width=640, height=480),
         outputs=["pix", "depth", "visible"], rtol=1e-4, atol=1e-4,
         note="pixel coordinates are ~1e2-1e3: atol 1e-4 is a few ulp; points within an ulp of the frustum "
              "border could flip 'visible' (none do with this seed)"),
]
