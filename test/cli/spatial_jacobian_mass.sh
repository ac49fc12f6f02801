#!/usr/bin/env bash
# wp.spatial_jacobian and wp.spatial_mass (warp-lang 1.10.1 declares them
# but cannot compile a kernel that calls them, 1.19.0 has them no more, so
# the expected values are derived here from their definition; each call gets
# a warning saying so): J is (6 joint_count) x (dof count),
# row-major from J_start, column c of joint k's rows holding S[dof] for every
# dof of k and of its ancestors; M gets the 6x6 blocks I_s[joint_start + l]
# on its diagonal (row stride 6 joint_count) from M_start.  The backward
# kernels add the output grads back into S.grad and I_s.grad.  float32 and
# float64.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"
cat > sp.py <<'PY'
import warp as wp

@wp.kernel
def jac(S: wp.array(dtype=wp.spatial_vector), par: wp.array(dtype=int), qd: wp.array(dtype=int),
        start: int, J: wp.array(dtype=float)):
    wp.spatial_jacobian(S, par, qd, start, 3, 2, J)

@wp.kernel
def mass(I: wp.array(dtype=wp.spatial_matrix), M: wp.array(dtype=float)):
    wp.spatial_mass(I, 1, 2, 3, M)

@wp.kernel
def jac_d(S: wp.array(dtype=wp.spatial_vectord), par: wp.array(dtype=int), qd: wp.array(dtype=int),
          start: int, J: wp.array(dtype=wp.float64)):
    wp.spatial_jacobian(S, par, qd, start, 3, 2, J)

@wp.kernel
def mass_d(I: wp.array(dtype=wp.spatial_matrixd), M: wp.array(dtype=wp.float64)):
    wp.spatial_mass(I, 1, 2, 3, M)
PY
"$warpc" --no-cuda sp.py -o sp.o 2>warn.txt || fail "warpc: $(cat warn.txt)"
[ "$(grep -c "warning: wp.spatial_\(jacobian\|mass\) is gone from warp-lang 1.19" warn.txt)" = 4 ] ||
  fail "want a warning per call: $(cat warn.txt)"
cat > main.c <<'C'
#include <stdio.h>
#include "sp.h"
/* joints: 0 (root, 1 dof), 1 (child of 0, 2 dofs), 2 (child of 1, 0 dofs),
   3 (child of 0, 1 dof); the articulation is joints 0..2 (3 dofs) */
#define NJ (2 + 18 * 3)
#define NM (3 + 144)
#define RUN(T, DT, JK, MK)                                                     \
  {                                                                            \
    T s[4 * 6], gs[4 * 6] = {0}, j[NJ] = {0}, gj[NJ], is[3 * 36],              \
                gis[3 * 36] = {0}, m[NM] = {0}, gm[NM];                        \
    int par[4] = {-1, 0, 1, 0}, qd[5] = {0, 1, 3, 3, 4};                       \
    for (int i = 0; i < 24; i++)                                               \
      s[i] = (T)(i + 1);                                                       \
    for (int i = 0; i < NJ; i++)                                               \
      gj[i] = (T)(1000 + i);                                                   \
    for (int i = 0; i < 108; i++)                                              \
      is[i] = (T)(i + 1);                                                      \
    for (int i = 0; i < NM; i++)                                               \
      gm[i] = (T)(1000 + i);                                                   \
    wp_array as, ap, aq, aj, ai, am;                                           \
    wp_int64 n4 = 4, n5 = 5, nj = NJ, n3 = 3, nm = NM;                         \
    wp_array_wrap(&as, s, WP_VEC_DTYPE(DT, 6), 0, 1, &n4, NULL, WP_DEVICE_CPU); \
    wp_array_wrap(&ap, par, WP_INT32, 0, 1, &n4, NULL, WP_DEVICE_CPU);         \
    wp_array_wrap(&aq, qd, WP_INT32, 0, 1, &n5, NULL, WP_DEVICE_CPU);          \
    wp_array_wrap(&aj, j, WP_SCALAR_DTYPE(DT), 0, 1, &nj, NULL, WP_DEVICE_CPU); \
    wp_array_wrap(&ai, is, WP_MAT_DTYPE(DT, 6, 6), 0, 1, &n3, NULL,            \
                  WP_DEVICE_CPU);                                              \
    wp_array_wrap(&am, m, WP_SCALAR_DTYPE(DT), 0, 1, &nm, NULL, WP_DEVICE_CPU); \
    wp_array_set_grad(&as, gs);                                                \
    wp_array_set_grad(&aj, gj);                                                \
    wp_array_set_grad(&ai, gis);                                               \
    wp_array_set_grad(&am, gm);                                                \
    if (JK(&WP_LAUNCH_1D(1), &as, &ap, &aq, 0, &aj) ||                         \
        JK##_backward(&WP_LAUNCH_1D(1), &as, &ap, &aq, 0, &aj) ||              \
        MK(&WP_LAUNCH_1D(1), &ai, &am) ||                                      \
        MK##_backward(&WP_LAUNCH_1D(1), &ai, &am))                             \
      return puts(wp_last_error()), 1;                                         \
    for (int i = 0; i < NJ; i++)                                               \
      printf("%g ", (double)j[i]);                                             \
    printf("\n");                                                              \
    for (int i = 0; i < 24; i++)                                               \
      printf("%g ", (double)gs[i]);                                            \
    printf("\n");                                                              \
    for (int i = 0; i < NM; i++)                                               \
      printf("%g ", (double)m[i]);                                             \
    printf("\n");                                                              \
    for (int i = 0; i < 108; i++)                                              \
      printf("%g ", (double)gis[i]);                                           \
    printf("\n");                                                              \
  }
int main(void) {
  RUN(float, WP_SCALAR_FLOAT32, sp_jac, sp_mass)
  RUN(double, WP_SCALAR_FLOAT64, sp_jac_d, sp_mass_d)
  return 0;
}
C
cc -std=c11 -I"$WARPC_ROOT/runtime/include" main.c sp.o "$WARPC_ROOT/build/lib/libwarprt.a" -lpthread -lm -o app
./app > got.txt || fail "run: $(cat got.txt)"
python3 - <<'PY' > want.txt
# the definition, written out: joints 0..2, parents -1, 0, 1; dofs [0,1), [1,3), [3,3)
s = [[6 * k + r + 1 for r in range(6)] for k in range(4)]
J = [0.0] * (2 + 18 * 3)
gs = [0.0] * 24
gj = [1000.0 + i for i in range(len(J))]
chain = {0: [0], 1: [1, 0], 2: [2, 1, 0]}
dofs = {0: [0], 1: [1, 2], 2: []}
for i in range(3):
    for k in chain[i]:
        for col in dofs[k]:
            for r in range(6):
                at = 2 + (6 * i + r) * 3 + col
                J[at] = s[col][r]
                gs[6 * col + r] += gj[at]
M = [0.0] * (3 + 144)
gi = [0.0] * 108
gm = [1000.0 + i for i in range(len(M))]
for l in range(2):
    for r in range(6):
        for c in range(6):
            at = 3 + (6 * l + r) * 12 + 6 * l + c
            M[at] = 36 * (1 + l) + 6 * r + c + 1
            gi[36 * (1 + l) + 6 * r + c] += gm[at]
g = lambda xs: " ".join("%g" % x for x in xs) + " "
for _ in range(2):
    print(g(J)); print(g(gs)); print(g(M)); print(g(gi))
PY
diff want.txt got.txt > /dev/null || fail "values differ: $(diff want.txt got.txt | head -5)"
echo ok
