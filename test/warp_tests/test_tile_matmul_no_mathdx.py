"""warp-lang 1.19.0's warp/tests/tile/test_tile_matmul_no_mathdx.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
import warp as wp

TARGET = "warp/tests/tile/test_tile_matmul_no_mathdx.py"

TESTS = [
    # test_tile_gemm(float16, float32, float64): the file's M=56, K=48, N=20
    *[dict(name=f"tile_gemm_{t.__name__}", kernel="tile_gemm", dim=(7, 5), block_dim=64,
           overload=[wp.array2d(dtype=t)] * 3,
           args=dict(A=("uniform", 0.0, 1.0), B=("uniform", 0.0, 1.0)), shapes=dict(A=(56, 48), B=(48, 20), C=(56, 20)))
      for t in (wp.float16, wp.float32, wp.float64)],
    # test_tile_grouped_gemm
    dict(kernel='tile_grouped_gemm', dim=56, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 8, 8), B=(56, 8, 4), C=(56, 8, 4))),
    # test_tile_transpose_matmul
    dict(kernel='test_tile_transpose_matmul_kernel', dim=1, block_dim=64, args=dict(input=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519, 0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871])), shapes=dict(input=(8, 4), output=(4, 4))),
    # test_tile_matmul_return_form
    dict(kernel='test_tile_matmul_return_form_kernel', dim=1, block_dim=64, args=dict(A=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519, 0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871, 0.092135906, 0.55458474, 0.8878898, 0.0638172, 0.85829127, 0.8276311, 0.27675968, 0.6316644, 0.16522902, 0.7580877, 0.70052296, 0.35452592, 0.06791997, 0.970698, 0.44568747, 0.89312106, 0.677919, 0.7783835, 0.75989944, 0.19463867, 0.36390603, 0.466721, 0.49779153, 0.04380375, 0.54656947, 0.15428948, 0.7433759, 0.6830489, 0.9225278, 0.7447621, 0.36664265, 0.9675097]), B=('values', [0.41085035, 0.32582533, 0.90553576, 0.37045968, 0.07634318, 0.4695558, 0.7956799, 0.1894713, 0.4629405, 0.1299215, 0.6864782, 0.4757049, 0.33019632, 0.22690934, 0.56449986, 0.669814, 0.94030607, 0.4371519, 0.16068816, 0.83267814, 0.62976426, 0.70026505, 0.09722662, 0.3123666, 0.7678439, 0.8322598, 0.43521667, 0.80476433, 0.84169185, 0.38747835, 0.8980876, 0.28832805])), shapes=dict(A=(8, 8), B=(8, 4), C=(8, 4))),
    # test_tile_matmul_odd_shapes
    dict(kernel='tile_odd_gemm_kernel', dim=1, block_dim=64, args=dict(A=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519]), B=('values', [0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871, 0.092135906, 0.55458474, 0.8878898, 0.0638172])), shapes=dict(A=(7, 3), B=(3, 5), C=(7, 5))),
    # test_tile_matmul_large_aligned
    dict(kernel='tile_large_gemm_kernel', dim=1, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(64, 8), B=(8, 32), C=(64, 32))),
    # test_tile_matmul_large_unaligned
    dict(kernel='tile_large_odd_gemm_kernel', dim=1, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(65, 8), B=(8, 33), C=(65, 33))),
    # test_tile_matmul_return_form_backward
    dict(kernel='tile_large_gemm_return_kernel', dim=1, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(64, 8), B=(8, 32), C=(64, 32))),
    # test_tile_matmul_large_fp64
    dict(kernel='tile_large_gemm_f64_kernel', dim=1, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.02, 0.98)), shapes=dict(A=(32, 8), B=(8, 16), C=(32, 16))),
    # test_tile_matmul_beta_zero_ignores_out
    dict(kernel='tile_matmul_overwrite_kernel', dim=1, block_dim=64, args=dict(A='ones', B='ones', C=('full', float("inf")), beta=0.0), shapes=dict(A=(8, 8), B=(8, 4), C=(8, 4))),
    # test_tile_matmul_beta_zero_ignores_out_unaligned
    dict(kernel='tile_matmul_overwrite_unaligned_kernel', dim=1, block_dim=64, args=dict(A='ones', B='ones', C=('full', float("inf")), beta=0.0), shapes=dict(A=(65, 8), B=(8, 33), C=(65, 33))),
]
XFAIL = {}
UNTESTED = {}
