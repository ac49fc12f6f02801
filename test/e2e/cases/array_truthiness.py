"""An array's truth value, as in Warp (`if loss:` for optional arrays, as in
warp-lang's example_tile_mlp): true when the array has data.  warp-lang's
arrays of no elements have no data, so they are false.  `not a`, `a and c`,
and `x if a else y` take it too.  (NULL arrays passed to
the launcher: test/cli/array_null_args.sh.)"""
import warp as wp


@wp.func
def count_into(a: wp.array(dtype=float), i: int):
    if a:
        a[i] = a[i] + 1.0


@wp.kernel
def optional_outputs(x: wp.array(dtype=float), loss: wp.array(dtype=float), out: wp.array(dtype=float),
                     flags: wp.array(dtype=int)):
    i = wp.tid()
    if loss:
        wp.atomic_add(loss, 0, x[i] * x[i])
    if out:
        out[i] = x[i] * 2.0
    f = 0
    if not loss:
        f += 1
    if not out:
        f += 2
    if out and x[i] > 0.0:
        f += 4
    f += 16 if loss else 32
    flags[i] = f
    count_into(x, i)


TESTS = [
    dict(kernel="optional_outputs", dim=8, args=dict(x=("uniform", -1, 1)),
         shapes=dict(loss=(1,), out=(8,)), outputs=["loss", "out", "flags", "x"], rtol=1e-5, atol=1e-6),
    dict(kernel="optional_outputs", dim=8, args=dict(x=("uniform", -1, 1)),
         shapes=dict(loss=(0,), out=(0,)), outputs=["flags", "x"]),
]
