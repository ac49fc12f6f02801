"""warp-lang 1.19.0's warp/tests/geometry/test_volume.py: its module-level
kernels on the volumes and points its own tests use (the .nvdb assets of the
installed package through the e2e object plugin test/tools/e2e_obj_volume.py;
the 27-point grid over [-1, 1]^3, jittered with the file's own seed), the
kernels' wp.expect_* checks must hold in warpc's run, and every array they
write is compared with warp-lang (see test/e2e/README.md, "warp-lang's own
tests").  The vec4 volumes its tests make with wp.Volume.allocate and
allocate_by_tiles are built by warp-lang and loaded from the same bytes by
the C harness (the plugin's build=), as are the allocations of
test_volume_allocation_*."""
import numpy as np
import warp as wp

TARGET = "warp/tests/geometry/test_volume.py"


def vol(asset):
    return ("object", "volume", dict(asset=asset))


FLOAT, VEC, INT, TORUS, INDEX = (vol("test_grid"), vol("test_vec_grid"), vol("test_int32_grid"), vol("torus"),
                                 vol("test_index_grid"))

# point_grid and its jittered copy, as the file makes them
_axis = np.linspace(-1, 1, 3)
GRID = np.array([[x, y, z] for x in _axis for y in _axis for z in _axis], dtype=np.float32)
JITTER = (GRID + np.random.default_rng(101215).uniform(-0.5, 0.5, size=GRID.shape)).astype(np.float32)
PTS = ("values", GRID.tolist())
JPTS = ("values", JITTER.tolist())


def voxels(asset):
    """The grid's voxels in warp-lang's order (Volume.get_voxels)."""
    import os

    path = os.path.join(os.path.dirname(wp.__file__), "tests", "assets", asset + ".nvdb")
    with open(path, "rb") as f:
        v = wp.Volume.load_from_nvdb(f, device="cpu")
    return v.get_voxels().numpy().tolist()


def run(kernel, v, points, dim=27, **args):
    return dict(kernel=kernel, dim=dim, args=dict(volume=v, points=points, **args), outputs=[])


def values(kernel, v, points, dim=27, tol=None, **args):
    """A kernel that writes `values` (and maybe grad_values): compared."""
    d = dict(kernel=kernel, dim=dim, args=dict(volume=v, points=points, **args))
    if tol:
        d.update(rtol=tol[0], atol=tol[1])
    return d


TOL = (1e-5, 1e-6)
# test_volume_sample_index: points over the block, a tenth moved out of it
_rng = np.random.default_rng(101215)
_IDX_PTS = _rng.uniform(-10.0, 10.0, size=(100, 3))
_IDX_PTS[0:10, 0] += 100.0
IDX_PTS = ("values", _IDX_PTS.astype(np.float32).tolist())
A = wp.array


def sample_index(grad):
    """fill_leaf_values_kernel (the voxels' own values into an array in
    lookup_index order, expect_eq(tid, lookup_index)), then the index
    sampler must equal the grid's own (expect_eq), on test_grid."""
    k = "test_volume_sample_grad_index_kernel" if grad else "test_volume_sample_index_kernel"
    ov = [wp.uint64, A(dtype=wp.vec3), A(dtype=wp.float32), A(dtype=wp.float32), A(dtype=wp.float32)]
    args = dict(volume=FLOAT, points="pts", values="vals", background="bg", sampled_values="out")
    if grad:
        ov.append(A(dtype=wp.vec3))
        args["sampled_grads"] = "grads"
    n = 64 * 512
    shapes = dict(ijk=(n, 3), vals=(n,), bg=(1,), pts=(100,), out=(100,))
    if grad:
        shapes["grads"] = (100,)
    return dict(name=k, dim=100, arrays=dict(ijk=("values", voxels("test_grid")), pts=IDX_PTS, bg=("values", [10.0])),
                shapes=shapes,
                launches=[dict(kernel="fill_leaf_values_kernel", dim=n,
                               overload=[wp.uint64, wp.array2d(dtype=wp.int32), A(dtype=wp.float32)],
                               args=dict(volume=FLOAT, ijk="ijk", values="vals")),
                          dict(kernel=k, overload=ov, args=args)],
                outputs=["vals", "out"] + (["grads"] if grad else []), rtol=TOL[0], atol=TOL[1])


