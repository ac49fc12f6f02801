"""Gradients through struct parameters whose fields are arrays (the reads
`m.w[i]` accumulate into the field array's grad, as a kernel-argument array
would) and through struct values built, updated and passed to and returned
from @wp.funcs (member-wise adjoints of constructors, field reads and
writes, `p.b.x += ...` on a nested vector field).

`pure` only constructs, passes and returns structs and matches warp-lang.
`mutate` assigns fields of struct locals; warp-lang 1.10.1 updates struct
locals in place and its adjoints of those assignments are wrong: all zero
for a default-constructed `Pair()` whose fields are then assigned, the
overwritten value's contribution missing for `p.b.x += p.a` and
`q.a = wp.sin(q.a)`.  1.19.0 gets w and v right, bias and x still wrong
(warp_wrong=["bias", "x"]; warpc matches finite differences)."""
import warp as wp


@wp.struct
class Model:
    w: wp.array(dtype=float)
    bias: wp.array(dtype=wp.vec2)
    scale: float


@wp.struct
class Pair:
    a: float
    b: wp.vec2


@wp.func
def make_pair(x: float, v: wp.vec2) -> Pair:
    return Pair(x * x, v * x)


@wp.func
def pair_score(p: Pair, m: Model, i: int) -> float:
    return p.a * m.w[i] + wp.dot(p.b, m.bias[i]) * m.scale


@wp.kernel
def mutate(m: Model, x: wp.array(dtype=float), v: wp.array(dtype=wp.vec2), out: wp.array(dtype=float)):
    i = wp.tid()
    p = make_pair(x[i], v[i])
    p.b.x += p.a
    q = Pair()
    q.a = wp.sin(p.a)
    q.b = p.b
    out[i] = pair_score(q, m, i)


@wp.kernel
def pure(m: Model, x: wp.array(dtype=float), v: wp.array(dtype=wp.vec2), out: wp.array(dtype=float)):
    i = wp.tid()
    p = make_pair(x[i], v[i])
    out[i] = pair_score(p, m, i) + m.w[i] * m.scale


@wp.struct
class Model64:
    w: wp.array(dtype=wp.float64)
    bias: wp.array(dtype=wp.vec2d)
    scale: wp.float64


@wp.struct
class Pair64:
    a: wp.float64
    b: wp.vec2d


@wp.func
def make_pair64(x: wp.float64, v: wp.vec2d) -> Pair64:
    return Pair64(x * x, v * x)


@wp.func
def pair_score64(p: Pair64, m: Model64, i: int) -> wp.float64:
    return p.a * m.w[i] + wp.dot(p.b, m.bias[i]) * m.scale


@wp.kernel
def pure_f64(m: Model64, x: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec2d),
             out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = make_pair64(x[i], v[i])
    out[i] = pair_score64(p, m, i) + m.w[i] * m.scale


@wp.kernel
def mutate_f64(m: Model64, x: wp.array(dtype=wp.float64), v: wp.array(dtype=wp.vec2d),
              out: wp.array(dtype=wp.float64)):
    i = wp.tid()
    p = make_pair64(x[i], v[i])
    p.b.x += p.a
    q = Pair64()
    q.a = wp.sin(p.a)
    q.b = p.b
    out[i] = pair_score64(q, m, i)


GRAD_TESTS = [
    dict(name="pure", kernel="pure", dim=8,
         args=dict(m=dict(w="w", bias="bias", scale=0.7), x=("uniform", -1, 1), v=("uniform", -1, 1)),
         arrays=dict(w=("uniform", -1, 1), bias=("uniform", -1, 1)),
         outputs=["out"], inputs=["w", "bias", "x", "v"]),
    dict(name="mutate", kernel="mutate", dim=8,
         args=dict(m=dict(w="w", bias="bias", scale=0.7), x=("uniform", -1, 1), v=("uniform", -1, 1)),
         arrays=dict(w=("uniform", -1, 1), bias=("uniform", -1, 1)),
         outputs=["out"], inputs=["w", "bias", "x", "v"], warp_wrong=["bias", "x"]),
]
