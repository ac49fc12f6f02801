"""wp.Volume grids warp-lang builds in memory (wp.Volume.allocate_by_tiles,
allocate, allocate_by_voxels, load_from_numpy; the e2e object plugin's
build=, see test/e2e/README.md): the C harness loads the bytes of
warp-lang's grid with wp_volume_load_buffer.  Every value type Warp's
volumes hold (int32, int64, uint32, float32, float64, vec3f, vec3d, vec4f,
vec4d): volume_store of a linear field into the allocated tiles, then the
generic volume_sample (CLOSEST for all; LINEAR and volume_sample_grad, a
vec3 or an N x 3 matrix, for the float types) and volume_lookup at points
inside, outside (the background) and on voxel and tile borders.  An index
grid of allocate_by_voxels read through volume_sample_index and
volume_sample_grad_index with float64 and vec3d voxel data; a dense int32
grid of load_from_numpy; a grid's own transform (translation, anisotropic
voxels) through the vec3d forms of the index <-> world transforms; a grid
saved zip-compressed.  The
c_builder tests build the C side's grid with the runtime's own
wp_volume_allocate_by_voxels from the voxels warp-lang's allocate_by_voxels
gets: the same voxel numbering, samples, transforms and voxel count; and
wp_volume_from_dense against load_from_numpy (values, background, samples,
gradients, transforms)."""
from typing import Any

import numpy as np
import warp as wp


@wp.kernel
def store(v: wp.uint64, ijk: wp.array2d(dtype=wp.int32), vals: wp.array(dtype=Any)):
    t = wp.tid()
    wp.volume_store(v, ijk[t, 0], ijk[t, 1], ijk[t, 2], vals[t])


@wp.kernel
def read_closest(v: wp.uint64, pts: wp.array(dtype=wp.vec3), closest: wp.array(dtype=Any),
                 look: wp.array(dtype=Any)):
    t = wp.tid()
    p = pts[t]
    closest[t] = wp.volume_sample(v, p, wp.Volume.CLOSEST, dtype=closest.dtype)
    look[t] = wp.volume_lookup(v, int(wp.floor(p[0])), int(wp.floor(p[1])), int(wp.floor(p[2])), dtype=look.dtype)


@wp.kernel
def read_linear(v: wp.uint64, pts: wp.array(dtype=wp.vec3), linear: wp.array(dtype=Any),
                gval: wp.array(dtype=Any), grad: wp.array(dtype=Any)):
    t = wp.tid()
    p = pts[t]
    linear[t] = wp.volume_sample(v, p, wp.Volume.LINEAR, dtype=linear.dtype)
    g = grad.dtype()
    gval[t] = wp.volume_sample_grad(v, p, wp.Volume.LINEAR, g, dtype=gval.dtype)
    grad[t] = g


@wp.kernel
def read_index(v: wp.uint64, pts: wp.array(dtype=wp.vec3), data: wp.array(dtype=Any), bg: wp.array(dtype=Any),
               closest: wp.array(dtype=Any), linear: wp.array(dtype=Any), gval: wp.array(dtype=Any),
               grad: wp.array(dtype=Any), idx: wp.array(dtype=int)):
    t = wp.tid()
    p = pts[t]
    closest[t] = wp.volume_sample_index(v, p, wp.Volume.CLOSEST, data, bg[0])
    linear[t] = wp.volume_sample_index(v, p, wp.Volume.LINEAR, data, bg[0])
    g = grad.dtype()
    gval[t] = wp.volume_sample_grad_index(v, p, wp.Volume.LINEAR, data, bg[0], g)
    grad[t] = g
    idx[t] = wp.volume_lookup_index(v, int(wp.floor(p[0])), int(wp.floor(p[1])), int(wp.floor(p[2])))


@wp.kernel
def xforms_d(v: wp.uint64, pts: wp.array(dtype=wp.vec3d), i2w: wp.array(dtype=wp.vec3d),
             w2i: wp.array(dtype=wp.vec3d), i2w_dir: wp.array(dtype=wp.vec3d), w2i_dir: wp.array(dtype=wp.vec3d),
             count: wp.array(dtype=int)):
    t = wp.tid()
    p = pts[t]
    i2w[t] = wp.volume_index_to_world(v, p)
    w2i[t] = wp.volume_world_to_index(v, p)
    i2w_dir[t] = wp.volume_index_to_world_dir(v, p)
    w2i_dir[t] = wp.volume_world_to_index_dir(v, p)
    if t == 0:
        count[0] = wp.volume_voxel_count(v)

