"""warp._src.X is the implementation of warp.X and names the same things
(newton imports `from warp._src.types import Any`); warp.types.X is
warp.X, imported by name too (`from warp.types import vector`); Any from
warp._src.types, either way, is typing.Any."""
import warp as wp
import warp._src.types as wt
from warp._src.types import Any
from warp._src.types import Any as TypesAny
from warp.types import vector as tvector


@wp.func
def square(x: Any) -> Any:
    return x * x


@wp.func
def twice(x: wp._src.types.Any) -> TypesAny:
    return x + x


@wp.func
def first(v: wt.vector(length=3, dtype=wp.float32)) -> float:
    return v[0]


@wp.kernel
def paths(a: wp.array(dtype=float), v: wt.array(dtype=wp._src.types.vec3), n: wp.array(dtype=int),
          out: wp.array(dtype=float), vout: wp.array(dtype=tvector(length=3, dtype=float))):
    i = wp.tid()
    out[i] = square(a[i]) + twice(a[i]) + first(v[i])
    vout[i] = twice(v[i])
    n[i] = square(n[i])


TESTS = [
    dict(kernel="paths", dim=8, args=dict(a=("uniform", -1, 1), v=("uniform", -1, 1), n=("int", -5, 5)),
         outputs=["out", "vout", "n"]),
]
