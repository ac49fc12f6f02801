"""Tiles passed to a @wp.func by reference, as warp-lang 1.19 passes them
(its warp/tests/tile/test_tile_func_arg.py): what the function writes into
its tile parameter in place (`t += u`, `t -= u`, `t[i, j] = x`,
wp.tile_matmul(a, b, t), a call of another function that writes it) the
caller's tile shows afterwards, shared or register storage alike; `t = ...`
inside the function only binds the name (the caller's tile is unchanged,
also by in-place writes after it);
a function that only reads its tiles returns a new one.  Against
warp-lang's CPU backend (a block is one thread)."""
import warp as wp

TILE_M = 4
TILE_N = 4


@wp.func
def scale_tile(t: wp.tile[float, TILE_M, TILE_N]):
    return t * 2.0


@wp.func
def pass_through_tile(t: wp.tile[float, TILE_M, TILE_N]):
    return t


@wp.func
def add_tiles(a: wp.tile[float, TILE_M, TILE_N], b: wp.tile[float, TILE_M, TILE_N]):
    return a + b


@wp.func
def scale_then_pass_through(t: wp.tile[float, TILE_M, TILE_N]):
    s = scale_tile(t)
    return pass_through_tile(s)


@wp.func
def inplace_add_func(a: wp.tile[float, TILE_M, TILE_N], b: wp.tile[float, TILE_M, TILE_N]):
    a += b
    return a


@wp.func
def modify_tile_no_return(t: wp.tile[float, TILE_M, TILE_N]):
    t += wp.tile_ones(dtype=float, shape=(TILE_M, TILE_N), storage="register") * 5.0


@wp.func
def rebind_only(t: wp.tile[float, TILE_M, TILE_N]) -> float:
    # a new tile bound to the name: the caller's tile does not change
    t = t * 3.0
    return wp.tile_sum(t)[0]


@wp.func
def rebind_then_write(t: wp.tile[float, TILE_M, TILE_N]) -> float:
    # bound first: the in-place write is to the function's own tile
    t = t * 3.0
    t += wp.tile_ones(dtype=float, shape=(TILE_M, TILE_N))
    return wp.tile_sum(t)[0]


@wp.func
def set_corner(t: wp.tile[float, TILE_M, TILE_N], x: float):
    t[0, 0] = x
    t[TILE_M - 1, TILE_N - 1] = x * 2.0


@wp.func
def nested_modify(t: wp.tile[float, TILE_M, TILE_N], u: wp.tile[float, TILE_M, TILE_N]) -> float:
    # writes t through another function, and u itself
    modify_tile_no_return(t)
    u -= t
    return wp.tile_sum(t)[0]


@wp.func
def matmul_into(a: wp.tile[float, TILE_M, TILE_N], b: wp.tile[float, TILE_N, TILE_N],
                c: wp.tile[float, TILE_M, TILE_N]):
    wp.tile_matmul(a, b, c)


@wp.func
def cond_modify(t: wp.tile[float, TILE_M, TILE_N], k: int):
    if k > 0:
        t += wp.tile_ones(dtype=float, shape=(TILE_M, TILE_N)) * float(k)
    for _j in range(k):
        t -= wp.tile_ones(dtype=float, shape=(TILE_M, TILE_N)) * 0.25


@wp.kernel
def forward(a_in: wp.array2d[float], b_in: wp.array2d[float], k: int,
            o_scale: wp.array2d[float], o_pass: wp.array2d[float], o_add: wp.array2d[float],
            o_nest: wp.array2d[float], o_inpl_a: wp.array2d[float], o_inpl_r: wp.array2d[float],
            o_mod_shared: wp.array2d[float], o_mod_reg: wp.array2d[float], o_rebind: wp.array2d[float],
            o_set: wp.array2d[float], o_nested_t: wp.array2d[float], o_nested_u: wp.array2d[float],
            o_mm: wp.array2d[float], o_cond: wp.array2d[float], o_sums: wp.array[float]):
    i = wp.tid()
    ts = wp.tile_load(a_in, shape=(TILE_M, TILE_N), offset=(0, 0), storage="shared")
    tr = wp.tile_load(b_in, shape=(TILE_M, TILE_N), offset=(0, 0), storage="register")
    wp.tile_store(o_scale, scale_tile(tr))
    wp.tile_store(o_pass, pass_through_tile(ts))
    wp.tile_store(o_add, add_tiles(ts, tr))
    wp.tile_store(o_nest, scale_then_pass_through(ts))

    a = wp.tile_load(a_in, shape=(TILE_M, TILE_N), storage="shared")
    r = inplace_add_func(a, tr)
    wp.tile_store(o_inpl_a, a)
    wp.tile_store(o_inpl_r, r)

    m1 = wp.tile_load(a_in, shape=(TILE_M, TILE_N), storage="shared")
    modify_tile_no_return(m1)
    wp.tile_store(o_mod_shared, m1)
    m2 = wp.tile_load(b_in, shape=(TILE_M, TILE_N), storage="register")
    modify_tile_no_return(m2)
    wp.tile_store(o_mod_reg, m2)

    rb = wp.tile_load(a_in, shape=(TILE_M, TILE_N))
    o_sums[0] = rebind_only(rb)
    o_sums[2] = rebind_then_write(rb)
    wp.tile_store(o_rebind, rb)

    st = wp.tile_load(b_in, shape=(TILE_M, TILE_N), storage="shared")
    set_corner(st, o_sums[0])
    wp.tile_store(o_set, st)

    nt = wp.tile_load(a_in, shape=(TILE_M, TILE_N))
    nu = wp.tile_load(b_in, shape=(TILE_M, TILE_N))
    o_sums[1] = nested_modify(nt, nu)
    wp.tile_store(o_nested_t, nt)
    wp.tile_store(o_nested_u, nu)

    mb = wp.tile_load(b_in, shape=(TILE_N, TILE_N), storage="shared")
    mc = wp.tile_load(a_in, shape=(TILE_M, TILE_N), storage="shared")
    matmul_into(ts, mb, mc)
    matmul_into(ts, mb, mc)
    wp.tile_store(o_mm, mc)

    cd = wp.tile_load(a_in, shape=(TILE_M, TILE_N))
    cond_modify(cd, k)
    cond_modify(cd, k - 2)
    wp.tile_store(o_cond, cd)


_S = dict(a_in=(TILE_M, TILE_N), b_in=(TILE_M, TILE_N), o_sums=(3,))
for _n in ("o_scale", "o_pass", "o_add", "o_nest", "o_inpl_a", "o_inpl_r", "o_mod_shared", "o_mod_reg",
           "o_rebind", "o_set", "o_nested_t", "o_nested_u", "o_mm", "o_cond"):
    _S[_n] = (TILE_M, TILE_N)

TESTS = [
    dict(name="forward", kernel="forward", dim=1, block_dim=64,
         args=dict(a_in=("uniform", -2, 2), b_in=("uniform", -2, 2), k=3), shapes=_S),
    dict(name="forward_k1", kernel="forward", dim=1, block_dim=64,
         args=dict(a_in=("int", -3, 3), b_in=("int", -3, 3), k=1), shapes=_S),
]
