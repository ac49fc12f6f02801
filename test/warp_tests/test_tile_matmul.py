"""warp-lang 1.19.0's warp/tests/tile/test_tile_matmul.py: its module-level kernels,
launched as the file's own tests launch them on the CPU (grid, block_dim,
array shapes, scalar arguments; array inputs with the same values where
they are small, else drawn from the same ranges), every array compared with
warp-lang's."""
import warp as wp

TARGET = "warp/tests/tile/test_tile_matmul.py"

TESTS = [
    # test_tile_matmul_alignment_matrix (CUDA with MathDx in the file; the
    # kernels run on the CPU too): a reshaped row-offset float16 view, a
    # float16 32x16x16 product at block_dim 128, a matrix-vector product,
    # float16 operands into a float32 accumulator, the reshaped view passed
    # to a @wp.func whose tile_matmul writes the caller's tile c; normal
    # inputs as the file's
    dict(kernel="tile_matmul_reshaped_view_kernel", dim=1, block_dim=64,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(129, 4), B=(16, 32), C=(32, 32))),
    dict(kernel="tile_matmul_view_through_func_kernel", dim=1, block_dim=64,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(129, 4), B=(16, 48), C=(32, 48))),
    dict(kernel="tile_matmul_fp16_n16_kernel", dim=1, block_dim=128,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(32, 16), B=(16, 16), C=(32, 16))),
    # warp's tests launch it nowhere (its LTO symbols only); warp-lang's CPU
    # runs it: the product accumulated into a view of a zero tile
    dict(kernel="tile_matmul_row_offset_views_kernel", dim=1, block_dim=64,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(25, 4), B=(5, 4), C=(24, 4))),
    dict(kernel="tile_matmul_matvec_kernel", dim=1, block_dim=64,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(32, 32), B=(32, 1), C=(32, 1))),
    dict(kernel="tile_matmul_mixed_dtype_kernel", dim=1, block_dim=64,
         args=dict(A=("normal", 0.0, 1.0), B=("normal", 0.0, 1.0)), shapes=dict(A=(16, 12), B=(12, 12), C=(16, 12))),
    # test_tile_gemm_bf16_cpu
    dict(kernel='f32_to_bf16_kernel', dim=(56, 48), args=dict(input=('uniform', 0.0, 1.0))),
    # test_tile_gemm_bf16_cpu
    dict(kernel='f32_to_bf16_kernel', name='f32_to_bf16_kernel_1', dim=(48, 20), args=dict(input=('uniform', 0.0, 1.0))),
    # test_tile_gemm_bf16_cpu
    dict(kernel='tile_gemm_bf16', dim=(7, 5), block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 48), B=(48, 20), C=(56, 20))),
    # test_tile_gemm_bf16_cpu
    dict(kernel='bf16_to_f32_kernel', dim=(56, 48), args=dict(input=('uniform', 0.0, 1.0))),
    # test_tile_gemm_bf16_cpu
    dict(kernel='bf16_to_f32_kernel', name='bf16_to_f32_kernel_1', dim=(48, 20), args=dict(input=('uniform', 0.0, 1.0))),
    # test_tile_gemm_fp16_cpu
    dict(kernel='tile_gemm', dim=(7, 5), block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 48), B=(48, 20), C=(56, 20)), overload=[wp.array2d(dtype=wp.float16), wp.array2d(dtype=wp.float16), wp.array2d(dtype=wp.float16)]),
    # test_tile_gemm_fp32_cpu
    dict(kernel='tile_gemm', name='tile_gemm_1', dim=(7, 5), block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 48), B=(48, 20), C=(56, 20)), overload=[wp.array2d(dtype=wp.float32), wp.array2d(dtype=wp.float32), wp.array2d(dtype=wp.float32)]),
    # test_tile_gemm_fp64_cpu
    dict(kernel='tile_gemm', name='tile_gemm_2', dim=(7, 5), block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 48), B=(48, 20), C=(56, 20)), overload=[wp.array2d(dtype=wp.float64), wp.array2d(dtype=wp.float64), wp.array2d(dtype=wp.float64)]),
    # test_tile_grouped_gemm_cpu
    dict(kernel='tile_grouped_gemm', dim=56, block_dim=64, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(56, 8, 8), B=(56, 8, 4), C=(56, 8, 4))),
    # test_tile_matmul_beta_zero_ignores_out_cpu
    dict(kernel='tile_matmul_overwrite_kernel', dim=1, block_dim=64, args=dict(A='ones', B='ones', C=('full', float("inf")), beta=0.0), shapes=dict(A=(8, 8), B=(8, 4), C=(8, 4))),
    # test_tile_matmul_mixed_precision_cpu
    dict(kernel='tile_matmul_mixed_precision_kernel', dim=(1, 1), block_dim=32, args=dict(A=('values', [0.7739258, 0.43896484, 0.85839844, 0.6972656, 0.094177246, 0.97558594, 0.76123047, 0.7861328, 0.12817383, 0.45043945, 0.3708496, 0.9267578, 0.64404297, 0.8227539, 0.44335938, 0.22729492, 0.5546875, 0.06384277, 0.8276367, 0.63183594, 0.7583008, 0.3544922, 0.9707031, 0.8930664, 0.7783203, 0.19458008, 0.46679688, 0.043792725, 0.15429688, 0.68310547, 0.7446289, 0.96728516, 0.32592773, 0.37036133, 0.46948242, 0.18945312, 0.12988281, 0.47558594, 0.22692871, 0.6699219, 0.43725586, 0.83251953, 0.7001953, 0.31225586, 0.83203125, 0.8046875, 0.38745117, 0.28833008, 0.6826172, 0.13977051, 0.19995117, 0.0073623657, 0.7871094, 0.66503906, 0.7050781, 0.7807617, 0.45898438, 0.56884766, 0.13977051, 0.11450195, 0.66845703, 0.4711914, 0.5654297, 0.7651367]), B=('values', [0.5746006, 0.6347183, 0.5653733, 0.5535794, 0.0905664, 0.55920714, 0.7949126, 0.30395007, 0.6028382, 0.030817807, 0.3474992, 0.43671733, 0.9827384, 0.21458465, 0.27654833, 0.40852863, 0.9926656, 0.85340303, 0.034692943, 0.23393947, 0.8216744, 0.0583027, 0.8556708, 0.28138387, 0.91765213, 0.2935937, 0.43431675, 0.6619165, 0.12628073, 0.5570321, 0.5050155, 0.7838982]), C=('values', [0.6643135403273875, 0.4063868614400705, 0.8140203846660347, 0.1669729199077039, 0.022712073133860478, 0.09004786077564175, 0.7223593505964503, 0.4618772302513874, 0.1612717790336018, 0.5010447751033635, 0.15231210271316842, 0.696320375077736, 0.4461562755740307, 0.3810212260964825, 0.3015120891478765, 0.6302825931188885, 0.3618126105533904, 0.087649919316101, 0.11800590212051532, 0.9618976645495145, 0.908580690707607, 0.6997071338107496, 0.2658699614595196, 0.9691763773477239, 0.7787509039657946, 0.7168901891589956, 0.44936150214378867, 0.272241561845159, 0.0963909621534993, 0.9026023965438417, 0.45577628983361107, 0.20236336479523032])), shapes=dict(A=(8, 8), B=(8, 4), C=(8, 4))),
    # test_tile_matmul_pipelined_reassign_cpu
    dict(kernel='tile_pipelined_gemm_kernel', dim=(3, 5), block_dim=32, args=dict(A=('uniform', 0.0, 1.0), B=('uniform', 0.0, 1.0)), shapes=dict(A=(24, 24), B=(24, 20), C=(24, 20))),
    # test_tile_matmul_reassign_backward_cpu
    dict(kernel='tile_reassign_after_matmul_kernel', dim=1, block_dim=32, args=dict(A=('uniform', 0.0, 0.98), B=('values', [0.5746006, 0.6347183, 0.5653733, 0.5535794, 0.0905664, 0.55920714, 0.7949126, 0.30395007, 0.6028382, 0.030817807, 0.3474992, 0.43671733, 0.9827384, 0.21458465, 0.27654833, 0.40852863, 0.9926656, 0.85340303, 0.034692943, 0.23393947, 0.8216744, 0.0583027, 0.8556708, 0.28138387, 0.91765213, 0.2935937, 0.43431675, 0.6619165, 0.12628073, 0.5570321, 0.5050155, 0.7838982])), shapes=dict(A=(16, 8), B=(8, 4), C_sum=(8, 4), C_reassigned=(8, 8), C_direct=(8, 8))),
    # test_tile_matmul_return_form_cpu
    dict(kernel='test_tile_matmul_return_form_kernel', dim=1, block_dim=64, args=dict(A=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519, 0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871, 0.092135906, 0.55458474, 0.8878898, 0.0638172, 0.85829127, 0.8276311, 0.27675968, 0.6316644, 0.16522902, 0.7580877, 0.70052296, 0.35452592, 0.06791997, 0.970698, 0.44568747, 0.89312106, 0.677919, 0.7783835, 0.75989944, 0.19463867, 0.36390603, 0.466721, 0.49779153, 0.04380375, 0.54656947, 0.15428948, 0.7433759, 0.6830489, 0.9225278, 0.7447621, 0.36664265, 0.9675097]), B=('values', [0.41085035, 0.32582533, 0.90553576, 0.37045968, 0.07634318, 0.4695558, 0.7956799, 0.1894713, 0.4629405, 0.1299215, 0.6864782, 0.4757049, 0.33019632, 0.22690934, 0.56449986, 0.669814, 0.94030607, 0.4371519, 0.16068816, 0.83267814, 0.62976426, 0.70026505, 0.09722662, 0.3123666, 0.7678439, 0.8322598, 0.43521667, 0.80476433, 0.84169185, 0.38747835, 0.8980876, 0.28832805])), shapes=dict(A=(8, 8), B=(8, 4), C=(8, 4))),
    # test_tile_transpose_matmul_cpu
    dict(kernel='test_tile_transpose_matmul_kernel', dim=1, block_dim=64, args=dict(input=('values', [0.08925092, 0.773956, 0.6545715, 0.43887842, 0.43301523, 0.8585979, 0.085945606, 0.697368, 0.20146948, 0.094177306, 0.52647895, 0.9756223, 0.73575234, 0.7611397, 0.71747726, 0.78606427, 0.51322657, 0.12811363, 0.8397482, 0.45038593, 0.5003519, 0.370798, 0.1825496, 0.92676497, 0.78156745, 0.6438651, 0.40241432, 0.8227616, 0.5454291, 0.44341415, 0.45045954, 0.22723871])), shapes=dict(input=(8, 4), output=(4, 4))),
]
XFAIL = {
}
UNTESTED = {}