# the instances the tests launch (warpc compiles those a module names)
M43F = wp.types.matrix(shape=(4, 3), dtype=wp.float32)
M43D = wp.types.matrix(shape=(4, 3), dtype=wp.float64)
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.int32)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.int32), wp.array(dtype=wp.int32)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.int64)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.int64), wp.array(dtype=wp.int64)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.uint32)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.uint32), wp.array(dtype=wp.uint32)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.float32)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.float32), wp.array(dtype=wp.float32)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.float32), wp.array(dtype=wp.float32),
                          wp.array(dtype=wp.vec3f)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.float64)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64),
                          wp.array(dtype=wp.vec3d)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.vec3f)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec3f), wp.array(dtype=wp.vec3f)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec3f), wp.array(dtype=wp.vec3f),
                          wp.array(dtype=wp.mat33f)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.vec3d)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec3d), wp.array(dtype=wp.vec3d)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec3d), wp.array(dtype=wp.vec3d),
                          wp.array(dtype=wp.mat33d)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.vec4f)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec4f), wp.array(dtype=wp.vec4f)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec4f), wp.array(dtype=wp.vec4f),
                          wp.array(dtype=M43F)])
wp.overload(store, [wp.uint64, wp.array2d(dtype=wp.int32), wp.array(dtype=wp.vec4d)])
wp.overload(read_closest, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec4d), wp.array(dtype=wp.vec4d)])
wp.overload(read_linear, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec4d), wp.array(dtype=wp.vec4d),
                          wp.array(dtype=M43D)])
wp.overload(read_index, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64), wp.array(dtype=wp.float64),
                          wp.array(dtype=wp.float64), wp.array(dtype=wp.vec3d), wp.array(dtype=int)])
wp.overload(read_index, [wp.uint64, wp.array(dtype=wp.vec3), wp.array(dtype=wp.vec3d), wp.array(dtype=wp.vec3d), wp.array(dtype=wp.vec3d), wp.array(dtype=wp.vec3d),
                          wp.array(dtype=wp.vec3d), wp.array(dtype=wp.mat33d), wp.array(dtype=int)])


# four tiles (three touching, one apart) around the origin
TILES = [[-8, -8, -8], [0, -8, 0], [0, 0, 0], [16, 0, 8]]
IJK = np.array([[tx + a, ty + b, tz + c] for tx, ty, tz in TILES for a in range(8) for b in range(8)
                for c in range(8)], dtype=np.int64)
NV = len(IJK)
N = 240
_rng = np.random.default_rng(7)
# random points over and around the tiles, integer points (voxel centres and
# tile borders) and half-integer ones (CLOSEST's halfway cases)
PTS = np.concatenate([_rng.uniform(-10.0, 26.0, size=(N - 80, 3)), _rng.integers(-9, 17, size=(40, 3)),
                      _rng.integers(-9, 17, size=(40, 3)) + 0.5]).astype(np.float32).tolist()

A = wp.array
V3 = A(dtype=wp.vec3)
IJK_T = wp.array2d(dtype=wp.int32)


def field(kind, ncomp=1):
    i, j, k = IJK[:, 0], IJK[:, 1], IJK[:, 2]
    if kind == "int":
        return (i + 100 * j + 10000 * k).tolist()
    if kind == "int64":
        return (i + 100 * j + 10000 * k + 1000000000000).tolist()
    if kind == "uint":
        return (i + 100 * j + 10000 * k + (1 << 20)).tolist()
    rows = [[0.5, -0.25, 0.125, 3.0], [-1.0, 0.75, 2.0, -0.5], [0.25, 0.5, -0.75, 1.0], [2.0, -0.125, 0.5, 0.0]]
    cols = [r[0] * i + r[1] * j + r[2] * k + r[3] + 0.01 * ((i * j + k) % 7) for r in rows[:ncomp]]
    return cols[0].tolist() if ncomp == 1 else np.stack(cols, axis=-1).tolist()


def vol(bg, **kw):
    return ("object", "volume", dict(build=("allocate_by_tiles", dict(tiles=TILES, voxel_size=0.5, bg_value=bg)),
                                     **kw))


