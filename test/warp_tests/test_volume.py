"""warp-lang 1.19.0's warp/tests/geometry/test_volume.py: its module-level
kernels on the volumes and points its own tests use (the .nvdb assets of the
installed package through the e2e object plugin test/tools/e2e_obj_volume.py;
the 27-point grid over [-1, 1]^3, jittered with the file's own seed), the
kernels' wp.expect_* checks must hold in warpc's run, and every array they
write is compared with warp-lang (see test/e2e/README.md, "warp-lang's own
tests")."""
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

UNTESTED = {
    "test_volume_store_v4": "needs a vec4f volume made with wp.Volume.allocate (no .nvdb asset has one)",
    "test_volume_store_v4d": "needs a vec4d volume made with wp.Volume.allocate_by_tiles",
    "volume_store_values_kernel": "writes the vec4 volumes of wp.Volume.allocate_by_tiles (no .nvdb asset)",
    "volume_sample_grad_v4_kernel": "samples the vec4 volumes of wp.Volume.allocate_by_tiles",
    "volume_sample_grad_index_v4_kernel": "samples the vec4 volumes of wp.Volume.allocate_by_tiles",
}
