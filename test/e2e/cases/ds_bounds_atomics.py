"""Bounding boxes and extrema with atomics: the AABB of a point cloud
per group with atomic_min / atomic_max on vec3 arrays (component-wise),
the global max speed with atomic_max on a float array, min int key with
atomic_min on int64, and old values returned by atomic_add used as
unique slots (counting, exact)."""
import warp as wp


@wp.kernel
def bounds(p: wp.array(dtype=wp.vec3), v: wp.array(dtype=wp.vec3), group: wp.array(dtype=int),
           key: wp.array(dtype=wp.int64), lo: wp.array(dtype=wp.vec3), hi: wp.array(dtype=wp.vec3),
           vmax: wp.array(dtype=float), kmin: wp.array(dtype=wp.int64), count: wp.array(dtype=int)):
    i = wp.tid()
    g = group[i]
    wp.atomic_min(lo, g, p[i])
    wp.atomic_max(hi, g, p[i])
    wp.atomic_max(vmax, 0, wp.length(v[i]))
    wp.atomic_min(kmin, g, key[i])
    wp.atomic_add(count, g, 1)


TESTS = [
    dict(kernel="bounds", dim=5000,
         args=dict(p=("uniform", -10, 10), v=("uniform", -3, 3), group=("int", 0, 7),
                   key=("int", -(1 << 50), 1 << 50), lo=("full", 1.0e9), hi=("full", -1.0e9),
                   kmin=("full", 1 << 62)),
         shapes=dict(lo=(8,), hi=(8,), vmax=(1,), kmin=(8,), count=(8,)),
         outputs=["lo", "hi", "vmax", "kmin", "count"]),
]
