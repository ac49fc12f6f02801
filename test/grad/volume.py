"""Adjoints of the volume samples with respect to the sample point (warp-lang
defines no others for value grids): volume_sample_f and the generic
volume_sample (LINEAR) on test_grid, a world-space sample through
volume_world_to_index on the torus (a rotated, scaled, translated map:
warp-lang's gradient through world_to_index is wrong there, warp_wrong), volume_sample_v on
the vec3 grid, the gradient form volume_sample_grad_f, whose adjoint
adds the trilinear weights' second derivatives, and volume_sample_index
(with its gradient form) on an OnIndex grid: the gradients of voxel_data
and the background.  The float64 twins write
the trilinear interpolation out over volume_lookup_f / _v values (the same
function in float64), so the finite differences are independent of the
prelude's sampler.  Points are uniform (a voxel boundary within the FD step
is improbable)."""
import warp as wp


@wp.func
def tri64(v: wp.uint64, q: wp.vec3d) -> wp.float64:
    bx = wp.floor(q[0])
    by = wp.floor(q[1])
    bz = wp.floor(q[2])
    fx = q[0] - bx
    fy = q[1] - by
    fz = q[2] - bz
    s = wp.float64(0.0)
    for o in range(8):
        ox = o >> 2
        oy = (o >> 1) & 1
        oz = o & 1
        wx = wp.where(ox == 1, fx, wp.float64(1.0) - fx)
        wy = wp.where(oy == 1, fy, wp.float64(1.0) - fy)
        wz = wp.where(oz == 1, fz, wp.float64(1.0) - fz)
        val = wp.float64(wp.volume_lookup_f(v, int(bx) + ox, int(by) + oy, int(bz) + oz))
        s += wx * wy * wz * val
    return s


@wp.func
def tri64_grad(v: wp.uint64, q: wp.vec3d) -> wp.vec3d:
    bx = wp.floor(q[0])
    by = wp.floor(q[1])
    bz = wp.floor(q[2])
    fx = q[0] - bx
    fy = q[1] - by
    fz = q[2] - bz
    g = wp.vec3d()
    for o in range(8):
        ox = o >> 2
        oy = (o >> 1) & 1
        oz = o & 1
        wx = wp.where(ox == 1, fx, wp.float64(1.0) - fx)
        wy = wp.where(oy == 1, fy, wp.float64(1.0) - fy)
        wz = wp.where(oz == 1, fz, wp.float64(1.0) - fz)
        sx = wp.float64(2 * ox - 1)
        sy = wp.float64(2 * oy - 1)
        sz = wp.float64(2 * oz - 1)
        val = wp.float64(wp.volume_lookup_f(v, int(bx) + ox, int(by) + oy, int(bz) + oz))
        g += val * wp.vec3d(sx * wy * wz, sy * wx * wz, sz * wx * wy)
    return g


