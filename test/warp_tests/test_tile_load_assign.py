"""warp-lang 1.19.0's warp/tests/tile/test_tile_load_assign.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
TARGET = "warp/tests/tile/test_tile_load_assign.py"

TESTS = [
    # test_tile_assign_1d_cpu
    dict(kernel='tile_assign_1d_kernel', dim=4, args=dict(input=('values', [0.77395606, 0.43887845, 0.85859793, 0.697368]))),
    # test_tile_assign_2d_cpu
    dict(kernel='tile_assign_2d_kernel', dim=(4, 4), args=dict(input=('values', [0.77395606, 0.43887845, 0.85859793, 0.697368, 0.09417735, 0.97562236, 0.7611397, 0.7860643, 0.12811363, 0.45038593, 0.37079802, 0.92676497, 0.6438651, 0.8227616, 0.4434142, 0.22723871]))),
    # test_tile_assign_3d_cpu
    dict(kernel='tile_assign_3d_kernel', dim=(4, 4, 4), args=dict(input=('values', [0.77395606, 0.43887845, 0.85859793, 0.697368, 0.09417735, 0.97562236, 0.7611397, 0.7860643, 0.12811363, 0.45038593, 0.37079802, 0.92676497, 0.6438651, 0.8227616, 0.4434142, 0.22723871, 0.5545848, 0.063817255, 0.8276312, 0.6316644, 0.75808775, 0.35452595, 0.970698, 0.8931211, 0.7783835, 0.19463871, 0.466721, 0.043803766, 0.1542895, 0.68304896, 0.7447622, 0.96750975, 0.32582536, 0.3704597, 0.46955582, 0.18947136, 0.12992151, 0.47570494, 0.22690935, 0.669814, 0.4371519, 0.8326782, 0.7002651, 0.31236663, 0.8322598, 0.80476433, 0.38747838, 0.2883281, 0.6824955, 0.13975248, 0.1999082, 0.00736227, 0.78692436, 0.66485083, 0.7051654, 0.78072906, 0.45891577, 0.5687412, 0.139797, 0.11453007, 0.66840297, 0.47109622, 0.5652361, 0.76499885]))),
    # test_tile_assign_4d_cpu
    dict(kernel='tile_assign_4d_kernel', dim=(4, 4, 4, 4), args=dict(input=('uniform', 0.0, 1.0))),
]
XFAIL = {}
UNTESTED = {}
