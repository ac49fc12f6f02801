"""warp-lang 1.19.0's warp/tests/geometry/test_volume_write.py: its
module-level kernels on the .nvdb assets of the installed package (e2e object
plugin test/tools/e2e_obj_volume.py) instead of the volumes its tests make
with wp.Volume.allocate (which warpc's runtime does not build): stores into
leaf voxels then read back, tiles given by their first voxel, index lookups
and voxel counts, compared with warp-lang (see test/e2e/README.md,
"warp-lang's own tests").  The kernels of value types no asset has (vec4,
uint32, int64, float64, vec3d) are listed as untested."""
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

_NO_ASSET = "stores and reads a %s volume, which only wp.Volume.allocate makes (no .nvdb asset has one)"
UNTESTED = {
    "test_volume_tile_store_v4": _NO_ASSET % "vec4",
    "test_volume_tile_readback_v4": _NO_ASSET % "vec4",
    "test_volume_tile_store_u32": _NO_ASSET % "uint32",
    "test_volume_tile_readback_u32": _NO_ASSET % "uint32",
    "test_volume_tile_store_i64": _NO_ASSET % "int64",
    "test_volume_tile_readback_i64": _NO_ASSET % "int64",
    "test_volume_tile_store_f64": _NO_ASSET % "float64",
    "test_volume_tile_readback_f64": _NO_ASSET % "float64",
    "test_volume_tile_store_v3d": _NO_ASSET % "vec3d",
    "test_volume_tile_readback_v3d": _NO_ASSET % "vec3d",
}
