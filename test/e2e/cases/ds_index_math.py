"""Index arithmetic on flattened data: linear index to (i, j, k) with
integer / and % and back, strides from array shapes, a 3D array read
through its flat twin, floor division and modulo of negative offsets
(// and % on ints follow Warp: truncation), and a periodic
neighbour index."""
import warp as wp


@wp.kernel
def unflatten(a: wp.array3d(dtype=float), flat: wp.array(dtype=float), ijk: wp.array(dtype=wp.vec3i),
              same: wp.array(dtype=int), nb: wp.array(dtype=int), divs: wp.array2d(dtype=int)):
    t = wp.tid()
    n1 = a.shape[1]
    n2 = a.shape[2]
    i = t / (n1 * n2)
    r = t % (n1 * n2)
    j = r / n2
    k = r % n2
    ijk[t] = wp.vec3i(i, j, k)
    lin = (i * n1 + j) * n2 + k
    same[t] = int(a[i, j, k] == flat[lin]) + 2 * int(lin == t)
    off = (t % 11) - 5
    nb[t] = ((k + off) % n2 + n2) % n2
    divs[t, 0] = off // 3
    divs[t, 1] = off % 3
    divs[t, 2] = off / 3
    divs[t, 3] = (-off) // 4


TESTS = [
    dict(kernel="unflatten", dim=4 * 5 * 6,
         args=dict(a=("arange", 0, 1), flat=("arange", 0, 1)),
         shapes=dict(a=(4, 5, 6), flat=(120,), divs=(120, 4)), outputs=["ijk", "same", "nb", "divs"]),
]
