"""wp.tile_map over float16 and bfloat16 tiles, bit for bit against
warp-lang's CPU backend (tol 0): a @wp.func computes as Warp's half
arithmetic does (each operation in float32, rounded back); a builtin (sin,
max, abs, mul, sqrt) in float32, rounded once; wp.neg as Warp's 0 - x
(of +-0: +0, seen through 1 / x = +inf)."""
import warp as wp

EXACT = dict(rtol=0.0, atol=0.0)


@wp.func
def relu(x: wp.float16):
    return wp.max(x, wp.float16(0.0))


@wp.func
def poly(x: wp.float16, y: wp.float16):
    return x * x * wp.float16(1.5) + y * x - wp.float16(0.25)


@wp.func
def poly_bf(x: wp.bfloat16):
    return x * x + wp.bfloat16(0.3) * x


@wp.kernel
def map_half(a: wp.array2d(dtype=wp.float16), b: wp.array2d(dtype=wp.float16), r: wp.array2d(dtype=wp.float16),
             p: wp.array2d(dtype=wp.float16), s: wp.array2d(dtype=wp.float16), m: wp.array2d(dtype=wp.float16),
             q: wp.array2d(dtype=wp.float16), f: wp.array2d(dtype=float),
             n: wp.array2d(dtype=float)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=(4, 8))
    tb = wp.tile_load(b, shape=(4, 8), storage="shared")
    wp.tile_store(r, wp.tile_map(relu, ta))
    wp.tile_store(p, wp.tile_map(poly, ta, tb))
    wp.tile_store(s, wp.tile_map(wp.sin, ta))
    wp.tile_store(m, wp.tile_map(wp.mul, wp.tile_map(wp.max, ta, tb), tb))
    wp.tile_store(q, wp.tile_map(wp.sqrt, wp.tile_map(wp.abs, ta)))
    wp.tile_store(f, wp.tile_astype(wp.tile_map(relu, tb), dtype=float))
    nz = wp.tile_map(wp.neg, wp.tile_map(wp.mul, ta, wp.float16(0.0)))
    wp.tile_store(n, 1.0 / wp.tile_astype(nz, dtype=float))


@wp.kernel
def map_bf16(a: wp.array(dtype=wp.bfloat16), r: wp.array(dtype=wp.bfloat16), s: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()
    ta = wp.tile_load(a, shape=16)
    wp.tile_store(r, wp.tile_map(poly_bf, ta))
    wp.tile_store(s, wp.tile_map(wp.exp, ta))


H = (4, 8)
TESTS = [
    dict(name="half", kernel="map_half", dim=1, block_dim=8, args=dict(a=("uniform", -3, 3), b=("uniform", -3, 3)),
         shapes=dict(a=H, b=H, r=H, p=H, s=H, m=H, q=H, f=H, n=H),
         outputs=["r", "p", "s", "m", "q", "f", "n"], allow_nonfinite=True, **EXACT),
    dict(name="bf16", kernel="map_bf16", dim=1, block_dim=8, args=dict(a=("uniform", -3, 3)),
         shapes=dict(a=(16,), r=(16,), s=(16,)), outputs=["r", "s"], **EXACT),
]
