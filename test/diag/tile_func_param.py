# Warp passes tiles (and tile stacks) to a @wp.func by reference; warpc
# passes them by copy-in/copy-out (the function returns the tiles it writes
# in place, the caller assigns them to its argument variables), so it
# refuses what that cannot express: two tile arguments of one call that are
# the same variable when the function writes one (Warp's references alias
# them), a written tile parameter whose argument is an expression or a
# view, and a parameter both written in place and bound to another tile
# (unless the binding comes first, in the function's body itself).
import warp as wp


@wp.func
def bump(t: wp.tile[float, 4], u: wp.tile[float, 4]):
    t += u
    return t


@wp.func
def both(t: wp.tile[float, 4]):
    t += wp.tile_ones(shape=4, dtype=float)
    t = t * 2.0
    return t


@wp.func
def both_later(t: wp.tile[float, 4], k: int):
    if k > 0:
        t = t * 2.0
    t += wp.tile_ones(shape=4, dtype=float)


@wp.func
def push(s: wp.tile_stack(capacity=4, dtype=int), v: int):
    wp.tile_stack_push(s, v, True)


@wp.kernel
def k(a: wp.array(dtype=float), b: wp.array2d(dtype=float)):
    i = wp.tid()
    t = wp.tile_load(a, shape=4)
    wp.tile_store(a, bump(t, t))
    wp.tile_store(a, bump(t * 2.0, t))
    m = wp.tile_load(b, shape=(2, 4))
    r = m[1]
    bump(r, t)
    both(t)
    both_later(t, 1)
    push(wp.tile_stack(capacity=4, dtype=int), 1)

# expect: 41:30: 't' is passed to 'bump' as both 't', which the function writes, and 'u': Warp's references would alias them, warpc passes tiles by copy-in/copy-out; pass distinct tiles
# expect: 42:27: 'bump' writes to its tile parameter 't' (Warp passes tiles by reference, so the caller's tile changes): warpc needs a tile variable as this argument, not an expression
# expect: 45:10: writing through a tile view is not supported by warpc yet (warpc holds views as copies): 'bump' writes to its tile parameter 't', and 'r' is a view
# expect: 21:5: tile parameter 't' of 'both' is both written in place (which Warp's caller sees: tiles are passed by reference) and bound to another tile here; warpc does not support both in one function: use a new name for the other tile
# expect: 29:5: tile parameter 't' of 'both_later' is both written in place (which Warp's caller sees: tiles are passed by reference) and bound to another tile here; warpc does not support both in one function: use a new name for the other tile
# expect: 48:10: 'push' writes to its tile stack parameter 's' (Warp passes tile stacks by reference, so the caller's tile stack changes): warpc needs a tile stack variable as this argument, not an expression
