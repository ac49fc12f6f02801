"""Arrays of structs whose elements hold their own arrays: the harness's
("per_element", shape, fill[, index_fill]) fill gives each element of the
struct array a wp.array field (1-D float, 2-D vec3) and a wp.indexedarray
field of its own, as Warp's test_tile_struct builds its payloads.  Kernels
read the elements' arrays (values, extents, the indexed view through its
indices), and a kernel that copies whole struct elements (reversed) must
carry the array descriptors along: the second launch reads the copies."""
import warp as wp


@wp.struct
class Payload:
    data: wp.array(dtype=float)
    pts: wp.array2d(dtype=wp.vec3)
    idx: wp.indexedarray[float]
    tag: wp.int32


@wp.kernel
def read_payloads(p: wp.array(dtype=Payload), sums: wp.array(dtype=float), shapes: wp.array(dtype=int),
                  tags: wp.array(dtype=int)):
    i = wp.tid()
    v = p[i]
    s = float(0.0)
    for k in range(v.data.shape[0]):
        s += v.data[k] * float(k + 1)
    for a in range(v.pts.shape[0]):
        for b in range(v.pts.shape[1]):
            s += wp.dot(v.pts[a, b], wp.vec3(1.0, 2.0, 3.0)) * float(a + 1)
    for k in range(v.idx.shape[0]):
        s += v.idx[k] * float(10 * (k + 1))
    sums[i] = s
    shapes[i] = v.data.shape[0] * 1000 + v.pts.shape[0] * 100 + v.pts.shape[1] * 10 + v.idx.shape[0]
    tags[i] = v.tag


@wp.kernel
def reverse_payloads(src: wp.array(dtype=Payload), dst: wp.array(dtype=Payload)):
    i = wp.tid()
    dst[i] = src[src.shape[0] - 1 - i]


PAYLOADS = dict(data=("per_element", (3,), ("uniform", -1.0, 1.0)),
                pts=("per_element", (2, 2), ("uniform", -2.0, 2.0)),
                idx=("per_element", (4,), ("arange", 0.5, 0.25), ("int", 0, 3)),
                tag=("int", -50, 50))
OUT = dict(sums=(6,), shapes=(6,), tags=(6,))

TESTS = [
    dict(kernel="read_payloads", dim=6, args=dict(p=PAYLOADS), shapes=dict(p=(6,), **OUT),
         outputs=["sums", "shapes", "tags"]),
    # the struct copies (dst) are compared too: their non-array fields
    dict(name="reverse_then_read", dim=6, shapes=dict(src=(6,), dst=(6,), **OUT),
         arrays=dict(src=PAYLOADS),
         launches=[dict(kernel="reverse_payloads"),
                   dict(kernel="read_payloads", args=dict(p="dst"))],
         outputs=["dst", "sums", "shapes", "tags"]),
]
