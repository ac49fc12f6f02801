"""The Mandelbrot set on a 2-D grid: a while loop whose trip count depends on
the data, integer escape counts.  Both sides evaluate the same float32
operations in the same order, so the counts must match exactly."""
import warp as wp

MAX_ITER = wp.constant(200)


@wp.kernel
def mandel(x0: float, y0: float, step: float, counts: wp.array2d(dtype=int), zmag: wp.array2d(dtype=float)):
    i, j = wp.tid()
    cx = x0 + float(j) * step
    cy = y0 + float(i) * step
    x = float(0.0)
    y = float(0.0)
    n = int(0)
    while x * x + y * y <= 4.0 and n < MAX_ITER:
        xt = x * x - y * y + cx
        y = 2.0 * x * y + cy
        x = xt
        n += 1
    counts[i, j] = n
    zmag[i, j] = wp.min(x * x + y * y, 1.0e6)


TESTS = [
    dict(kernel="mandel", dim=(64, 96), args=dict(x0=-2.25, y0=-1.125, step=0.0234375), outputs=["counts"]),
    dict(kernel="mandel", dim=(32, 32), args=dict(x0=-0.75, y0=0.05, step=0.001), outputs=["counts"]),
]
