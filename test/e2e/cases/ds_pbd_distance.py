"""Position-based dynamics: distance constraints solved Jacobi-style
(each constraint adds its correction and a count to its two particles
with atomic_add), then the averaged corrections are applied, with
inverse masses and a stiffness factor; float sums unordered (rtol 1e-4)."""
import warp as wp


@wp.kernel
def solve_distance(x: wp.array(dtype=wp.vec3), w: wp.array(dtype=float), edges: wp.array(dtype=wp.vec2i),
                   rest: wp.array(dtype=float), stiffness: float, delta: wp.array(dtype=wp.vec3),
                   count: wp.array(dtype=int)):
    e = wp.tid()
    a = edges[e][0]
    b = edges[e][1]
    d = x[a] - x[b]
    l = wp.length(d)
    wsum = w[a] + w[b]
    if l < 1.0e-6 or wsum == 0.0:
        return
    n = d / l
    c = l - rest[e]
    corr = n * (stiffness * c / wsum)
    wp.atomic_add(delta, a, -corr * w[a])
    wp.atomic_add(delta, b, corr * w[b])
    wp.atomic_add(count, a, 1)
    wp.atomic_add(count, b, 1)


@wp.kernel
def apply(x: wp.array(dtype=wp.vec3), delta: wp.array(dtype=wp.vec3), count: wp.array(dtype=int)):
    i = wp.tid()
    if count[i] > 0:
        x[i] = x[i] + delta[i] / float(count[i])
    delta[i] = wp.vec3()
    count[i] = 0


N = 64
EDGES = [[k, k + 1] for k in range(N - 1)] + [[k, (k * 7 + 3) % N] for k in range(N) if (k * 7 + 3) % N != k]
NE = len(EDGES)
TESTS = [
    dict(name="pbd", dim=NE,
         arrays=dict(x=("uniform", -1, 1), w=[0.0] + [1.0] * (N - 1), edges=EDGES, rest=("uniform", 0.2, 0.5)),
         shapes=dict(x=(N,), w=(N,), delta=(N,), count=(N,)),
         launches=[dict(kernel="solve_distance", args=dict(stiffness=0.8)), dict(kernel="apply", dim=N)],
         repeat=6, outputs=["x"], rtol=1e-4, atol=1e-5),
]
