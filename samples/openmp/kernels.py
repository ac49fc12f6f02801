"""Mandelbrot escape counts: a zoom of FRAMES frames of a W x H image, one
2-D launch of H x W threads per frame.  Thread (i, j) iterates
z = z^2 + c from z = 0 at c = (x0 + step * j, y0 + step * i), float32, until
|z|^2 > 4 or MAX_ITER iterations, and writes the count.  Pixels near the set
take up to MAX_ITER iterations and the others a few, so the work per chunk
of a launch is uneven: the chunks are handed to an OpenMP `parallel for`
with a dynamic schedule (main.c).

This file is both the input of warpc (`warpc kernels.py -o kernels.o`, used by
main.c) and an ordinary Warp program: `python3 kernels.py` renders the same
frames with warp-lang on the CPU and prints the same checksum as the C
program.
"""
import warp as wp

W = 512
H = 384
FRAMES = 8
MAX_ITER = 256
# the zoom: centre, the width of the first frame, each frame 0.6 times the last
CX = -0.7436
CY = 0.1318
WIDTH0 = 3.0
ZOOM = 0.6


@wp.kernel
def escape_counts(counts: wp.array2d(dtype=wp.int32), x0: float, y0: float, step: float, max_iter: int):
    i, j = wp.tid()
    cx = x0 + step * float(j)
    cy = y0 + step * float(i)
    x = float(0.0)
    y = float(0.0)
    n = int(0)
    while n < max_iter and x * x + y * y <= 4.0:
        xt = x * x - y * y + cx
        y = 2.0 * x * y + cy
        x = xt
        n = n + 1
    counts[i, j] = n


# ---------------------------------------------------------------------------
# Host code: skipped by warpc, run by `python3 kernels.py`.

def frames():
    """(x0, y0, step) of each frame, in float32 as main.c computes them."""
    import numpy as np

    f32 = np.float32
    width = f32(WIDTH0)
    for _ in range(FRAMES):
        step = f32(width / f32(W))
        x0 = f32(f32(CX) - f32(0.5) * width)
        y0 = f32(f32(CY) - f32(0.5) * f32(step * f32(H)))
        yield x0, y0, step
        width = f32(width * f32(ZOOM))


if __name__ == "__main__":
    import numpy as np

    wp.init()
    total = 0
    with wp.ScopedDevice("cpu"):
        counts = wp.zeros((H, W), dtype=wp.int32)
        for x0, y0, step in frames():
            wp.launch(escape_counts, dim=(H, W), inputs=[counts, float(x0), float(y0), float(step), MAX_ITER])
            total += int(counts.numpy().astype(np.int64).sum())
    print(f"mandelbrot: {W}x{H}, {FRAMES} frames, max {MAX_ITER} iterations (warp-lang {wp.config.version}, cpu)")
    print(f"checksum (sum of escape counts): {total}")
