"""Double-precision spring network: forces accumulated with atomic_add
and atomic_sub on vec3d arrays, the total potential energy with
atomic_add on a float64 scalar array, and the per-node degree with an
int64 atomic counter."""
import warp as wp


@wp.kernel
def springs64(x: wp.array(dtype=wp.vec3d), e: wp.array(dtype=wp.vec2i), rest: wp.array(dtype=wp.float64),
              k: wp.float64, f: wp.array(dtype=wp.vec3d), energy: wp.array(dtype=wp.float64),
              degree: wp.array(dtype=wp.int64)):
    s = wp.tid()
    a = e[s][0]
    b = e[s][1]
    d = x[b] - x[a]
    l = wp.length(d)
    c = l - rest[s]
    fs = d * (k * c / l)
    wp.atomic_add(f, a, fs)
    wp.atomic_sub(f, b, fs)
    wp.atomic_add(energy, 0, wp.float64(0.5) * k * c * c)
    wp.atomic_add(degree, a, wp.int64(1))
    wp.atomic_add(degree, b, wp.int64(1))


N = 50
EDGES = [[i, (i * 13 + 7) % N] for i in range(N) if (i * 13 + 7) % N != i] + [[i, (i + 1) % N] for i in range(N)]
TESTS = [
    dict(kernel="springs64", dim=len(EDGES),
         args=dict(x=("uniform", -1, 1), e=EDGES, rest=("uniform", 0.5, 1.0), k=20.0),
         shapes=dict(x=(N,), f=(N,), degree=(N,), energy=(1,)), outputs=["f", "energy", "degree"],
         rtol=1e-12, atol=1e-12, note="float64 atomic sums in unspecified order: ~1e-15 relative"),
]
