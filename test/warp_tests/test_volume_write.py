"""warp-lang 1.19.0's warp/tests/geometry/test_volume_write.py: its
module-level kernels on the .nvdb assets of the installed package and on
the volumes its tests make in memory (wp.Volume.allocate in index and world
space, allocate_by_tiles of every value type, allocate_by_voxels; the e2e
object plugin test/tools/e2e_obj_volume.py: warp-lang builds the volume and
the C harness loads the same grid's bytes): stores into leaf voxels then
read back (the background too, where a tile is not allocated), tiles given
by their first voxel, index lookups and voxel counts, compared with
warp-lang (see test/e2e/README.md, "warp-lang's own tests")."""
import numpy as np

TARGET = "warp/tests/geometry/test_volume_write.py"


def vol(asset):
    return ("object", "volume", dict(asset=asset))


FLOAT, VEC, INT, INDEX, TORUS = (vol("test_grid"), vol("test_vec_grid"), vol("test_int32_grid"),
                                 vol("test_index_grid"), vol("torus"))
# leaves of the test grids (8^3 blocks from -16 to 15) and one outside
TILES = [[-16, -16, -16], [-8, 0, 8], [0, 0, 0], [8, -8, 0], [40, 0, 0]]
TOL = dict(rtol=1e-5, atol=1e-6)


def tile_pair(store, readback, v, name):
    return dict(name=name, dim=len(TILES), arrays=dict(tiles=("values", TILES)),
                shapes=dict(tiles=(len(TILES), 3), values=(len(TILES) * 512,)),
                launches=[dict(kernel=store, args=dict(volume=v, tiles="tiles")),
                          dict(kernel=readback, args=dict(volume=v, tiles="tiles", values="values"))],
                outputs=["values"], **TOL)


TESTS = [
    dict(name="store_readback_f", dim=300, arrays=dict(points=("int", -12, 12)),
         launches=[dict(kernel="test_volume_store_f", args=dict(volume=FLOAT, points="points")),
                   dict(kernel="test_volume_readback_f", args=dict(volume=FLOAT, points="points", values="values"))],
         outputs=["values"], **TOL),
    dict(kernel="test_get_list_of_tiles", dim=40,
         args=dict(volume=TORUS, points_is=("int", -30, 30), points_ws=("uniform", -3.0, 3.0)),
         shapes=dict(points_is=(40, 3), tiles_is=(40, 3), tiles_ws=(40, 3)), outputs=["tiles_is", "tiles_ws"]),
    tile_pair("test_volume_tile_store_f", "test_volume_tile_readback_f", FLOAT, "tile_f"),
    tile_pair("test_volume_tile_store_v", "test_volume_tile_readback_v", VEC, "tile_v"),
    tile_pair("test_volume_tile_store_i", "test_volume_tile_readback_i", INT, "tile_i"),
    dict(name="tile_ws_f", dim=4, arrays=dict(tiles=("values", [[-2.0, -2.0, -2.0], [0.0, 0.0, 0.0],
                                                               [2.0, 0.0, -2.0], [1.0, 1.0, 1.0]]),
                                              itiles=("values", [[-8, -8, -8], [0, 0, 0], [8, 0, -8], [4, 4, 4]])),
         shapes=dict(tiles=(4,), itiles=(4, 3), values=(4 * 512,)),
         launches=[dict(kernel="test_volume_tile_store_ws_f", args=dict(volume=FLOAT, tiles="tiles")),
                   dict(kernel="test_volume_tile_readback_f", args=dict(volume=FLOAT, tiles="itiles",
                                                                        values="values"))],
         outputs=["values"], **TOL),
    dict(kernel="test_volume_readback_index", dim=200, args=dict(volume=INDEX, points=("int", -16, 16)),
         shapes=dict(points=(200, 3))),
    dict(kernel="test_volume_readback_index", dim=200, args=dict(volume=FLOAT, points=("int", -17, 17)),
         shapes=dict(points=(200, 3))),
    dict(kernel="test_volume_voxel_count_kernel", dim=1, args=dict(volume=INDEX), shapes=dict(values=(1,))),
    dict(kernel="test_volume_voxel_count_kernel", dim=1, args=dict(volume=VEC), shapes=dict(values=(1,))),
    dict(kernel="test_volume_counts_kernel", dim=1,
         args=dict(voxel_volume=INDEX, index_tile_volume=FLOAT, value_tile_volume=TORUS), shapes=dict(values=(3,))),
]


