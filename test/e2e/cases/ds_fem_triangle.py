"""Linear-triangle FEM (2D StVK): rest-shape matrix Dm and its inverse
(mat22), deformation gradient F = Ds Dm^-1, Green strain
E = (F^T F - I) / 2, second Piola stress S = 2 mu E + lambda tr(E) I,
first Piola P = F S, element energy and nodal forces scattered with
atomic_add on vec2 (unordered: rtol 1e-4)."""
import warp as wp


@wp.kernel
def fem_forces(x: wp.array(dtype=wp.vec2), X: wp.array(dtype=wp.vec2), tris: wp.array(dtype=wp.vec3i), mu: float,
               lam: float, f: wp.array(dtype=wp.vec2), energy: wp.array(dtype=float)):
    t = wp.tid()
    i = tris[t][0]
    j = tris[t][1]
    k = tris[t][2]
    Dm = wp.mat22(X[j][0] - X[i][0], X[k][0] - X[i][0], X[j][1] - X[i][1], X[k][1] - X[i][1])
    area = 0.5 * wp.abs(wp.determinant(Dm))
    Dm_inv = wp.inverse(Dm)
    Ds = wp.mat22(x[j][0] - x[i][0], x[k][0] - x[i][0], x[j][1] - x[i][1], x[k][1] - x[i][1])
    F = Ds * Dm_inv
    I = wp.mat22(1.0, 0.0, 0.0, 1.0)
    E = (wp.transpose(F) * F - I) * 0.5
    trE = E[0, 0] + E[1, 1]
    S = E * (2.0 * mu) + I * (lam * trE)
    P = F * S
    psi = mu * (E[0, 0] * E[0, 0] + 2.0 * E[0, 1] * E[1, 0] + E[1, 1] * E[1, 1]) + 0.5 * lam * trE * trE
    energy[t] = psi * area
    H = P * wp.transpose(Dm_inv) * (-area)
    f1 = wp.vec2(H[0, 0], H[1, 0])
    f2 = wp.vec2(H[0, 1], H[1, 1])
    wp.atomic_add(f, j, f1)
    wp.atomic_add(f, k, f2)
    wp.atomic_sub(f, i, f1 + f2)


# a 6x6 vertex grid, two triangles per quad
NX = 6
VERTS = [[float(c) * 0.2, float(r) * 0.2] for r in range(NX) for c in range(NX)]
TRIS = []
for r in range(NX - 1):
    for c in range(NX - 1):
        a = r * NX + c
        TRIS.append([a, a + 1, a + NX + 1])
        TRIS.append([a, a + NX + 1, a + NX])
NT = len(TRIS)
TESTS = [
    dict(kernel="fem_forces", dim=NT,
         args=dict(x=[[v[0] * 1.1 + 0.05 * v[1], v[1] * 0.95] for v in VERTS], X=VERTS, tris=TRIS, mu=10.0, lam=5.0),
         shapes=dict(x=(NX * NX,), X=(NX * NX,), f=(NX * NX,)), outputs=["f", "energy"], rtol=1e-4, atol=1e-5),
]
