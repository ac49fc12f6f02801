"""warp-lang 1.19.0's warp/tests/tile/test_tile_atomic_bitwise.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_atomic_bitwise.py"

TESTS = [
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), op_type=0), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', name='test_tile_atomic_bitwise_matrix_kernel_1', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 0, 4198574080), op_type=1), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', name='test_tile_atomic_bitwise_matrix_kernel_2', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 30080252, 4294967295), op_type=2), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', name='test_tile_atomic_bitwise_matrix_kernel_3', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 869417, 4294638986), op_type=3), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', name='test_tile_atomic_bitwise_matrix_kernel_4', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 0, 4198574080), op_type=4), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_kernel', name='test_tile_atomic_bitwise_matrix_kernel_5', dim=1024, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 30080252, 4294967295), op_type=5), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 869417, 4294638986), op_type=6), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', name='test_tile_atomic_bitwise_matrix_tilewise_kernel_1', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 0, 4198574080), op_type=7), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', name='test_tile_atomic_bitwise_matrix_tilewise_kernel_2', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 30080252, 4294967295), op_type=8), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', name='test_tile_atomic_bitwise_matrix_tilewise_kernel_3', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 869417, 4294638986), op_type=9), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', name='test_tile_atomic_bitwise_matrix_tilewise_kernel_4', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 0, 4198574080), op_type=10), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_matrix_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_matrix_tilewise_kernel', name='test_tile_atomic_bitwise_matrix_tilewise_kernel_5', dim=32, block_dim=32, args=dict(a=('int', 3736, 4294161646), b=('int', 1350421, 4294868598), c=('int', 30080252, 4294967295), op_type=11), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), op_type=0), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', name='test_tile_atomic_bitwise_scalar_kernel_1', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 1548, 4262085632), op_type=1), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', name='test_tile_atomic_bitwise_scalar_kernel_2', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 80328687, 4294967087), op_type=2), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', name='test_tile_atomic_bitwise_scalar_kernel_3', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 13078961, 4291226916), op_type=3), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', name='test_tile_atomic_bitwise_scalar_kernel_4', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 1548, 4262085632), op_type=4), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_kernel', name='test_tile_atomic_bitwise_scalar_kernel_5', dim=1024, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 80328687, 4294967087), op_type=5), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 13078961, 4291226916), op_type=6), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', name='test_tile_atomic_bitwise_scalar_tilewise_kernel_1', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 1548, 4262085632), op_type=7), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', name='test_tile_atomic_bitwise_scalar_tilewise_kernel_2', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 80328687, 4294967087), op_type=8), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', name='test_tile_atomic_bitwise_scalar_tilewise_kernel_3', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 13078961, 4291226916), op_type=9), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', name='test_tile_atomic_bitwise_scalar_tilewise_kernel_4', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 1548, 4262085632), op_type=10), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_scalar_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_scalar_tilewise_kernel', name='test_tile_atomic_bitwise_scalar_tilewise_kernel_5', dim=32, block_dim=32, args=dict(a=('int', 18808427, 4291122141), b=('int', 5295962, 4289570110), c=('int', 80328687, 4294967087), op_type=11), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), op_type=0), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', name='test_tile_atomic_bitwise_vector_kernel_1', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 0, 4195555360), op_type=1), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', name='test_tile_atomic_bitwise_vector_kernel_2', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 79654895, 4294967287), op_type=2), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', name='test_tile_atomic_bitwise_vector_kernel_3', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 5519521, 4294546727), op_type=3), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', name='test_tile_atomic_bitwise_vector_kernel_4', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 0, 4195555360), op_type=4), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_kernel', name='test_tile_atomic_bitwise_vector_kernel_5', dim=1024, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 79654895, 4294967287), op_type=5), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 5519521, 4294546727), op_type=6), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', name='test_tile_atomic_bitwise_vector_tilewise_kernel_1', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 0, 4195555360), op_type=7), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', name='test_tile_atomic_bitwise_vector_tilewise_kernel_2', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 79654895, 4294967287), op_type=8), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', name='test_tile_atomic_bitwise_vector_tilewise_kernel_3', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 5519521, 4294546727), op_type=9), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', name='test_tile_atomic_bitwise_vector_tilewise_kernel_4', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 0, 4195555360), op_type=10), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
    # test_tile_atomic_bitwise_vector_cpu_blocks_cpu
    dict(kernel='test_tile_atomic_bitwise_vector_tilewise_kernel', name='test_tile_atomic_bitwise_vector_tilewise_kernel_5', dim=32, block_dim=32, args=dict(a=('int', 2227988, 4292484414), b=('int', 3736, 4293959424), c=('int', 79654895, 4294967287), op_type=11), shapes=dict(a=(1024,), b=(1024,), c=(1024,))),
]
XFAIL = {
}
UNTESTED = {
}