# ---- volumes warp-lang builds in memory (the object plugin's build=): the C
# harness loads the bytes of warp-lang's grid with wp_volume_load_buffer; the
# readback kernels then compare every voxel written (and, where the tiles
# reach past the grid, the background).


def built(method, **kw):
    return ("object", "volume", dict(build=(method, kw)))


_rng = np.random.default_rng(101215)
RAND_TILES = (_rng.integers(-512, 512, size=(60, 3)) * 8).tolist()  # index space, as the file's (fewer)
VS, BG, TR = 0.125, 123.456, [-12.3, 4.56, -789.0]
RAND_TILES_WS = (np.asarray(RAND_TILES, dtype=np.float64) * VS + np.asarray(TR)).tolist()
# test_volume_allocate_by_tiles_additional_types: six points, four tiles
TYPED_PTS = [[0, 0, 0], [8, 0, 0], [0, 8, 0], [0, 0, 128], [0, 0, 128], [128, 0, 0]]
TYPED_TILES = [[0, 0, 0], [0, 0, 128], [0, 8, 0], [8, 0, 0], [128, 0, 0], [64, 64, 64]]  # the last: background
_axis = np.linspace(-11, 11, 23)
ALLOC_PTS = [[x, y, z] for x in _axis for y in _axis for z in _axis]
_bb = np.array([11.0, 11.0, 11.0])


def tiles_pair(store, readback, v, tiles, name, store_tiles=None):
    n = len(tiles)
    st = "tiles" if store_tiles is None else "stiles"
    arrays = dict(tiles=("values", tiles))
    shapes = dict(tiles=(n, 3), values=(n * 512,))
    if store_tiles is not None:
        arrays["stiles"] = ("values", store_tiles)
        ws = isinstance(store_tiles[0][0], float)  # vec3 world points, else an N x 3 int array
        shapes["stiles"] = (len(store_tiles),) if ws else (len(store_tiles), 3)
    return dict(name=name, dim=n, arrays=arrays, shapes=shapes,
                launches=[dict(kernel=store, dim=len(store_tiles or tiles), args=dict(volume=v, tiles=st)),
                          dict(kernel=readback, args=dict(volume=v, tiles="tiles", values="values"))],
                outputs=["values"], **TOL)


def typed(tag, bg):
    v = built("allocate_by_tiles", tiles=TYPED_PTS, voxel_size=1.0, bg_value=bg)
    return tiles_pair(f"test_volume_tile_store_{tag}", f"test_volume_tile_readback_{tag}", v, TYPED_TILES,
                      "typed_" + tag, store_tiles=TYPED_TILES[:5])


def store_readback(v, name, pts=ALLOC_PTS):
    return dict(name=name, dim=len(pts), arrays=dict(points=("values", pts)),
                launches=[dict(kernel="test_volume_store_f", args=dict(volume=v, points="points")),
                          dict(kernel="test_volume_readback_f", args=dict(volume=v, points="points",
                                                                          values="values"))],
                outputs=["values"], **TOL)


# test_volume_allocation_from_voxels: world-space points of an index volume
VOX_WS = np.random.default_rng(101215).uniform(5.0, 10.0, size=(387, 3)).tolist()
FROM_VOXELS = built("allocate_by_voxels", voxels=VOX_WS, voxel_size=0.25, translation=[0.0, 5.0, 10.0])
VOX_IJK = [[-1, -2, -3], [0, 0, 0], [1, 2, 3], [1, 2, 3], [4, 5, 6], [128, 0, 0]]
FROM_IJK = built("allocate_by_voxels", voxels=VOX_IJK, voxel_size=1.0)
INDEX_TILES = built("allocate_by_tiles", tiles=RAND_TILES[:10], voxel_size=0.1, bg_value=None)
# probe points: the voxels' own cells and their neighbours (index space)
_probe = np.floor((np.asarray(VOX_WS) - [0.0, 5.0, 10.0]) / 0.25).astype(int)
PROBE = np.concatenate([_probe, _probe + 1, _probe - 1]).tolist()

