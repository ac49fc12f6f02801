"""saxpy, the memory-bound benchmark: y = a * x + y over 2^26 floats.

Each element reads 8 bytes and writes 4, with one multiply-add: the time is
the time to stream 768 MiB through memory.  bench/saxpy/main.c runs this
kernel (compiled by warpc) on a GPU and on the CPU; ref.cu is the same
kernel written by hand in CUDA C.
"""
import warp as wp

N = 1 << 26


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]
