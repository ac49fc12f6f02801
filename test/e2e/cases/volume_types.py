"""wp.Volume grids of every value type of warp-lang's test assets: int32
(volume_sample_i, volume_lookup_i, the generic dtype=int forms), vec3f
(volume_sample_v in both modes, volume_lookup_v), an OnIndex grid
(volume_lookup_index, volume_sample_index over a voxel_data array with a
background, its gradient form, volume_voxel_count; the file's second grid
too), the gradient forms of
vector grids (a 3x3 matrix), asking a grid for
another type (zeros, as in Warp), and volume_store_* followed by lookups
(stores land on leaf voxels only)."""
import warp as wp


@wp.kernel
def int_grid(v: wp.uint64, pts: wp.array(dtype=wp.vec3), si: wp.array(dtype=int),
             li: wp.array(dtype=int), gi: wp.array(dtype=int), wrong: wp.array(dtype=float)):
    i = wp.tid()
    p = pts[i]
    si[i] = wp.volume_sample_i(v, p)
    li[i] = wp.volume_lookup_i(v, int(p[0]), int(p[1]), int(p[2]))
    gi[i] = wp.volume_sample(v, p, wp.Volume.CLOSEST, dtype=wp.int32)
    wrong[i] = wp.volume_sample_f(v, p, wp.Volume.LINEAR) + wp.volume_lookup_f(v, 0, 0, 0)


