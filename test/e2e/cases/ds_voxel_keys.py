"""Voxelization keys on integer vectors: voxel coordinates as vec3i from
positions, wrap into a periodic hash table with vec3i bit operations
(&, |, ^, <<, >>, ~ on vectors), a spatial hash of the coordinates and
the 26-neighbourhood count of occupied voxels from a dense int grid."""
import warp as wp


@wp.kernel
def keys(p: wp.array(dtype=wp.vec3), h: float, cell: wp.array(dtype=wp.vec3i), masked: wp.array(dtype=wp.vec3i),
         mixed: wp.array(dtype=wp.vec3i), key: wp.array(dtype=int), grid: wp.array3d(dtype=int)):
    i = wp.tid()
    q = p[i] / h
    c = wp.vec3i(int(wp.floor(q[0])), int(wp.floor(q[1])), int(wp.floor(q[2])))
    cell[i] = c
    m = c & wp.vec3i(15, 15, 15)
    masked[i] = m
    mixed[i] = ((m << wp.vec3i(1, 2, 3)) | (m >> wp.vec3i(1, 1, 1))) ^ ~wp.vec3i(0, 1, 2)
    k = (c[0] * 73856093) ^ (c[1] * 19349663) ^ (c[2] * 83492791)
    key[i] = k & 1023
    wp.atomic_add(grid, m[0], m[1], m[2], 1)


@wp.kernel
def neighbours(grid: wp.array3d(dtype=int), count: wp.array3d(dtype=int)):
    i, j, k = wp.tid()
    s = int(0)
    for a in range(-1, 2):
        for b in range(-1, 2):
            for c in range(-1, 2):
                ii = (i + a + 16) % 16
                jj = (j + b + 16) % 16
                kk = (k + c + 16) % 16
                if grid[ii, jj, kk] > 0 and not (a == 0 and b == 0 and c == 0):
                    s += 1
    count[i, j, k] = s


TESTS = [
    dict(kernel="keys", dim=3000, args=dict(p=("uniform", -5, 5), h=0.37), shapes=dict(grid=(16, 16, 16)),
         outputs=["cell", "masked", "mixed", "key", "grid"]),
    dict(kernel="neighbours", dim=(16, 16, 16), args=dict(grid=("int", 0, 1)), outputs=["count"]),
]
