#!/usr/bin/env bash
# wp.indexedarray parameters (1-d to 3-d, a dimension left unindexed, views
# a[i] and a func taking one, shape, stores, atomic_add / atomic_max) run
# through warpc give warp-lang 1.19.0's results on the same inputs; the
# backward kernel sends gradients to the base arrays' grads through the
# indices (warp-lang's tape has none for indexed arrays: the expected
# gradient is derived by hand, in float64).  wp_indexedarray_init and the
# launcher refuse bad index arrays, NULL and a wrong ndim.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >ia.py <<'PY'
import warp as wp


@wp.kernel
def update(a: wp.indexedarray(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a[i] * 2.0
    a[i] = a[i] + 1.0
    wp.atomic_add(a, i, 10.0)


@wp.func
def row_sum(r: wp.indexedarray(dtype=float)) -> float:
    s = float(0.0)
    for j in range(r.shape[0]):
        s += r[j]
    return s


@wp.kernel(enable_backward=False)  # warp-lang 1.19.0 cannot build its backward (row_sum's adjoint)
def views(a: wp.indexedarray2d(dtype=float), out: wp.array2d(dtype=float), n: wp.array(dtype=int)):
    i, j = wp.tid()
    row = a[i]
    out[i, j] = a[i, j] + row[j] * 100.0 + row_sum(row) * 1000.0
    if i == 0 and j == 0:
        n[0] = a.shape[0] * 10 + a.shape[1]
        n[1] = row.shape[0]


@wp.kernel(enable_backward=False)  # warp-lang 1.19.0 cannot build its backward (atomic_max's adjoint)
def fill3(a: wp.indexedarray[float, 3]):
    i, j, k = wp.tid()
    a[i, j, k] = float(i * 100 + j * 10 + k)
    wp.atomic_max(a, i, j, k, 250.0)


@wp.struct
class Holder:
    scale: float
    iarr: wp.indexedarray(dtype=float)


@wp.struct
class Nested:
    inner: Holder


@wp.kernel(enable_backward=False)
def in_struct(arg: Holder, n: Nested, out: wp.array(dtype=float)):
    i = wp.tid()
    arg.iarr[i] = arg.scale * arg.iarr[i]
    wp.atomic_add(n.inner.iarr, i, 1.0)
    out[i] = n.inner.iarr[i] + float(n.inner.iarr.shape[0])


@wp.kernel
def loss(a: wp.indexedarray(dtype=float), b: wp.indexedarray2d(dtype=wp.vec2), y: wp.array(dtype=float)):
    i = wp.tid()
    v = b[i, 1]
    y[i] = a[i] * a[i] * v[0] + wp.sin(a[i]) * v[1]
PY
cat >ref.py <<'PY'
# warp-lang's results for ia.py's kernels on fixed inputs, printed as main.c prints warpc's
import numpy as np
import warp as wp
import ia
wp.config.log_level = 40
wp.init()
def p(name, arr):
    print(name, " ".join(f"{x:.6g}" for x in np.asarray(arr).ravel()))
base = wp.array(np.arange(8, dtype=np.float32) * 0.5, dtype=float)
idx = wp.array(np.array([6, 1, 3], dtype=np.int32), dtype=wp.int32)
a = wp.indexedarray(base, [idx])
out = wp.zeros(3, dtype=float)
wp.launch(ia.update, dim=3, inputs=[a, out])
p("update.out", out.numpy()); p("update.base", base.numpy())
base2 = wp.array(np.arange(20, dtype=np.float32).reshape(4, 5), dtype=float)
i0 = wp.array(np.array([3, 0], dtype=np.int32), dtype=wp.int32)
i1 = wp.array(np.array([4, 2, 1], dtype=np.int32), dtype=wp.int32)
a2 = wp.indexedarray(base2, [i0, i1])
out2 = wp.zeros((2, 3), dtype=float); n = wp.zeros(2, dtype=int)
wp.launch(ia.views, dim=(2, 3), inputs=[a2, out2, n])
p("views.out", out2.numpy()); p("views.n", n.numpy())
base3 = wp.zeros((3, 3, 4), dtype=float)
j1 = wp.array(np.array([2, 0], dtype=np.int32), dtype=wp.int32)
a3 = wp.indexedarray(base3, [None, j1, None])
wp.launch(ia.fill3, dim=(3, 2, 4), inputs=[a3])
p("fill3.base", base3.numpy())
sb = wp.array(np.arange(6, dtype=np.float32), dtype=float)
si = wp.array(np.array([4, 1], dtype=np.int32), dtype=wp.int32)
h = ia.Holder(); h.scale = 3.0; h.iarr = wp.indexedarray(sb, [si])
nn = ia.Nested(); nn.inner = h
so = wp.zeros(2, dtype=float)
wp.launch(ia.in_struct, dim=2, inputs=[h, nn, so])
p("in_struct.out", so.numpy()); p("in_struct.base", sb.numpy())
ba = wp.array(np.linspace(-1, 1, 6, dtype=np.float32), dtype=float, requires_grad=True)
bb = wp.array(np.linspace(-2, 2, 24, dtype=np.float32).reshape(4, 3, 2), dtype=wp.vec2, requires_grad=True)
ia_ = wp.array(np.array([5, 0, 2, 2], dtype=np.int32), dtype=wp.int32)
ib = wp.array(np.array([1, 3, 0, 2], dtype=np.int32), dtype=wp.int32)
la = wp.indexedarray(ba, [ia_]); lb = wp.indexedarray(bb, [ib, None])
y = wp.zeros(4, dtype=float)
wp.launch(ia.loss, dim=4, inputs=[la, lb, y])
p("loss.y", y.numpy())
# warp-lang's tape has no gradient for indexed arrays ('indexedarray' object
# has no attribute 'grad'): the adjoint by hand, in float64, from
# y[i] = a*a*v0 + sin(a)*v1 with a = ba[ia[i]], v = bb[ib[i], 1]
seed = np.array([1.0, -0.5, 2.0, 0.25])
A = ba.numpy().astype(np.float64); B = bb.numpy().astype(np.float64)
ga = np.zeros_like(A); gb = np.zeros_like(B)
for i in range(4):
    a, v = A[ia_.numpy()[i]], B[ib.numpy()[i], 1]
    ga[ia_.numpy()[i]] += seed[i] * (2 * a * v[0] + np.cos(a) * v[1])
    gb[ib.numpy()[i], 1] += seed[i] * np.array([a * a, np.sin(a)])
p("loss.a.grad", ga); p("loss.b.grad", gb)
PY
cat >main.c <<'C'
/* ia.py's kernels through warpc, on the inputs of ref.py, printed as it
 * prints warp-lang's results. */
#include <stdio.h>
#include <warp/warp.h>
#include "ia.h"

static void p(const char *name, const float *x, int n) {
  printf("%s", name);
  for (int i = 0; i < n; i++)
    printf(" %.6g", x[i]);
  printf("\n");
}
static void pi(const char *name, const int *x, int n) {
  printf("%s", name);
  for (int i = 0; i < n; i++)
    printf(" %d", x[i]);
  printf("\n");
}
#define CHECK(x)                                                               \
  do {                                                                         \
    if ((x) != WP_SUCCESS) {                                                   \
      printf("%s: %s\n", #x, wp_last_error());                                 \
      return 1;                                                                \
    }                                                                          \
  } while (0)

static wp_array wrap(void *data, wp_dtype dt, int ndim, wp_int64 d0,
                     wp_int64 d1, wp_int64 d2) {
  wp_array a;
  wp_int64 shape[3] = {d0, d1, d2};
  if (wp_array_wrap(&a, data, dt, 0, ndim, shape, NULL, WP_DEVICE_CPU))
    printf("wrap: %s\n", wp_last_error());
  return a;
}

int main(void) {
  float b1[8], out1[3] = {0};
  for (int i = 0; i < 8; i++)
    b1[i] = 0.5f * (float)i;
  int x1[3] = {6, 1, 3};
  wp_array base = wrap(b1, WP_FLOAT32, 1, 8, 0, 0), ix = wrap(x1, WP_INT32, 1, 3, 0, 0);
  wp_array out = wrap(out1, WP_FLOAT32, 1, 3, 0, 0);
  const wp_array *idx1[1] = {&ix};
  wp_indexedarray a;
  CHECK(wp_indexedarray_init(&a, &base, idx1));
  CHECK(ia_update(&WP_LAUNCH_1D(3), &a, &out));
  p("update.out", out1, 3);
  p("update.base", b1, 8);

  float b2[20], out2[6] = {0};
  int n2[2] = {0}, r0[2] = {3, 0}, r1[3] = {4, 2, 1};
  for (int i = 0; i < 20; i++)
    b2[i] = (float)i;
  wp_array base2 = wrap(b2, WP_FLOAT32, 2, 4, 5, 0);
  wp_array i0 = wrap(r0, WP_INT32, 1, 2, 0, 0), i1 = wrap(r1, WP_INT32, 1, 3, 0, 0);
  wp_array o2 = wrap(out2, WP_FLOAT32, 2, 2, 3, 0), n = wrap(n2, WP_INT32, 1, 2, 0, 0);
  const wp_array *idx2[2] = {&i0, &i1};
  wp_indexedarray a2;
  CHECK(wp_indexedarray_init(&a2, &base2, idx2));
  CHECK(ia_views(&WP_LAUNCH_2D(2, 3), &a2, &o2, &n));
  p("views.out", out2, 6);
  pi("views.n", n2, 2);

  float b3[36] = {0};
  int j1[2] = {2, 0};
  wp_array base3 = wrap(b3, WP_FLOAT32, 3, 3, 3, 4), jx = wrap(j1, WP_INT32, 1, 2, 0, 0);
  const wp_array *idx3[3] = {NULL, &jx, NULL};
  wp_indexedarray a3;
  CHECK(wp_indexedarray_init(&a3, &base3, idx3));
  CHECK(ia_fill3(&WP_LAUNCH_3D(3, 2, 4), &a3));
  p("fill3.base", b3, 36);

  float sb[6] = {0, 1, 2, 3, 4, 5}, so[2] = {0};
  int si[2] = {4, 1};
  wp_array SB = wrap(sb, WP_FLOAT32, 1, 6, 0, 0), SI = wrap(si, WP_INT32, 1, 2, 0, 0);
  wp_array SO = wrap(so, WP_FLOAT32, 1, 2, 0, 0);
  const wp_array *sidx[1] = {&SI};
  wp_indexedarray sa;
  CHECK(wp_indexedarray_init(&sa, &SB, sidx));
  ia_Holder h;
  h.scale = 3.0f;
  h.iarr = wp_indexedarray_view(&sa);
  ia_Nested nn;
  nn.inner = h;
  CHECK(ia_in_struct(&WP_LAUNCH_1D(2), h, nn, &SO));
  p("in_struct.out", so, 2);
  p("in_struct.base", sb, 6);

  float ba[6], ga[6] = {0}, bb[24], gb[24] = {0}, y[4] = {0}, gy[4] = {1.0f, -0.5f, 2.0f, 0.25f};
  for (int i = 0; i < 6; i++) /* np.linspace(-1, 1, 6, dtype=float32) */
    ba[i] = (float)(-1.0 + 2.0 * i / 5.0);
  for (int i = 0; i < 24; i++)
    bb[i] = (float)(-2.0 + 4.0 * i / 23.0);
  int xa[4] = {5, 0, 2, 2}, xb[4] = {1, 3, 0, 2};
  wp_array BA = wrap(ba, WP_FLOAT32, 1, 6, 0, 0), BB = wrap(bb, WP_VEC2F, 2, 4, 3, 0);
  wp_array XA = wrap(xa, WP_INT32, 1, 4, 0, 0), XB = wrap(xb, WP_INT32, 1, 4, 0, 0);
  wp_array Y = wrap(y, WP_FLOAT32, 1, 4, 0, 0);
  CHECK(wp_array_set_grad(&BA, ga));
  CHECK(wp_array_set_grad(&BB, gb));
  CHECK(wp_array_set_grad(&Y, gy));
  const wp_array *ixa[1] = {&XA}, *ixb[2] = {&XB, NULL};
  wp_indexedarray la, lb;
  CHECK(wp_indexedarray_init(&la, &BA, ixa));
  CHECK(wp_indexedarray_init(&lb, &BB, ixb));
  CHECK(ia_loss(&WP_LAUNCH_1D(4), &la, &lb, &Y));
  p("loss.y", y, 4);
  CHECK(ia_loss_backward(&WP_LAUNCH_1D(4), &la, &lb, &Y));
  p("loss.a.grad", ga, 6);
  p("loss.b.grad", gb, 24);

  /* errors: a NULL index array of the wrong dtype, a NULL indexed array */
  const wp_array *bad[1] = {&base};
  wp_indexedarray z;
  printf("init float indices: %s\n", wp_status_string(wp_indexedarray_init(&z, &base, bad)));
  printf("launch NULL: %s\n", wp_status_string(ia_update(&WP_LAUNCH_1D(3), NULL, &out)));
  printf("launch 2-d as 1-d: %s\n", wp_status_string(ia_update(&WP_LAUNCH_1D(3), (const wp_indexedarray *)&a2, &out)));
  return 0;
}
C
python3 -c 'import sys; sys.path.insert(0, "."); exec(open("ref.py").read())' >ref.txt 2>ref.log ||
  fail "warp-lang failed: $(tail -5 ref.log)"
"$warpc" ia.py -o ia.o --no-cuda 2>warpc.log || fail "warpc failed: $(cat warpc.log)"
cc -std=c11 -Wall -Wextra -Werror main.c ia.o -I"$root/runtime/include" \
  -L"$root/build/lib" -lwarprt -lpthread -lm -ldl -o app || fail "link failed"
./app >got.txt || fail "app failed: $(cat got.txt)"
python3 - <<'PY' || fail "results differ from warp-lang's: $(cat got.txt)"
import sys
ref = dict(l.split(" ", 1) for l in open("ref.txt").read().splitlines())
got = dict(l.split(" ", 1) for l in open("got.txt").read().splitlines() if " " in l)
bad = 0
for k, v in ref.items():
    r = [float(x) for x in v.split()]
    g = [float(x) for x in got.get(k, "").split()]
    if len(r) != len(g) or any(abs(a - b) > 1e-6 + 1e-5 * abs(a) for a, b in zip(r, g)):
        print(f"{k}: warp {r}\n{k}: warpc {g}")
        bad += 1
sys.exit(1 if bad else 0)
PY
grep -qx "init float indices: WP_ERROR_INVALID_VALUE" got.txt || fail "float index array accepted"
grep -qx "launch NULL: WP_ERROR_INVALID_VALUE" got.txt || fail "NULL indexed array accepted"
grep -qx "launch 2-d as 1-d: WP_ERROR_NDIM_MISMATCH" got.txt || fail "wrong ndim accepted"
if command -v nvcc >/dev/null || [ -x /usr/local/cuda/bin/nvcc ]; then
  "$warpc" ia.py -o ia_cuda.o --cuda-arch sm_75 2>warpc.log || fail "CUDA build failed: $(cat warpc.log)"
fi
echo ok
