"""warp-lang 1.19.0's warp/tests/tile/test_tile_reduce.py: its module-level
kernels, launched as the file's own tests launch them on the CPU (grid,
block_dim, array shapes, inputs from the same ranges or the same values),
every array compared with warp-lang's."""
TARGET = "warp/tests/tile/test_tile_reduce.py"

TESTS = [
    # test_tile_reduce_simt: wp.launch(dim=261, block_dim=64); a plain launch of 261 threads
    # here (warp-lang's and warpc's default block width, two blocks, the second partial)
    dict(kernel='tile_reduce_simt_kernel', dim=261, args=dict(), shapes=dict(output=(1,))),
    # test_tile_max_strided_loop_handles_short_input: launch_tiled(dim=[1]) with the default block_dim
    dict(kernel='tile_strided_loop_kernel', dim=1, block_dim=256, args=dict(arr=('uniform', 0.0, 1.0)), shapes=dict(arr=(5,), max_val=(1,))),
    # test_tile_reduce_matrix: wp.launch(dim=64, block_dim=64), a plain launch of 64 here
    dict(kernel='test_tile_reduce_matrix_kernel', dim=64, args=dict(), shapes=dict(y=(1,))),
    # test_tile_reduce_vector: wp.launch(dim=8, block_dim=64), a partial block; a plain launch of 8 here
    dict(kernel='test_tile_reduce_vector_kernel', dim=8, args=dict(), shapes=dict(out=(1,))),
    # test_tile_reduce_sum_bfloat16 / _float16: 1..8 summed exactly
    dict(kernel="tile_sum_bfloat16_kernel", dim=1, block_dim=32, args=dict(input=("values", [1, 2, 3, 4, 5, 6, 7, 8])),
         shapes=dict(input=(8,), output=(1,))),
    dict(kernel="tile_sum_float16_kernel", dim=1, block_dim=32, args=dict(input=("values", [1, 2, 3, 4, 5, 6, 7, 8])),
         shapes=dict(input=(8,), output=(1,))),
    # test_tile_reduce_custom_struct_argmax (its reduce kernel is made inside a function)
    dict(kernel="initialize_key_value", dim=(4, 64), args=dict(values=("uniform", 0.0, 1.0))),
    # test_tile_sum_axis_large_gradient: skipped on the CPU by the file (it asks the device for shared memory)
    dict(kernel="tile_sum_axis0_large_gradient_kernel", dim=1, block_dim=32, args=dict(x="ones"), shapes=dict(x=(2, 4608), y=(4608,))),
    # test_tile_sum_axis_large_cpu_gradient: launch_tiled(dim=[1], block_dim=32) of x = ones((2, 14000)) (a
    # shared tile of 112000 bytes); its gradient: test/grad/tile_large.py
    dict(kernel="tile_sum_axis0_large_cpu_gradient_kernel", dim=1, block_dim=32, args=dict(x="ones"),
         shapes=dict(x=(2, 14000), y=(14000,))),
    # test_tile_reduce_sum
    dict(kernel='tile_sum_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 192), output=(56,))),
    # test_tile_reduce_narrow_int
    dict(kernel='tile_narrow_int_kernel', dim=1, block_dim=32, args=dict(input=('values', [1, 2, 3, 4, 5, 6, 7, 8])), shapes=dict(input=(8,), store_out=(8,), sum_out=(1,))),
    # test_tile_sum_to_shared
    dict(kernel='tile_sum_to_shared_kernel', dim=1, block_dim=64, args=dict(input=('uniform', 0.04, 0.98)), shapes=dict(input=(1, 64), output=(1,))),
    # test_tile_reduce_min
    dict(kernel='tile_min_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_min
    dict(kernel='tile_min_kernel_edge_case', dim=1, block_dim=64, args=dict(x=('values', [2, 2, 3, 4, 1, 6, 7, 3, 9])), shapes=dict(x=(3, 3), y=(1,))),
    # test_tile_reduce_argmin
    dict(kernel='tile_argmin_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_argmin
    dict(kernel='tile_argmin_kernel_edge_case', dim=1, block_dim=64, args=dict(x=('values', [2, 2, 3, 4, 1, 6, 7, 3, 9])), shapes=dict(x=(3, 3), y=(1,))),
    # test_tile_reduce_max
    dict(kernel='tile_max_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_reduce_argmax
    dict(kernel='tile_argmax_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 64), output=(56,))),
    # test_tile_scan_partial_block
    dict(kernel='tile_scan_partial_block_kernel', dim=96, args=dict(add_input=('int', 1, 100), min_input=('int', 100, 200)), shapes=dict(add_input=(2, 128), min_input=(2, 128), inclusive_output=(2, 128), exclusive_output=(2, 128), max_output=(2, 128), min_output=(2, 128))),
    # test_tile_reduce_grouped_sum
    dict(kernel='tile_grouped_sum_kernel', dim=56, block_dim=64, args=dict(input=('uniform', 0.0, 1.0)), shapes=dict(input=(56, 8, 4), output=(56,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_1d_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6, 7, 8])), shapes=dict(x=(8,), y=(1,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6])), shapes=dict(x=(2, 3), y=(3,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3, 4, 5, 6])), shapes=dict(x=(3, 2), y=(3,))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(3, 4))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(2, 4))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_3d_axis2_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 24)), shapes=dict(x=(2, 3, 4), y=(2, 3))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis0_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(3, 4, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis1_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 4, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis2_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 3, 5))),
    # test_tile_sum_axis_gradients
    dict(kernel='tile_sum_axis_4d_axis3_gradient_kernel', dim=1, block_dim=32, args=dict(x=('int', 1, 120)), shapes=dict(x=(2, 3, 4, 5), y=(2, 3, 4))),
    # test_tile_sum_axis_broadcast_gradient
    dict(kernel='tile_sum_axis_broadcast_gradient_kernel', dim=1, block_dim=32, args=dict(x=('values', [1, 2, 3])), shapes=dict(x=(3, 1), y=(4,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(32, 64), y=(64,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.1)), shapes=dict(x=(32, 8), y=(32,))),
    # test_tile_reduce_axis_lengths_up_to_32
    dict(kernel='tile_reduce_axis_tier1_sum_axis2_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(8, 8, 16), y=(8, 8))),
    # test_tile_reduce_axis_lengths_33_to_256
    dict(kernel='tile_reduce_axis_tier2_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(200, 32), y=(32,))),
    # test_tile_reduce_axis_lengths_33_to_256
    dict(kernel='tile_reduce_axis_tier2_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.05)), shapes=dict(x=(16, 64), y=(16,))),
    # test_tile_reduce_axis_tier2_3d
    dict(kernel='tile_reduce_axis_tier2_sum_axis2_kernel', dim=1, block_dim=32, args=dict(x='ones'), shapes=dict(x=(8, 8, 128), y=(8, 8))),
    # test_tile_reduce_axis_tier2_3d
    dict(kernel='tile_reduce_axis_tier2_sum_axis2_kernel', name='tile_reduce_axis_tier2_sum_axis2_kernel_1', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(8, 8, 128), y=(8, 8))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', dim=1, block_dim=4, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', name='tile_reduce_axis_tier2_partial_warp_kernel_1', dim=1, block_dim=8, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_partial_warp_block
    dict(kernel='tile_reduce_axis_tier2_partial_warp_kernel', name='tile_reduce_axis_tier2_partial_warp_kernel_2', dim=1, block_dim=16, args=dict(x='ones'), shapes=dict(x=(100, 8), y=(8,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_sum_axis0_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(400, 16), y=(16,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_prod_axis1_kernel', dim=1, block_dim=64, args=dict(x=('uniform', 1.0, 1.01)), shapes=dict(x=(8, 300), y=(8,))),
    # test_tile_reduce_axis_lengths_over_256
    dict(kernel='tile_reduce_axis_tier3_sum_axis2_kernel', dim=1, block_dim=64, args=dict(x='ones'), shapes=dict(x=(4, 4, 384), y=(4, 4))),
    # test_tile_reduce_axis_partial_block
    dict(kernel='tile_reduce_axis_partial_block_kernel', dim=32, args=dict(positive=('uniform', 1.0, 1.03), negative=('uniform', -1.03, -1.0)), shapes=dict(positive=(32, 8), negative=(32, 8), sum_output=(8,), product_output=(8,), min_output=(8,), max_output=(8,))),
    # test_tile_reduce_axis_empty_partial_slices
    dict(kernel='tile_reduce_axis_empty_partial_slices_kernel', dim=32, args=dict(values='ones'), shapes=dict(values=(32, 8))),
    # test_tile_reduce_axis_empty_custom_slices: the file expects its launch to fail with
    # wp.config.enable_cpu_blocks (a @wp.func has no identity for the idle lanes); Warp's
    # default CPU backend (a block is one thread) runs it; here with values of its range
    dict(kernel='tile_reduce_axis_empty_custom_slices_kernel', dim=32, args=dict(values=('uniform', 0.5, 1.5)), shapes=dict(values=(32, 8))),
]
XFAIL = {
}
UNTESTED = {}