TESTS += [
    # test_volume_allocation: index-space and world-space bounds
    store_readback(built("allocate", min=(-_bb).tolist(), max=_bb.tolist(), voxel_size=VS, bg_value=BG,
                         translation=TR), "allocation_is"),
    store_readback(built("allocate", min=(-_bb * VS + TR).tolist(), max=(_bb * VS + TR).tolist(), voxel_size=VS,
                         bg_value=BG, translation=TR, points_in_world_space=True), "allocation_ws"),
    # test_volume_allocate_by_tiles_f: tiles given in index and in world space
    tiles_pair("test_volume_tile_store_f", "test_volume_tile_readback_f",
               built("allocate_by_tiles", tiles=RAND_TILES, voxel_size=VS, bg_value=BG, translation=TR),
               RAND_TILES, "by_tiles_f_is"),
    tiles_pair("test_volume_tile_store_ws_f", "test_volume_tile_readback_f",
               built("allocate_by_tiles", tiles=RAND_TILES_WS, voxel_size=VS, bg_value=BG, translation=TR),
               RAND_TILES, "by_tiles_f_ws", store_tiles=RAND_TILES_WS),
    tiles_pair("test_volume_tile_store_v", "test_volume_tile_readback_v",
               built("allocate_by_tiles", tiles=RAND_TILES, voxel_size=0.1, bg_value=[1.0, 2.0, 3.0]),
               RAND_TILES, "by_tiles_v"),
    tiles_pair("test_volume_tile_store_i", "test_volume_tile_readback_i",
               built("allocate_by_tiles", tiles=TYPED_PTS, voxel_size=1.0, bg_value=7),
               TYPED_TILES, "by_tiles_i", store_tiles=TYPED_TILES[:5]),
    typed("v4", [1.0, 2.0, 3.0, 4.0]),
    typed("u32", ("uint32", 7)),
    typed("i64", ("int64", 7)),
    typed("f64", ("float64", 7.0)),
    typed("v3d", ("vec3d", [1.0, 2.0, 3.0])),
    # index volumes of allocate_by_voxels / allocate_by_tiles: lookup_index
    # at the voxels and around them, voxel counts
    dict(kernel="test_volume_readback_index", dim=len(PROBE), args=dict(volume=FROM_VOXELS, points=("values", PROBE)),
         shapes=dict(points=(len(PROBE), 3))),
    dict(kernel="test_volume_readback_index", dim=9,
         args=dict(volume=FROM_IJK, points=("values", VOX_IJK + [[2, 2, 3], [127, 0, 0], [-1, -2, -4]])),
         shapes=dict(points=(9, 3))),
    dict(kernel="test_volume_readback_index", dim=200,
         args=dict(volume=INDEX_TILES, points=("values", (np.asarray(RAND_TILES[:10]).repeat(20, axis=0)
                                                          + np.random.default_rng(7).integers(-2, 10, size=(200, 3))
                                                          ).tolist())),
         shapes=dict(points=(200, 3))),
    dict(kernel="test_volume_counts_kernel", dim=1, name="counts_built",
         args=dict(voxel_volume=FROM_VOXELS, index_tile_volume=INDEX_TILES,
                   value_tile_volume=built("allocate_by_tiles", tiles=TYPED_PTS, voxel_size=1.0, bg_value=1.5)),
         shapes=dict(values=(3,))),
    dict(kernel="test_volume_voxel_count_kernel", dim=1, args=dict(volume=FROM_IJK), shapes=dict(values=(1,))),
]

