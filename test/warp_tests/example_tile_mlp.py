"""warp-lang 1.19.0's warp/examples/tile/example_tile_mlp.py: a coordinate
MLP trained on an image (float16 weights, tile_matmul, tile_map of relu,
untile).  The example's host code loads its reference image with PIL,
which the kernel does not use: STUB_MODULES puts an empty PIL in place
when it is not installed, so that warp-lang imports the file.

The kernel does not run on Warp's CPU backend: there a block is one
thread, so wp.tile(local) is a (DIM_IN, 1) tile, and adding the (DIM_HID,
1) product to a tile_broadcast to (DIM_HID, NUM_THREADS = 32) is a shape
error; warp-lang 1.19.0 rejects it on the CPU too ("tile_map() shapes do
not match on dimension 1, got (32, 1) and (32, 32)").  warpc's rejection
is the XFAIL entry."""

TARGET = "warp/examples/tile/example_tile_mlp.py"
STUB_MODULES = ["PIL"]

TESTS = []
XFAIL = {
    "compute": "'add' of tiles of different shapes: 'tile(dtype=float16, shape=(32, 1))', "
               "'tile(dtype=float16, shape=(32, 32))'",
}
