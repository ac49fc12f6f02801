"""warp-lang 1.19.0's warp/tests/tile/test_tile_struct.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's.  The *_grad kernels run their forward pass only (warpc has
no adjoint of wp.tile_load yet)."""
TARGET = "warp/tests/tile/test_tile_struct.py"

S = dict(x=("uniform", 1.0, 9.0), y=("uniform", 1.0, 11.0))   # TileMapStruct: the file's x = i+1, y = (i+1, i+2, i+3)
NESTED = dict(payload=S, weight=("uniform", 10.0, 18.0))
REV = ("values", [7, 6, 5, 4, 3, 2, 1, 0])                  # the file's sort keys / reversed indices
ONE = dict(input=(8,), loss=(1,))
# the file's grad tests, forward pass: block_dim 8, input 8 structs, loss[1]
GRAD_LOSS = ["tile_struct_tile_assign_grad_kernel", "tile_struct_add_grad_kernel",
             "tile_struct_tile_add_inplace_grad_kernel", "tile_struct_sub_grad_kernel",
             "tile_struct_element_assign_grad_kernel", "tile_struct_sum_axis_grad_kernel",
             "tile_struct_extract_grad_kernel", "tile_struct_broadcast_grad_kernel"]

TESTS = [
    # test_tile_half_scalar (the file's float16 control case)
    dict(kernel="tile_half_scalar_kernel", dim=1, block_dim=32, args=dict(input=("uniform", -2.0, 2.0)),
         shapes=dict(input=(8,), output=(8,))),
    # test_tile_struct_single_sum_grad's forward pass: a @wp.func on one struct
    dict(kernel="tile_struct_single_sum_grad_kernel", dim=1,
         args=dict(input=S), shapes=dict(input=(8,), loss=(1,))),
    # test_tile_map_custom_struct / _forward
    dict(kernel="tile_map_custom_struct_kernel", dim=1, block_dim=64, args=dict(input=S),
         shapes=dict(input=(8,), output=(8,))),
    dict(kernel="tile_map_custom_struct_grad_kernel", dim=1, block_dim=64, args=dict(input=S), shapes=ONE),
    dict(kernel="tile_map_custom_struct_grad_kernel", dim=1, block_dim=8, args=dict(input=S), shapes=ONE,
         name="tile_map_custom_struct_grad_kernel[block_dim 8]"),
    # test_tile_nested_struct_ops
    dict(kernel="tile_nested_struct_ops_kernel", dim=1, block_dim=32, args=dict(input=NESTED, sort_keys=REV),
         shapes=dict(input=(8,), sort_keys=(8,), mapped_out=(8,), sum_out=(1,), atomic_out=(8,), sort_out=(8,))),
    dict(kernel="tile_nested_struct_grad_kernel", dim=1, block_dim=8, args=dict(input=NESTED), shapes=ONE),
    # test_tile_nested_field_store_grad
    dict(kernel="tile_nested_field_store_grad_kernel", dim=1, block_dim=8, args=dict(input=NESTED), shapes=ONE),
    # test_tile_struct_array_payload_sort / _indexed_array_payload_sort: element i's data the
    # 1-element array [100 + i] (indexed through its own index array [0]), tag i; the sorted
    # payloads then read by the read kernel (a plain launch; its block_dim changes nothing on the CPU)
    dict(name="tile_struct_array_payload_sort+read", dim=1,
         arrays=dict(input=dict(data=("per_element", (1,), ("arange", 100.0)), tag="arange"), sort_keys=REV),
         launches=[dict(kernel="tile_struct_array_payload_sort_kernel", block_dim=32),
                   dict(kernel="tile_struct_array_payload_read_kernel", dim=8,
                        args=dict(payloads="sorted_payloads"))],
         shapes=dict(input=(8,), sort_keys=(8,), sorted_payloads=(8,), values_out=(8,), tags_out=(8,))),
    dict(name="tile_struct_indexed_array_payload_sort+read", dim=1,
         arrays=dict(input=dict(data=("per_element", (1,), ("arange", 100.0), ("full", 0)), tag="arange"),
                     sort_keys=REV),
         launches=[dict(kernel="tile_struct_indexed_array_payload_sort_kernel", block_dim=32),
                   dict(kernel="tile_struct_indexed_array_payload_read_kernel", dim=8,
                        args=dict(payloads="sorted_payloads"))],
         shapes=dict(input=(8,), sort_keys=(8,), sorted_payloads=(8,), values_out=(8,), tags_out=(8,))),
    # test_tile_struct_field_types (half, quat/transform, float64 fields), reversed sort keys
    dict(kernel="tile_struct_half_fields_kernel", dim=1, block_dim=32,
         args=dict(input=("uniform", -2.0, 2.0), sort_keys=REV),
         shapes=dict(input=(8,), sort_keys=(8,), store_out=(8,), sum_out=(1,), sort_out=(8,))),
    dict(kernel="tile_struct_quat_transform_fields_kernel", dim=1, block_dim=32,
         args=dict(input=("uniform", -2.0, 2.0), sort_keys=REV),
         shapes=dict(input=(8,), sort_keys=(8,), store_out=(8,), sum_out=(1,), sort_out=(8,))),
    dict(kernel="tile_struct_float64_fields_kernel", dim=1, block_dim=32,
         args=dict(input=("uniform", -2.0, 2.0), sort_keys=REV),
         shapes=dict(input=(8,), sort_keys=(8,), store_out=(8,), sum_out=(1,), sort_out=(8,))),
    # test_tile_struct_non_atomic_fields
    dict(kernel="tile_struct_non_atomic_fields_kernel", dim=1, block_dim=32,
         args=dict(input=dict(flag=("bool", 0.5), small=("int", -20, 20), value=("uniform", -2.0, 2.0))),
         shapes=dict(input=(8,), store_out=(8,), atomic_out=(8,))),
    dict(kernel="tile_struct_non_atomic_accumulate_kernel", dim=1, block_dim=32,
         args=dict(input=dict(flag=("bool", 0.5), small=("int", -20, 20), value=("uniform", -2.0, 2.0))),
         shapes=dict(input=(8,), sum_out=(1,), add_out=(8,))),
    # test_tile_struct_value_ops
    dict(kernel="tile_struct_value_ops_kernel", dim=1, block_dim=32,
         args=dict(input=S, load_indices=REV, store_indices=("values", [0, 2, 4, 6, 8, 10, 12, 14]), sort_keys=REV),
         shapes=dict(input=(8,), load_indices=(8,), store_indices=(8,), sort_keys=(8,), indexed_out=(8,),
                     indexed_store_out=(16,), add_out=(8,), sub_out=(8,), sum_out=(1,), transpose_out=(4, 2),
                     extract_out=(1,), atomic_out=(8,), sort_out=(8,), tile_inplace_out=(8,),
                     tile_sub_inplace_out=(8,), element_inplace_out=(1,), element_sub_inplace_out=(1,))),
    # test_tile_struct_value_ops' second launch: scatters and a stack of structs
    dict(kernel="tile_struct_scatter_stack_kernel", dim=1, block_dim=8, args=dict(input=S),
         shapes=dict(input=(8,), scatter_atomic_out=(1,), scatter_non_atomic_out=(8,), stack_out=(1,))),
    # test_tile_struct_constructor_assign_stack
    dict(kernel="tile_struct_constructor_assign_stack_kernel", dim=1, block_dim=8, args=dict(input=S),
         shapes=dict(input=(8,), from_thread_out=(8,), assign_out=(8,), element_assign_out=(8,), stack_counts=(2,))),
] + [dict(kernel=k, dim=1, block_dim=8, args=dict(input=S), shapes=ONE) for k in GRAD_LOSS] + [
    # test_tile_struct_grad_ops / _additional_grad_ops / _scatter_add_grad_ops, forward passes
    dict(kernel="tile_struct_atomic_add_grad_kernel", dim=1, block_dim=8, args=dict(input=S),
         shapes=dict(input=(8,), output=(8,))),
    dict(kernel="tile_struct_scatter_add_grad_kernel", dim=1, block_dim=8, args=dict(input=S),
         shapes=dict(input=(8,), output=(8,))),
    dict(kernel="tile_struct_scatter_add_collision_grad_kernel", dim=1, block_dim=8, args=dict(input=S),
         shapes=dict(input=(8,), output=(1,))),
    dict(kernel="tile_struct_store_indexed_grad_kernel", dim=1, block_dim=8, args=dict(input=S, indices=REV),
         shapes=dict(input=(8,), indices=(8,), output=(8,))),
    dict(kernel="tile_struct_atomic_add_indexed_kernel", dim=1, block_dim=8,
         args=dict(input=S, indices=("values", [1] * 8)), shapes=dict(input=(8,), indices=(8,), output=(8,))),
    dict(kernel="tile_struct_load_indexed_grad_kernel", dim=1, block_dim=8,
         args=dict(input=S, indices=("values", [0, 0, 1, 1, 2, 2, 3, 3])),
         shapes=dict(input=(8,), indices=(8,), loss=(1,))),
    dict(kernel="tile_struct_weighted_sum_grad_kernel", dim=1, block_dim=8,
         args=dict(input=S, weights=("values", [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0])),
         shapes=dict(input=(8,), weights=(8,), loss=(1,))),
]
XFAIL = {}
UNTESTED = {}
