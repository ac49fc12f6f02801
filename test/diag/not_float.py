# `not` of a float: warp-lang 1.19.0 has no unot overload for float32 or
# float64 ("Couldn't find function overload for 'unot'"); `and` / `or` of
# floats and `not` of integers and bools compile.  (warpc took `not x` of a
# float before, found writing e2e.fold_scalar_ops, issue 18.)
import warp as wp


@wp.kernel
def k(out: wp.array(dtype=int), x: wp.array(dtype=float), d: wp.array(dtype=wp.float64)):
    i = wp.tid()
    out[i] = int(not x[i])
    out[i] = int(not d[i]) + int(not i) + int(not (x[i] > 0.0)) + int(x[i] and d[i])

# expect: 11:18: no overload of 'not' for argument types (float32)
# expect: 12:18: no overload of 'not' for argument types (float64)