TESTS = [
    run("test_volume_lookup_f", FLOAT, PTS),
    run("test_volume_sample_closest_f", FLOAT, JPTS),
    run("test_volume_sample_linear_f", FLOAT, JPTS),
    run("test_volume_sample_grad_linear_f", FLOAT, JPTS),
    run("test_volume_lookup_v", VEC, PTS),
    run("test_volume_sample_closest_v", VEC, JPTS),
    run("test_volume_sample_linear_v", VEC, JPTS),
    run("test_volume_sample_grad_linear_v", VEC, JPTS),
    run("test_volume_lookup_i", INT, PTS),
    run("test_volume_sample_i", INT, JPTS),
    # the value kernels of test_volume_sample_linear_f_gradient and friends
    values("test_volume_sample_local_f_linear_values", FLOAT, JPTS, tol=TOL),
    values("test_volume_sample_world_f_linear_values", TORUS, ("uniform", -1.0, 3.0), dim=200, tol=TOL),
    values("test_volume_sample_local_v_linear_values", VEC, JPTS, tol=TOL),
    values("test_volume_sample_world_v_linear_values", VEC, ("uniform", -2.0, 2.0), dim=100, tol=TOL),
] + [
    values("test_volume_sample_grad_local_f_linear_values", FLOAT, JPTS, tol=TOL, case_num=c) for c in range(4)
] + [
    values("test_volume_sample_grad_world_f_linear_values", TORUS, ("uniform", -1.0, 3.0), dim=200, tol=TOL,
           case_num=c) for c in range(4)
] + [
    values("test_volume_index_to_world", TORUS, ("uniform", -20.0, 20.0), dim=50, tol=TOL),
    values("test_volume_world_to_index", TORUS, ("uniform", -2.0, 4.0), dim=50, tol=TOL),
    # test_volume_store: the points of the block, stored then read back
    values("test_volume_store_f", FLOAT, ("int", -10, 10), dim=200, tol=TOL),
    values("test_volume_store_v", VEC, ("int", -10, 10), dim=200, tol=TOL),
    values("test_volume_store_i", INT, ("int", -10, 10), dim=200),
    sample_index(False),
    sample_index(True),
]


# ---- volumes warp-lang builds in memory (the object plugin's build=): the
# C harness loads the bytes of warp-lang's grid (save_to_nvdb) with
# wp_volume_load_buffer.  After the stores, fill_leaf_values_kernel reads
# every voxel of the volume back (lookup_index order), so the written grids
# are compared whole, background included.


def built(method, **kw):
    return ("object", "volume", dict(build=(method, kw)))


def built_voxels(v):
    """The voxels of a built volume, in warp-lang's order (get_voxels)."""
    import e2e_obj_volume

    return e2e_obj_volume.build(wp, *v[2]["build"]).get_voxels().numpy().tolist()


# test_volume_allocation_*: point_grid plus one point far outside, stored
# into a volume of Volume.allocate(min=-11, max=11, voxel_size=0.1)
ALLOC_PTS = ("values", GRID.tolist() + [[8096.0, 8096.0, 8096.0]])


def allocation(kernel, bg, vdtype):
    v = built("allocate", min=[-11, -11, -11], max=[11, 11, 11], voxel_size=0.1, bg_value=bg)
    ijk = built_voxels(v)
    return dict(name="allocation_" + kernel, dim=28, arrays=dict(points=ALLOC_PTS, ijk=("values", ijk)),
                shapes=dict(ijk=(len(ijk), 3), all=(len(ijk),)),
                launches=[dict(kernel=kernel, args=dict(volume=v, points="points", values="values")),
                          dict(kernel="fill_leaf_values_kernel", dim=len(ijk),
                               overload=[wp.uint64, wp.array2d(dtype=wp.int32), A(dtype=vdtype)],
                               args=dict(volume=v, ijk="ijk", values="all"))],
                outputs=["values", "all"])


