"""Heat diffusion on a square plate: the 2-D heat equation
u_t = ALPHA * (u_xx + u_yy), solved with explicit finite differences
(forward Euler in time, the five-point Laplacian in space) on an N x N grid.

The plate is insulated: `stencil` reads the neighbours of a cell with indices
clamped to the grid, so a missing neighbour is the boundary cell itself and no
heat flows through the edges (a zero-flux Neumann boundary).  The total heat
is therefore conserved, up to float32 rounding.

Each step reads one grid and writes the other (ping-pong), one 2-D launch of
N x N threads.

This file is both the input of warpc (`warpc kernels.py -o kernels.o`, used by
main.c) and an ordinary Warp program: `python3 kernels.py` runs the same
simulation with warp-lang on the CPU and prints the same checksum as the C
program.
"""
import warp as wp

N = 256
NUM_STEPS = 200

ALPHA = 1.0  # diffusivity
DX = 1.0 / N  # grid spacing
DT = 0.2 * DX * DX / ALPHA  # time step; stable while ALPHA * DT / DX^2 <= 0.25
R = wp.constant(ALPHA * DT / (DX * DX))  # 0.2, the diffusion number


@wp.func
def stencil(u: wp.array2d(dtype=float), i: int, j: int):
    """The five-point Laplacian of u at (i, j), times DX^2, with neighbour
    indices clamped to the grid (insulated edges)."""
    n = u.shape[0]
    m = u.shape[1]
    up = u[wp.clamp(i - 1, 0, n - 1), j]
    down = u[wp.clamp(i + 1, 0, n - 1), j]
    left = u[i, wp.clamp(j - 1, 0, m - 1)]
    right = u[i, wp.clamp(j + 1, 0, m - 1)]
    return (up + down) + (left + right) - 4.0 * u[i, j]


@wp.kernel
def diffuse(src: wp.array2d(dtype=float), dst: wp.array2d(dtype=float)):
    i, j = wp.tid()
    dst[i, j] = src[i, j] + R * stencil(src, i, j)


# ---------------------------------------------------------------------------
# Host code: skipped by warpc, run by `python3 kernels.py`.

def initial_state(n):
    """A hot disc (1.0) and a warm rectangle (0.5) on a cold plate (0.0), as
    main.c builds it."""
    import numpy as np

    i, j = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
    u = np.zeros((n, n), dtype=np.float32)
    u[(i >= 150) & (i < 220) & (j >= 140) & (j < 230)] = 0.5
    u[(i - 96) ** 2 + (j - 96) ** 2 <= 40 * 40] = 1.0
    return u


def reference_step(u):
    """One step with numpy, float32 operations in the kernel's order."""
    import numpy as np

    p = np.pad(u, 1, mode="edge")  # clamped indices
    up, down = p[:-2, 1:-1], p[2:, 1:-1]
    left, right = p[1:-1, :-2], p[1:-1, 2:]
    lap = (up + down) + (left + right) - np.float32(4.0) * u
    return u + np.float32(R) * lap


if __name__ == "__main__":
    import time

    import numpy as np

    wp.init()
    u0 = initial_state(N)
    with wp.ScopedDevice("cpu"):
        a = wp.array(u0, dtype=float)
        b = wp.zeros((N, N), dtype=float)
        wp.launch(diffuse, dim=(N, N), inputs=[a, b])  # compile + warm up
        t0 = time.perf_counter()
        for s in range(NUM_STEPS):
            src, dst = (a, b) if s % 2 == 0 else (b, a)
            wp.launch(diffuse, dim=(N, N), inputs=[src, dst])
        wp.synchronize()
        t1 = time.perf_counter()
        u = (a if NUM_STEPS % 2 == 0 else b).numpy()

    ref = u0.copy()
    for _ in range(NUM_STEPS):
        ref = reference_step(ref)
    max_err = float(np.abs(u - ref).max())
    tolerance = 1e-5

    print(f"heat: {N}x{N} grid, {NUM_STEPS} steps, r = {R:.3f} (warp-lang {wp.config.version}, cpu)")
    print(f"time per step: {(t1 - t0) / NUM_STEPS * 1e3:.3f} ms")
    print(f"total heat: initial {u0.astype(np.float64).sum():.6f}, final {u.astype(np.float64).sum():.6f}")
    print(f"temperature range: [{u.min():.6f}, {u.max():.6f}]")
    print(f"checksum (sum of u): {u.astype(np.float64).sum():.6f}")
    print(f"max abs error vs numpy reference: {max_err:.3g} (tolerance {tolerance:.0e})")
    print("PASS" if max_err <= tolerance else "FAIL")
    raise SystemExit(0 if max_err <= tolerance else 1)