TYPES = [  # name, warp type, bg_value option, field
    ("int32", wp.int32, -7, field("int")),
    ("int64", wp.int64, ("int64", -7), field("int64")),
    ("uint32", wp.uint32, ("uint32", 7), field("uint")),
    ("float32", wp.float32, 1.5, field("f")),
    ("float64", wp.float64, ("float64", 1.5), field("f")),
    ("vec3f", wp.vec3f, [1.0, -2.0, 3.0], field("f", 3)),
    ("vec3d", wp.vec3d, ("vec3d", [1.0, -2.0, 3.0]), field("f", 3)),
    ("vec4f", wp.vec4f, [1.0, -2.0, 3.0, 4.0], field("f", 4)),
    ("vec4d", wp.vec4d, ("vec4d", [1.0, -2.0, 3.0, 4.0]), field("f", 4)),
]


def scalar_of(t):
    return getattr(t, "_wp_scalar_type_", t)


def grad_type(t):
    s = scalar_of(t)
    if wp.types.type_is_vector(t):
        return wp.types.matrix(shape=(wp.types.type_size(t), 3), dtype=s)
    return wp.types.vector(length=3, dtype=s)


def typed_test(name, t, bg, values, **kw):
    v = vol(bg, **kw)
    launches = [dict(kernel="store", dim=NV, overload=[wp.uint64, IJK_T, A(dtype=t)],
                     args=dict(v=v, ijk="ijk", vals="vals")),
                dict(kernel="read_closest", overload=[wp.uint64, V3, A(dtype=t), A(dtype=t)],
                     args=dict(v=v, pts="pts", closest="closest", look="look"))]
    outputs = ["closest", "look"]
    if scalar_of(t) in (wp.float32, wp.float64):
        launches.append(dict(kernel="read_linear", overload=[wp.uint64, V3, A(dtype=t), A(dtype=t),
                                                             A(dtype=grad_type(t))],
                             args=dict(v=v, pts="pts", linear="linear", gval="gval", grad="grad")))
        outputs += ["linear", "gval", "grad"]
    return dict(name=name, dim=N, arrays=dict(ijk=("values", IJK.tolist()), vals=("values", values),
                                              pts=("values", PTS)),
                shapes=dict(ijk=(NV, 3), vals=(NV,)), launches=launches, outputs=outputs,
                rtol=1e-5, atol=1e-5)


# an index grid of allocate_by_voxels over scattered voxels (world points,
# voxel size 0.5, translated), read through voxel data arrays
_vox = _rng.uniform(-3.0, 3.0, size=(300, 3))
INDEX = ("object", "volume", dict(build=("allocate_by_voxels", dict(voxels=_vox.tolist(), voxel_size=0.5,
                                                                     translation=[0.25, -0.5, 1.0]))))
_IPTS = _rng.uniform(-7.0, 7.0, size=(N, 3)).astype(np.float32).tolist()


def index_test(t, g):
    return dict(name="index_" + t.__name__, kernel="read_index", dim=N,
                overload=[wp.uint64, V3, A(dtype=t), A(dtype=t), A(dtype=t), A(dtype=t), A(dtype=t), A(dtype=g),
                          A(dtype=int)],
                args=dict(v=INDEX, pts=("values", _IPTS), data=("uniform", -2.0, 2.0), bg=("full", 0.75)),
                shapes=dict(data=(512 * 64,), bg=(1,)),
                outputs=["closest", "linear", "gval", "grad", "idx"], rtol=1e-5, atol=1e-5)


# load_from_numpy of int data (an int bg_value makes an int32 grid), not a
# multiple of 8 on any axis: the padding holds the background
_dense = (np.arange(10 * 11 * 9).reshape(10, 11, 9) * 3 - 400).tolist()
DENSE = ("object", "volume", dict(build=("load_from_numpy", dict(data=_dense, min_world=[1.0, -2.0, 0.5],
                                                                 voxel_size=[0.5, 0.25, 1.0], bg_value=-1))))
ANISO = ("object", "volume", dict(build=("allocate", dict(min=[-1.0, 0.0, -2.0], max=[2.0, 3.0, 4.0],
                                                          voxel_size=[0.2, 0.3, 0.4], bg_value=0.0,
                                                          translation=[0.5, -1.0, 2.0],
                                                          points_in_world_space=True))))

# the runtime's own builder (wp_volume_allocate_by_voxels) against
# warp-lang's allocate_by_voxels of the same voxels: clusters around the
# origin and in three far 4096^3 blocks (negative coordinates too), repeats
_c = np.concatenate([_rng.integers(-12, 12, size=(150, 3)), _rng.integers(-12, 12, size=(40, 3)) + [5000, 0, 0],
                     _rng.integers(-12, 12, size=(40, 3)) + [-4100, 300, -9000],
                     _rng.integers(-12, 12, size=(40, 3)) + [0, -70000, 64]])