@wp.kernel
def vec_grid(v: wp.uint64, pts: wp.array(dtype=wp.vec3), closest: wp.array(dtype=wp.vec3),
             linear: wp.array(dtype=wp.vec3), generic: wp.array(dtype=wp.vec3),
             look: wp.array(dtype=wp.vec3), glook: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    p = pts[i]
    closest[i] = wp.volume_sample_v(v, p, wp.Volume.CLOSEST)
    linear[i] = wp.volume_sample_v(v, p, wp.Volume.LINEAR)
    generic[i] = wp.volume_sample(v, p, wp.Volume.LINEAR, dtype=wp.vec3)
    look[i] = wp.volume_lookup_v(v, int(p[0]), int(p[1]), int(p[2]))
    glook[i] = wp.volume_lookup(v, int(p[2]), int(p[0]), int(p[1]), dtype=wp.vec3)


@wp.kernel
def vec_grad(v: wp.uint64, pts: wp.array(dtype=wp.vec3), val: wp.array(dtype=wp.vec3),
             grad: wp.array(dtype=wp.mat33), fval: wp.array(dtype=float), fgrad: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    g = wp.mat33()
    val[i] = wp.volume_sample_grad(v, pts[i], wp.Volume.LINEAR, g, dtype=wp.vec3)
    grad[i] = g
    h = wp.vec3()
    fval[i] = wp.volume_sample_grad(v, pts[i], wp.Volume.LINEAR, h, dtype=float)  # a vec3 grid: zeros
    fgrad[i] = h


@wp.kernel
def index_vec_grad(v: wp.uint64, pts: wp.array(dtype=wp.vec3), vdata: wp.array(dtype=wp.vec3),
                   val: wp.array(dtype=wp.vec3), grad: wp.array(dtype=wp.mat33)):
    i = wp.tid()
    g = wp.mat33()
    val[i] = wp.volume_sample_grad_index(v, pts[i], wp.Volume.LINEAR, vdata, wp.vec3(0.5, -1.0, 2.0), g)
    grad[i] = g


@wp.kernel
def index_grid(v: wp.uint64, pts: wp.array(dtype=wp.vec3), data: wp.array(dtype=float),
               vdata: wp.array(dtype=wp.vec3), idx: wp.array(dtype=int),
               closest: wp.array(dtype=float), linear: wp.array(dtype=float),
               vlinear: wp.array(dtype=wp.vec3), gval: wp.array(dtype=float),
               grad: wp.array(dtype=wp.vec3), count: wp.array(dtype=int)):
    i = wp.tid()
    p = pts[i]
    idx[i] = wp.volume_lookup_index(v, int(p[0]), int(p[1]), int(p[2]))
    closest[i] = wp.volume_sample_index(v, p, wp.Volume.CLOSEST, data, -2.5)
    linear[i] = wp.volume_sample_index(v, p, wp.Volume.LINEAR, data, 0.75)
    vlinear[i] = wp.volume_sample_index(v, p, wp.Volume.LINEAR, vdata, wp.vec3(1.0, 2.0, 3.0))
    g = wp.vec3()
    gval[i] = wp.volume_sample_grad_index(v, p, wp.Volume.LINEAR, data, 0.5, g)
    grad[i] = g
    count[i] = wp.volume_voxel_count(v)


@wp.kernel
def index_voxels(v: wp.uint64, voxels: wp.array(dtype=wp.vec3i), idx: wp.array(dtype=int),
                 near: wp.array(dtype=float), data: wp.array(dtype=float)):
    # at and next to the grid's active voxels (warp-lang's get_voxels order)
    i = wp.tid()
    c = voxels[i % 16]
    d = i / 16
    idx[i] = wp.volume_lookup_index(v, c[0] + d % 2, c[1], c[2] - d / 2)
    near[i] = wp.volume_sample_index(v, wp.vec3(float(c[0]) + 0.25 * float(d), float(c[1]) - 0.5,
                                                 float(c[2]) + 0.5), wp.Volume.LINEAR, data, 9.0)


@wp.kernel
def store(v: wp.uint64, vals: wp.array(dtype=float)):
    i = wp.tid()
    wp.volume_store_f(v, i - 12, (i * 5) % 25 - 12, 3, vals[i])
    wp.volume_store(v, 3, i - 12, (i * 7) % 25 - 12, vals[i] * 2.0)


@wp.kernel
def store_vec(v: wp.uint64, vals: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    wp.volume_store_v(v, i - 12, 2, (i * 3) % 25 - 12, vals[i])


@wp.kernel
def store_int(v: wp.uint64, vals: wp.array(dtype=int)):
    i = wp.tid()
    wp.volume_store_i(v, 0, i - 12, 1, vals[i])
    wp.volume_store(v, i - 12, 5, 0, vals[i] + 1)


@wp.kernel
def read_back(v: wp.uint64, f: wp.array2d(dtype=float)):
    i, j = wp.tid()
    f[i, j] = wp.volume_lookup_f(v, i - 12, j - 12, 3) + 10.0 * wp.volume_lookup_f(v, 3, i - 12, j - 12)


@wp.kernel
def read_back_vec(v: wp.uint64, f: wp.array2d(dtype=wp.vec3)):
    i, j = wp.tid()
    f[i, j] = wp.volume_lookup_v(v, i - 12, 2, j - 12)


@wp.kernel
def read_back_int(v: wp.uint64, f: wp.array2d(dtype=int)):
    i, j = wp.tid()
    f[i, j] = wp.volume_lookup_i(v, 0, i - 12, j - 12) + 1000 * wp.volume_lookup_i(v, i - 12, 5, j - 12)


INT = ("object", "volume", dict(asset="test_int32_grid"))
VEC = ("object", "volume", dict(asset="test_vec_grid"))
IDX = ("object", "volume", dict(asset="test_index_grid"))
IDX1 = ("object", "volume", dict(asset="test_index_grid", grid=1))  # its second grid
GRID = ("object", "volume", dict(asset="test_grid"))
TOL = dict(rtol=1e-5, atol=1e-6)
VOXELS = [[-15, -15, -3], [-5, 7, -1], [-4, 15, 10], [1, -12, -8], [3, -3, -16], [5, -7, -16],
          [15, -12, -6], [4, 0, -14], [1, 15, -13], [3, 15, -8], [4, 6, 13], [6, 12, 1],
          [5, 9, 11], [-6, -5, 2], [-14, 1, 5], [0, 0, 0]]
# the first voxels of test_index_grid's second grid (get_voxels order)
VOXELS1 = [[-13, -1, -2], [-2, -9, -15], [-4, -16, -3], [0, 0, 0], [5, 5, 5], [-13, -1, -1], [-2, -9, -14],
           [1, 2, 3]]
TESTS = [
    dict(kernel="int_grid", dim=1500, args=dict(v=INT, pts=("uniform", -13.0, 13.0))),
    dict(kernel="int_grid", dim=200, args=dict(v=INT, pts=("uniform", -300.0, 300.0))),
    dict(kernel="vec_grid", dim=1500, args=dict(v=VEC, pts=("uniform", -13.0, 13.0)),
         outputs=["closest", "linear", "generic", "look", "glook"], **TOL),
    dict(kernel="vec_grad", dim=1000, args=dict(v=VEC, pts=("uniform", -12.0, 12.0)),
         outputs=["val", "grad", "fval", "fgrad"], **TOL),
    dict(kernel="index_vec_grad", dim=500, args=dict(v=GRID, pts=("uniform", -12.0, 12.0),
         vdata=("uniform", -1.0, 1.0)), shapes=dict(vdata=(64 * 512,)), outputs=["val", "grad"], **TOL),
    dict(kernel="index_grid", dim=3000, args=dict(v=IDX, pts=("uniform", -17.0, 17.0),
         data=("uniform", -1.0, 1.0), vdata=("uniform", -1.0, 1.0)),
         shapes=dict(data=(16,), vdata=(16,)),
         outputs=["idx", "closest", "linear", "vlinear", "gval", "grad", "count"], **TOL),
    # an index grid's sampler on a float grid: leaf * 512 + offset indexes
    dict(kernel="index_grid", dim=500, args=dict(v=GRID, pts=("uniform", -12.0, 12.0),
         data=("uniform", -1.0, 1.0), vdata=("uniform", -1.0, 1.0)),
         shapes=dict(data=(64 * 512,), vdata=(64 * 512,)),
         outputs=["idx", "closest", "linear", "vlinear", "gval", "grad", "count"], **TOL),
    dict(kernel="index_voxels", dim=64, args=dict(v=IDX1, voxels=("values", VOXELS1 * 2),
         data=("uniform", -1.0, 1.0)), shapes=dict(voxels=(16,), data=(24,)),
         outputs=["idx", "near"], **TOL),
    dict(kernel="index_voxels", dim=64, args=dict(v=IDX, voxels=("values", VOXELS),
         data=("uniform", -1.0, 1.0)), shapes=dict(voxels=(16,), data=(16,)),
         outputs=["idx", "near"], **TOL),
    dict(name="store_f", dim=25, arrays=dict(vals=("uniform", -5.0, 5.0)),
         launches=[dict(kernel="store", args=dict(v=GRID)),
                   dict(kernel="read_back", dim=(25, 25), args=dict(v=GRID))],
         shapes=dict(f=(25, 25)), outputs=["f"], **TOL),
    dict(name="store_v", dim=25, arrays=dict(vals=("uniform", -5.0, 5.0)),
         launches=[dict(kernel="store_vec", args=dict(v=VEC)),
                   dict(kernel="read_back_vec", dim=(25, 25), args=dict(v=VEC))],
         shapes=dict(f=(25, 25)), outputs=["f"], **TOL),
    dict(name="store_i", dim=25, arrays=dict(vals=("int", -100, 100)),
         launches=[dict(kernel="store_int", args=dict(v=INT)),
                   dict(kernel="read_back_int", dim=(25, 25), args=dict(v=INT))],
         shapes=dict(f=(25, 25)), outputs=["f"]),
]
