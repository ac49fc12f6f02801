"""Boolean masks and selection: `not` on bool and integer values (the
unot family), wp.nonzero, unary plus, wp.where on vectors, counting mask
bits; bool arrays as inputs and outputs."""
import warp as wp


@wp.kernel
def masks(a: wp.array(dtype=bool), n: wp.array(dtype=int), u: wp.array(dtype=wp.uint8), x: wp.array(dtype=float),
          keep: wp.array(dtype=bool), code: wp.array(dtype=int), y: wp.array(dtype=wp.vec2)):
    i = wp.tid()
    b = a[i]
    k = n[i]
    nb = not b
    nk = not k
    nu = not u[i]
    keep[i] = nb or (nk and not nu)
    code[i] = int(nb) + 2 * int(nk) + 4 * int(nu) + 8 * int(wp.nonzero(x[i]) > 0.0)
    v = wp.vec2(+x[i], -x[i])
    y[i] = wp.where(nb, v, +wp.vec2(1.0, 2.0))


TESTS = [
    dict(kernel="masks", dim=500,
         args=dict(a=("bool", 0.5), n=("int", 0, 2), u=("int", 0, 1), x=("choice", [0.0, 1.5, -2.0])),
         outputs=["keep", "code", "y"]),
]
