"""Smooth vertex normals of a triangle mesh: area-weighted face normals
(cross products) scattered to the three vertices with atomic_add on
vec3, then normalized per vertex; face areas and a per-vertex
valence counted with integer atomics (the mesh is a displaced grid)."""
import warp as wp


@wp.kernel
def face_normals(x: wp.array(dtype=wp.vec3), tris: wp.array(dtype=wp.vec3i), vn: wp.array(dtype=wp.vec3),
                 area: wp.array(dtype=float), valence: wp.array(dtype=int)):
    t = wp.tid()
    f = tris[t]
    a = x[f[0]]
    n = wp.cross(x[f[1]] - a, x[f[2]] - a)
    area[t] = 0.5 * wp.length(n)
    for k in range(3):
        wp.atomic_add(vn, f[k], n)
        wp.atomic_add(valence, f[k], 1)


@wp.kernel
def normalize_normals(vn: wp.array(dtype=wp.vec3)):
    i = wp.tid()
    vn[i] = wp.normalize(vn[i])


NX = 12
VERTS = [[c * 0.1, 0.05 * ((r * 7 + c * 3) % 5), r * 0.1] for r in range(NX) for c in range(NX)]
TRIS = []
for r in range(NX - 1):
    for c in range(NX - 1):
        a = r * NX + c
        TRIS.append([a, a + NX, a + 1])
        TRIS.append([a + 1, a + NX, a + NX + 1])
TESTS = [
    dict(name="normals", dim=len(TRIS), arrays=dict(x=VERTS, tris=TRIS),
         shapes=dict(x=(NX * NX,), vn=(NX * NX,), valence=(NX * NX,)),
         launches=[dict(kernel="face_normals"), dict(kernel="normalize_normals", dim=NX * NX)],
         outputs=["vn", "area", "valence"], rtol=1e-4, atol=1e-5),
]