# --- kernels inside the test functions (lifted by the harness) ---
# TILE_M x TILE_K x TILE_N = 8 x 8 x 4, block_dim TILE_DIM = 64 as the file's
# tests; standard-normal inputs as theirs.  The MathDx / TF32 tests run on
# CUDA only (or skip without MathDx); their kernels' CPU path (the scalar
# GEMM in float32, which warp-lang's CPU backend takes for precision="tf32")
# is compared here.
# (TestTileMatmul.test_tile_matmul_tf32_compilation defines one more kernel in
# a method of a class, which the harness does not lift: not counted.)
_N01 = ("normal", 0.0, 1.0)


def _mm(kernel, dim, a, b, c, name=None):
    d = dict(kernel=kernel, dim=dim, block_dim=64, args=dict(A=_N01, B=_N01), shapes=dict(A=a, B=b, C=c))
    if name:
        d["name"] = name
    return d


TESTS += [
    _mm("test_tile_matmul_alignment_fallback.kernel", 1, (24, 8), (8, 20), (24, 20)),
    _mm("test_tile_matmul_alignment_fallback.kernel_again", 1, (24, 8), (8, 20), (24, 20)),
    _mm("test_tile_matmul_tf32.tile_gemm_tf32", (7, 5), (56, 48), (48, 20), (56, 20)),
    _mm("test_tile_matmul_tf32.tile_gemm_tf32_return_form", (7, 5), (56, 48), (48, 20), (56, 20)),
    _mm("test_tile_matmul_tf32_fallback.kernel_tf32_scalar", (1, 1), (8, 8), (8, 4), (8, 4)),
    # tile_matmul into a view of a tile (tile views alias their tile)
    _mm("test_tile_matmul_alignment_fallback.kernel_view_then_owners", 1, (25, 16), (17, 20), (24, 20)),
]
# the file's *_rejected tests: warp-lang rejects each of these kernels when
# it builds it (its test checks the message); warpc rejects them too, the
# complex ones as tiles of a dtype tile_matmul does not take
_cplx = "wp.tile_matmul() accumulates in float16, float32 or float64 (Warp's), not in the dtype of 'tile(dtype="
_cplxh = "wp.tile_matmul() arguments must be tiles of float16, bfloat16, float32, or float64 entries, not 'tile(dtype=vec2h"
_bf16out = "wp.tile_matmul() does not support a bfloat16 'out' tile (as Warp: its accumulator)"
XFAIL.update({
    "test_tile_matmul_bf16_out_rejected.kernel_bf16_out": _bf16out,
    "test_tile_matmul_bf16_out_rejected_return_form.kernel_bf16_return": _bf16out,
    "test_tile_matmul_complex_rejected.kernel_complex_out[vec2h]": _cplxh,
    "test_tile_matmul_complex_rejected.kernel_complex_out[vec2f]": _cplx + "vec2f",
    "test_tile_matmul_complex_rejected.kernel_complex_out[vec2d]": _cplx + "vec2d",
    "test_tile_matmul_complex_rejected_return_form.kernel_complex_return[vec2h]": _cplxh,
    "test_tile_matmul_complex_rejected_return_form.kernel_complex_return[vec2f]": _cplx + "vec2f",
    "test_tile_matmul_complex_rejected_return_form.kernel_complex_return[vec2d]": _cplx + "vec2d",
    "test_tile_matmul_tf32_rejected.kernel_bad_precision": 'precision= is "default" or "tf32"',
    "test_tile_matmul_tf32_rejected.kernel_tf32_complex": _cplx + "vec2f",
    # Warp: "got a non-literal argument" (the launch passes "tf32")
    "test_tile_matmul_tf32_rejected.kernel_var_precision": "unknown type 'str'",
})
# warp-lang rejects these when it builds them; warpc compiles them (reported)
_bf16bw = ("mismatch: warp-lang rejects a bfloat16 'a' or 'b' tile of wp.tile_matmul when the backward pass is "
           "enabled (its adjoint accumulates into it); warpc compiles the kernel")
UNTESTED.update({
    "test_tile_matmul_bf16_a_with_backward_rejected.kernel_bf16_a": _bf16bw,
    "test_tile_matmul_bf16_b_with_backward_rejected.kernel_bf16_b": _bf16bw,
    "test_tile_matmul_tf32_rejected.kernel_tf32_fp16": "mismatch: warp-lang rejects wp.tile_matmul(a, b, c, "
        "precision=\"tf32\") of float16 tiles (\"precision='tf32' requires float32 tiles\"); warpc compiles it",
})
BIND = {}
for _t in ("vec2h", "vec2f", "vec2d"):
    BIND[f"test_tile_matmul_complex_rejected.kernel_complex_out[{_t}]"] = dict(vec_dtype=getattr(wp, _t))
    BIND[f"test_tile_matmul_complex_rejected_return_form.kernel_complex_return[{_t}]"] = dict(vec_dtype=getattr(wp, _t))
