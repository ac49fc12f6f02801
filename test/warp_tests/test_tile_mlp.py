"""warp-lang 1.19.0's warp/tests/tile/test_tile_mlp.py: tiled multilayer
perceptrons (tile_matmul, tile_broadcast, tile_map of a @wp.func, untile).
Both kernels are defined inside their test functions (lifted to module
level with the constants and the relu @wp.func of the function by the
harness, test/tools/warp_tests.py); NUM_THREADS, set in an if/else on the
device, is BIND's: 1, the file's CPU value (a block is one thread there).
The file runs the tests with torch (the multi-layer one on CUDA only);
here they run forward on the CPU with the tests' shapes and weights drawn
from create_layer's range (+-1/sqrt(dim_in)).  test_single_layer_nn: 56
blocks.  test_multi_layer_nn: one batch (BATCH_SIZE = 512 launches of
the kernel) of distinct pixel indices, drawn from the first 16384 pixels
instead of all 65536 so that the (DIM_IN, pixels) input array stays within
the harness's size limit; reference colours in [0, 1) instead of the
file's pixel.npy; the loss is a float32 sum of 512 atomic adds, compared
to 1e-5 relative."""
import numpy as np

TARGET = "warp/tests/tile/test_tile_mlp.py"

PIX = 16384  # pixels the batch is drawn from (the image has 256 * 256)


def layer(dim_in):
    r = 1.0 / np.sqrt(dim_in)
    return ("uniform", -r, r)


_rng = np.random.default_rng(45)
BATCH = _rng.choice(PIX, size=512, replace=False).astype(np.int32).tolist()

TESTS = [
    dict(kernel="test_single_layer_nn.compute", dim=56, block_dim=1,
         args=dict(input=layer(56), weights=layer(8), bias=layer(8)),
         shapes=dict(input=(8, 56), weights=(16, 8), bias=(16, 1), out=(16, 56)),
         tol=dict(out=(1e-5, 1e-6))),
    # float16 tile_map of the relu @wp.func (dtype = wp.float16)
    dict(kernel="test_multi_layer_nn.compute", dim=512,
         args=dict(batches=("values", BATCH), input=("zeros",),
                   weights_0=layer(32), bias_0=layer(32), weights_1=layer(32), bias_1=layer(32),
                   weights_2=layer(32), bias_2=layer(32), weights_3=layer(32), bias_3=layer(32),
                   reference=("uniform", 0.0, 1.0)),
         shapes=dict(batches=(512,), input=(32, PIX), weights_0=(32, 32), bias_0=(32, 1), weights_1=(32, 32),
                     bias_1=(32, 1), weights_2=(32, 32), bias_2=(32, 1), weights_3=(3, 32), bias_3=(3, 1),
                     reference=(3, PIX), loss=(1,), out=(3, PIX)),
         outputs=["input", "loss", "out"]),
]

XFAIL = {}

# Warp compiles the module for the launches' block_dim (NUM_THREADS): 1
WARPC_FLAGS = ["--block-dim", "1"]

BIND = {
    "test_single_layer_nn.compute": dict(NUM_THREADS=1),
    "test_multi_layer_nn.compute": dict(NUM_THREADS=1),
}