@wp.kernel
def sample(v: wp.uint64, p: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    q = p[i]
    out[i] = wp.volume_sample_f(v, q, wp.Volume.LINEAR) + 0.5 * wp.volume_sample(
        v, q * 0.7, wp.Volume.LINEAR, dtype=float)


@wp.kernel
def sample_f64(v: wp.uint64, p: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    q = p[i]
    out[i] = tri64(v, q) + wp.float64(0.5) * tri64(v, q * wp.float64(0.7))


@wp.kernel
def world(v: wp.uint64, p: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.volume_sample_f(v, wp.volume_world_to_index(v, p[i]), wp.Volume.LINEAR)


@wp.kernel
def world_f64(v: wp.uint64, p: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = tri64(v, wp.volume_world_to_index(v, p[i]))


@wp.kernel
def grad_form(v: wp.uint64, p: wp.array(dtype=wp.vec3), c: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    g = wp.vec3()
    s = wp.volume_sample_grad_f(v, p[i], wp.Volume.LINEAR, g)
    out[i] = s * 0.3 + wp.dot(g, c[i])


@wp.kernel
def grad_form_f64(v: wp.uint64, p: wp.array(dtype=wp.vec3d), c: wp.array(dtype=wp.vec3d),
                  out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    s = tri64(v, p[i])
    g = tri64_grad(v, p[i])
    out[i] = s * wp.float64(0.3) + wp.dot(g, c[i])


@wp.kernel
def vec_sample(v: wp.uint64, p: wp.array(dtype=wp.vec3), out: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    out[i] = wp.volume_sample_v(v, p[i], wp.Volume.LINEAR)


@wp.kernel
def vec_sample_f64(v: wp.uint64, p: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.vec3d)):
    i = wp.tid()
    q = p[i]
    bx = wp.floor(q[0])
    by = wp.floor(q[1])
    bz = wp.floor(q[2])
    fx = q[0] - bx
    fy = q[1] - by
    fz = q[2] - bz
    s = wp.vec3d()
    for o in range(8):
        ox = o >> 2
        oy = (o >> 1) & 1
        oz = o & 1
        wx = wp.where(ox == 1, fx, wp.float64(1.0) - fx)
        wy = wp.where(oy == 1, fy, wp.float64(1.0) - fy)
        wz = wp.where(oz == 1, fz, wp.float64(1.0) - fz)
        val = wp.volume_lookup_v(v, int(bx) + ox, int(by) + oy, int(bz) + oz)
        s += (wx * wy * wz) * wp.vec3d(wp.float64(val[0]), wp.float64(val[1]), wp.float64(val[2]))
    out[i] = s


@wp.kernel
def index_sample(v: wp.uint64, p: wp.array(dtype=wp.vec3), data: wp.array(dtype=float), bg: wp.array(dtype=float),
                 c: wp.array(dtype=wp.vec3), out: wp.array(dtype=float)):
    i = wp.tid()
    q = p[i]
    g = wp.vec3()
    s = wp.volume_sample_grad_index(v, q, wp.Volume.LINEAR, data, bg[0], g)
    out[i] = (wp.volume_sample_index(v, q, wp.Volume.LINEAR, data, bg[0])
              + 0.5 * wp.volume_sample_index(v, q, wp.Volume.CLOSEST, data, bg[0]) + 0.3 * s + wp.dot(g, c[i]))


@wp.kernel
def index_sample_f64(v: wp.uint64, p: wp.array(dtype=wp.vec3d), data: wp.array(dtype=wp.float64),
                     bg: wp.array(dtype=wp.float64), c: wp.array(dtype=wp.vec3d), out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    q = wp.vec3(float(p[i][0]), float(p[i][1]), float(p[i][2]))  # the points are not differentiated
    g = wp.vec3d()
    s = wp.volume_sample_grad_index(v, q, wp.Volume.LINEAR, data, bg[0], g)
    out[i] = (wp.volume_sample_index(v, q, wp.Volume.LINEAR, data, bg[0])
              + wp.float64(0.5) * wp.volume_sample_index(v, q, wp.Volume.CLOSEST, data, bg[0])
              + wp.float64(0.3) * s + wp.dot(g, c[i]))


# the active voxels of test_index_grid, and points in the cells around them
VOXELS = [[-15, -15, -3], [-5, 7, -1], [-4, 15, 10], [1, -12, -8], [3, -3, -16], [5, -7, -16],
          [15, -12, -6], [4, 0, -14], [1, 15, -13], [3, 15, -8], [4, 6, 13], [6, 12, 1],
          [5, 9, 11]]
OFFS = [[0.3, -0.2, 0.35], [-0.4, 0.3, -0.15], [0.2, 0.45, -0.3]]
PTS = [[x + o[0], y + o[1], z + o[2]] for (x, y, z) in VOXELS for o in OFFS]
IDX = ("object", "volume", dict(asset="test_index_grid"))
GRID = ("object", "volume", dict(asset="test_grid"))
TORUS = ("object", "volume", dict(asset="torus"))
VEC = ("object", "volume", dict(asset="test_vec_grid"))
GRAD_TESTS = [
    dict(name="sample", kernel="sample", dim=40, args=dict(v=GRID, p=("uniform", -11.0, 11.0)),
         outputs=["out"], inputs=["p"]),
    # the torus's index-to-world matrix is a rotation (scaled by 0.1):
    # warp-lang's float32 adjoint of volume_world_to_index multiplies by the
    # inverse matrix instead of its transpose (warp/native/volume.h), so its
    # gradient is wrong where they differ; warpc's is the transpose's
    dict(name="world", kernel="world", dim=40, args=dict(v=TORUS, p=("uniform", -1.0, 3.0)),
         outputs=["out"], inputs=["p"], warp_wrong=["p"]),
    dict(name="grad_form", kernel="grad_form", dim=40,
         args=dict(v=GRID, p=("uniform", -11.0, 11.0), c=("uniform", -1.0, 1.0)),
         outputs=["out"], inputs=["p", "c"],
         # the value's and the gradient's adjoints are two builtins here,
         # one loop in warp-lang: float32 sums in another order
         tol=dict(p=(5e-5, 1e-6))),
    # volume_sample_index (CLOSEST, LINEAR) and its gradient form: the
    # gradients of voxel_data and the background (voxels that are not
    # active read the background)
    dict(name="index_sample", kernel="index_sample", dim=len(PTS),
         args=dict(v=IDX, p=("values", PTS), data=("uniform", -1.0, 1.0), bg=("values", [0.25]),
                   c=("uniform", -1.0, 1.0)),
         shapes=dict(data=(16,), bg=(1,)), outputs=["out"], inputs=["data", "bg", "c"]),
    dict(name="vec_sample", kernel="vec_sample", dim=30, args=dict(v=VEC, p=("uniform", -11.0, 11.0)),
         outputs=["out"], inputs=["p"], fd_atol=1e-7),
]
