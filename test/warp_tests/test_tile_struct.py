"""warp-lang 1.19.0's warp/tests/tile/test_tile_struct.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_struct.py"

TESTS = [
    # test_tile_half_scalar (the file's float16 control case)
    dict(kernel="tile_half_scalar_kernel", dim=1, block_dim=32, args=dict(input=("uniform", -2.0, 2.0)),
         shapes=dict(input=(8,), output=(8,))),
    # test_tile_struct_single_sum_grad's forward pass: a @wp.func on one struct
    dict(kernel="tile_struct_single_sum_grad_kernel", dim=1,
         args=dict(input=dict(x=("uniform", 1.0, 9.0), y=("uniform", 1.0, 11.0))), shapes=dict(input=(8,), loss=(1,))),
]
XFAIL = {
    'tile_map_custom_struct_kernel': "wp.tile_store(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_map_custom_struct_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_nested_struct_ops_kernel': "wp.tile_store(): tiles of struct 'TileMapNestedStruct' are not supported by warpc yet",
    'tile_nested_struct_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapNestedStruct' are not supported by warpc yet",
    'tile_nested_field_store_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapNestedStruct' are not supported by warpc yet",
    'tile_struct_array_payload_sort_kernel': "wp.tile_store(): tiles of struct 'TileMapArrayPayload' are not supported by warpc yet",
    'tile_struct_indexed_array_payload_sort_kernel': "wp.tile_store(): tiles of struct 'TileMapIndexedArrayPayload' are not supported by warpc yet",
    'tile_struct_value_ops_kernel': "a tile's dtype is a scalar, vector or matrix type, not 'TileMapStruct'",
    'tile_struct_half_fields_kernel': "wp.tile_store(): tiles of struct 'HalfFieldStruct' are not supported by warpc yet",
    'tile_struct_quat_transform_fields_kernel': "wp.tile_store(): tiles of struct 'QuatTransformFieldStruct' are not supported by warpc yet",
    'tile_struct_float64_fields_kernel': "wp.tile_store(): tiles of struct 'Float64FieldStruct' are not supported by warpc yet",
    'tile_struct_non_atomic_fields_kernel': "wp.tile_atomic_add(): tiles of struct 'NonAtomicFieldStruct' are not supported by warpc yet",
    'tile_struct_non_atomic_accumulate_kernel': "wp.tile_store(): tiles of struct 'NonAtomicFieldStruct' are not supported by warpc yet",
    'tile_struct_scatter_stack_kernel': "tile builtin 'tile_stack_pop' is not supported by warpc yet",
    'tile_struct_constructor_assign_stack_kernel': "tile builtin 'tile_stack_count' is not supported by warpc yet",
    'tile_struct_tile_assign_grad_kernel': "a tile's dtype is a scalar, vector or matrix type, not 'TileMapStruct'",
    'tile_struct_add_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_tile_add_inplace_grad_kernel': "a tile's dtype is a scalar, vector or matrix type, not 'TileMapStruct'",
    'tile_struct_sub_grad_kernel': "a tile's dtype is a scalar, vector or matrix type, not 'TileMapStruct'",
    'tile_struct_element_assign_grad_kernel': "a tile's dtype is a scalar, vector or matrix type, not 'TileMapStruct'",
    'tile_struct_sum_axis_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_atomic_add_grad_kernel': "wp.tile_atomic_add(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_scatter_add_grad_kernel': "tile builtin 'tile_scatter_add' is not supported by warpc yet",
    'tile_struct_scatter_add_collision_grad_kernel': "wp.tile_store(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_store_indexed_grad_kernel': "wp.tile_store_indexed(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_atomic_add_indexed_kernel': "wp.tile_atomic_add_indexed(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_load_indexed_grad_kernel': "wp.tile_load_indexed(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_extract_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_broadcast_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
    'tile_struct_weighted_sum_grad_kernel': "wp.tile_load(): tiles of struct 'TileMapStruct' are not supported by warpc yet",
}
UNTESTED = {
    'tile_struct_array_payload_read_kernel': 'reads an array field of a struct array element: the harness leaves the array fields of arrays of structs empty',
    'tile_struct_indexed_array_payload_read_kernel': 'reads an array field of a struct array element: the harness leaves the array fields of arrays of structs empty',
}