# the vec4 field v(x) = J x over a 16^3 block (the file's _vec4_field_*)
_J = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0], [10.0, 11.0, 12.0]]
_V4_TILES = [[i, j, k] for i in (-8, 0) for j in (-8, 0) for k in (-8, 0)]
_V4_PTS = ("values", np.random.default_rng(101215).uniform(-2.0, 2.0, size=(64, 3)).astype(np.float32).tolist())


def _field(ijk):
    return (np.asarray(ijk, dtype=np.float64) @ np.asarray(_J).T).tolist()


def sample_grad_v4(vdtype, gdtype, scalar):
    """volume_store_values_kernel fills the field into an allocate_by_tiles
    vec4 volume, volume_sample_grad_v4_kernel samples it and its Jacobian."""
    v = built("allocate_by_tiles", tiles=_V4_TILES, voxel_size=1.0, bg_value=(scalar, [0.0] * 4))
    ijk = built_voxels(v)
    return dict(name="sample_grad_" + scalar, dim=64,
                arrays=dict(ijk=("values", ijk), field=("values", _field(ijk)), pts=_V4_PTS),
                shapes=dict(ijk=(len(ijk), 3), field=(len(ijk),), vals=(64,), grads=(64,)),
                launches=[dict(kernel="volume_store_values_kernel", dim=len(ijk),
                               overload=[wp.uint64, wp.array2d(dtype=wp.int32), A(dtype=vdtype)],
                               args=dict(volume=v, ijk="ijk", values="field")),
                          dict(kernel="volume_sample_grad_v4_kernel",
                               overload=[wp.uint64, A(dtype=wp.vec3), A(dtype=vdtype), A(dtype=gdtype)],
                               args=dict(volume=v, points="pts", values="vals", grads="grads"))],
                outputs=["vals", "grads"], rtol=1e-5, atol=1e-5)


def sample_grad_index_v4(vdtype, gdtype, name):
    """volume_sample_grad_index_v4_kernel: the field as voxel data of an
    allocate_by_tiles index volume, background -13."""
    v = built("allocate_by_tiles", tiles=_V4_TILES, voxel_size=1.0, bg_value=None)
    ijk = built_voxels(v)
    return dict(kernel="volume_sample_grad_index_v4_kernel", name="sample_grad_index_" + name, dim=64,
                overload=[wp.uint64, A(dtype=wp.vec3), A(dtype=vdtype), A(dtype=vdtype), A(dtype=vdtype),
                          A(dtype=gdtype)],
                args=dict(volume=v, points=_V4_PTS, voxel_data=("values", _field(ijk)),
                          background=("full", -13.0), values="zeros", grads="zeros"),
                shapes=dict(voxel_data=(len(ijk),), background=(1,), values=(64,), grads=(64,)),
                outputs=["values", "grads"], rtol=1e-5, atol=1e-5)


M43F = wp.types.matrix(shape=(4, 3), dtype=wp.float32)
M43D = wp.types.matrix(shape=(4, 3), dtype=wp.float64)

TESTS += [
    allocation("test_volume_store_f", -123.0, wp.float32),
    allocation("test_volume_store_v", [-1.0, 2.0, -3.0], wp.vec3),
    allocation("test_volume_store_i", -123, wp.int32),
    allocation("test_volume_store_v4", [-1.0, 2.0, -3.0, 5.0], wp.vec4),
    allocation("test_volume_store_v4d", ("vec4d", [-1.0, 2.0, -3.0, 5.0]), wp.vec4d),
    # test_volume_allocation_by_tiles_v4d: one tile, one voxel in it, one far out
    dict(kernel="test_volume_store_v4d", dim=2,
         args=dict(volume=built("allocate_by_tiles", tiles=[[0, 0, 0]], voxel_size=0.1,
                                bg_value=("vec4d", [-1.0, 2.0, -3.0, 5.0])),
                   points=("values", [[1.0, 2.0, 3.0], [8096.0, 8096.0, 8096.0]]))),
    sample_grad_v4(wp.vec4, M43F, "vec4f"),
    sample_grad_v4(wp.vec4d, M43D, "vec4d"),
    sample_grad_index_v4(wp.vec4, M43F, "vec4f"),
    sample_grad_index_v4(wp.vec4d, M43D, "vec4d"),
]