_VOX_C = np.concatenate([_c, _c[:30]]).tolist()


def c_built(vox, **kw):
    return ("object", "volume", dict(build=("allocate_by_voxels", dict(voxels=vox, **kw)), c_builder=True))


C_BUILT = c_built(_VOX_C, voxel_size=[0.5, 0.25, 2.0], translation=[1.0, -2.0, 0.5])
C_PTS = (np.asarray(_VOX_C[:240], dtype=np.float32) + _rng.uniform(-1.5, 1.5, size=(240, 3))).tolist()


_g = np.stack(np.meshgrid(np.arange(11), np.arange(13), np.arange(6), indexing="ij"), axis=-1) * [0.3, 0.2, 0.5]
C_DENSE = ("object", "volume", dict(build=("load_from_numpy", dict(
    data=(np.linalg.norm(_g - [1.5, 1.2, 1.0], axis=-1) - 1.1).tolist(), min_world=[-1.0, 0.5, 2.0],
    voxel_size=[0.3, 0.2, 0.5], bg_value=2.5)), c_builder=True))


def c_index_test(v, name, pts):
    return dict(name=name, kernel="read_index", dim=len(pts),
                overload=[wp.uint64, V3] + [A(dtype=wp.float64)] * 5 + [A(dtype=wp.vec3d), A(dtype=int)],
                args=dict(v=v, pts=("values", pts), data=("uniform", -2.0, 2.0), bg=("full", 0.75)),
                shapes=dict(data=(len(_VOX_C),), bg=(1,)),
                outputs=["closest", "linear", "gval", "grad", "idx"], rtol=1e-5, atol=1e-5)


TESTS = [typed_test(*x) for x in TYPES] + [
    # the same grid saved zlib-compressed (save_to_nvdb codec="zip")
    typed_test("vec3d_zip", *TYPES[6][1:], codec="zip"),
    c_index_test(C_BUILT, "c_builder_index", C_PTS),
    c_index_test(c_built([[3, -4, 5]], voxel_size=1.0), "c_builder_one_voxel",
                 [[3.0, -4.0, 5.0], [3.4, -4.2, 5.1], [2.6, -3.5, 4.5], [0.0, 0.0, 0.0]]),
    # wp_volume_from_dense against load_from_numpy: a distance field over
    # an 11 x 13 x 6 block (padded to 16 x 16 x 8), anisotropic voxels
    dict(name="c_builder_dense", dim=N, arrays=dict(pts=("uniform", -3.0, 19.0)),
         launches=[dict(kernel="read_closest", overload=[wp.uint64, V3, A(dtype=wp.float32), A(dtype=wp.float32)],
                        args=dict(v=C_DENSE, pts="pts", closest="closest", look="look")),
                   dict(kernel="read_linear", overload=[wp.uint64, V3, A(dtype=wp.float32), A(dtype=wp.float32),
                                                        A(dtype=wp.vec3f)],
                        args=dict(v=C_DENSE, pts="pts", linear="linear", gval="gval", grad="grad"))],
         outputs=["closest", "look", "linear", "gval", "grad"], rtol=1e-5, atol=1e-5),
    dict(name="c_builder_dense_transforms", kernel="xforms_d", dim=60,
         args=dict(v=C_DENSE, pts=("uniform", -20.0, 20.0)), shapes=dict(count=(1,)), rtol=1e-5, atol=1e-5),
    dict(name="c_builder_transforms", kernel="xforms_d", dim=60,
         args=dict(v=C_BUILT, pts=("uniform", -20.0, 20.0)), shapes=dict(count=(1,)), rtol=1e-5, atol=1e-5),
    index_test(wp.float64, wp.vec3d),
    index_test(wp.vec3d, wp.mat33d),
    dict(name="numpy_int", kernel="read_closest", dim=N,
         overload=[wp.uint64, V3, A(dtype=wp.int32), A(dtype=wp.int32)],
         args=dict(v=DENSE, pts=("uniform", -2.0, 18.0))),
    dict(name="transforms_d", kernel="xforms_d", dim=60,
         args=dict(v=ANISO, pts=("uniform", -20.0, 20.0)), shapes=dict(count=(1,)), rtol=1e-5, atol=1e-5),
    dict(name="transforms_d_numpy", kernel="xforms_d", dim=60,
         args=dict(v=DENSE, pts=("uniform", -20.0, 20.0)), shapes=dict(count=(1,)), rtol=1e-5, atol=1e-5),
]
