"""Several kernels launched in sequence over shared arrays: normalise a
signal, square it, prefix-difference it and accumulate a checksum."""
import warp as wp


@wp.kernel
def normalise(x: wp.array(dtype=float), lo: float, hi: float, y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = (x[i] - lo) / (hi - lo)


@wp.kernel
def square_inplace(y: wp.array(dtype=float)):
    i = wp.tid()
    y[i] = y[i] * y[i]


@wp.kernel
def difference(y: wp.array(dtype=float), d: wp.array(dtype=float)):
    i = wp.tid()
    if i == 0:
        d[i] = y[i]
    else:
        d[i] = y[i] - y[i - 1]


@wp.kernel
def quantise(d: wp.array(dtype=float), q: wp.array(dtype=int), checksum: wp.array(dtype=int)):
    i = wp.tid()
    k = int(wp.round(d[i] * 1000.0))
    q[i] = k
    wp.atomic_add(checksum, 0, k * (i % 13 + 1))


TESTS = [
    dict(name="chain", dim=2000,
         arrays=dict(signal=("uniform", -3, 3)),
         shapes=dict(checksum=(1,)),
         launches=[dict(kernel="normalise", args=dict(x="signal", lo=-3.0, hi=3.0, y="y")),
                   dict(kernel="square_inplace", args=dict(y="y")),
                   dict(kernel="difference", args=dict(y="y", d="d")),
                   dict(kernel="quantise", args=dict(d="d", q="q", checksum="checksum"))],
         outputs=["y", "d", "q", "checksum"]),
]