# test_volume_from_numpy*: dense NumPy data through wp.Volume.load_from_numpy
# (sphere distance fields over a box), sampled in world space; and the
# anisotropic / rotated transforms of test_volume_allocate_anisotropic and
# test_volume_aniso_transform through the transform kernels.
def _sdf(mins, maxs, vs, centers, rad):
    vs = np.broadcast_to(np.asarray(vs, dtype=np.float64), (3,))
    nums = np.ceil((np.asarray(maxs) - mins) / vs).astype(int)
    idx = np.stack(np.meshgrid(*[np.arange(n) for n in nums], indexing="ij"), axis=-1)
    pos = np.asarray(mins) + idx * vs
    d = [np.linalg.norm(pos - np.asarray(c), axis=-1) - rad for c in centers]
    return (d[0] if len(d) == 1 else np.stack(d, axis=-1)).tolist()


SPHERE = built("load_from_numpy", data=_sdf([-3.0] * 3, [3.0] * 3, 0.2, [[0.0, 0.0, 0.0]], 2.5),
               min_world=[-3.0, -3.0, -3.0], voxel_size=0.2, bg_value=2.5 + 3.0 * 0.2)
SPHERES3 = built("load_from_numpy",
                 data=_sdf([-3.0] * 3, [3.0] * 3, 0.2, [[-1.0] * 3, [0.0] * 3, [1.0] * 3], 2.5),
                 min_world=[-3.0, -3.0, -3.0], voxel_size=0.2, bg_value=[2.5 + 3.0 * 0.2] * 3)
SPHERE_ANISO = built("load_from_numpy", data=_sdf([-2.0] * 3, [2.0] * 3, (0.2, 0.3, 0.4), [[0.0] * 3], 1.5),
                     min_world=[-2.0, -2.0, -2.0], voxel_size=[0.2, 0.3, 0.4], bg_value=0.0)
ALLOC_ANISO = built("allocate", min=[0, 0, 0], max=[2.0, 3.0, 4.0], voxel_size=[0.2, 0.3, 0.4], bg_value=0.0,
                    points_in_world_space=True)
ROTATED = built("allocate_by_voxels", voxels=[[-1.0, 1.0, 4.0]], transform=[[0, -1, 0], [1, 0, 0], [0, 0, 2]])
WORLD = ("uniform", -3.5, 3.5)

TESTS += [
    values("test_volume_sample_world_f_linear_values", SPHERE, WORLD, dim=300, tol=TOL),
] + [
    values("test_volume_sample_grad_world_f_linear_values", SPHERE, WORLD, dim=300, tol=TOL, case_num=c)
    for c in range(4)
] + [
    values("test_volume_sample_world_v_linear_values", SPHERES3, WORLD, dim=300, tol=TOL),
    values("test_volume_sample_world_f_linear_values", SPHERE_ANISO, ("uniform", -2.5, 2.5), dim=300, tol=TOL),
    values("test_volume_world_to_index", ALLOC_ANISO, ("uniform", -1.0, 5.0), dim=50, tol=TOL),
    values("test_volume_index_to_world", ALLOC_ANISO, ("uniform", -10.0, 20.0), dim=50, tol=TOL),
    values("test_volume_world_to_index", ROTATED, ("uniform", -5.0, 5.0), dim=50, tol=TOL),
    values("test_volume_index_to_world", ROTATED, ("uniform", -5.0, 5.0), dim=50, tol=TOL),
]
