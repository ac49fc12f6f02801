/* fake_bvh_mesh.c - wp_bvh and wp_mesh made from CUDA arrays on the fake
 * driver: the tree built on the host and copied to the device matches the
 * one built from the same CPU arrays, refit copies the new bounds, errors,
 * and every allocation is freed. */
#include "fixture.h"

#include <string.h>

/* Copies `bytes` of device memory at `p` to `out` (through arrays). */
static int read_device(void *out, const void *p, wp_int64 bytes) {
  wp_array d, h;
  if (wp_array_wrap(&d, (void *)p, WP_UINT8, 0, 1, &bytes, NULL, CUDA0) !=
      WP_SUCCESS)
    return 0;
  if (wp_array_wrap(&h, out, WP_UINT8, 0, 1, &bytes, NULL, WP_DEVICE_CPU) !=
      WP_SUCCESS)
    return 0;
  return wp_array_copy(&h, &d) == WP_SUCCESS;
}

static wp_array upload(const void *data, wp_dtype dt, wp_int64 n) {
  wp_array h, d;
  CHECK(wp_array_wrap(&h, (void *)data, dt, 0, 1, &n, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_alloc(&d, dt, 0, 1, &n, 0, CUDA0) == WP_SUCCESS);
  CHECK(wp_array_copy(&d, &h) == WP_SUCCESS);
  return d;
}

void test_fake_bvh_mesh(void) {
  enum { NX = 6, NP = NX * NX, NT = 2 * (NX - 1) * (NX - 1) };
  float pts[NP * 3];
  wp_int32 idx[NT * 3];
  for (int i = 0; i < NP; i++) {
    pts[3 * i] = (float)(i % NX);
    pts[3 * i + 1] = (float)(i / NX);
    pts[3 * i + 2] = 0.1f * (float)((i * 7) % 5);
  }
  int t = 0;
  for (int y = 0; y + 1 < NX; y++)
    for (int x = 0; x + 1 < NX; x++) {
      int a = y * NX + x;
      wp_int32 tri[6] = {a, a + 1, a + NX + 1, a, a + NX + 1, a + NX};
      memcpy(idx + 6 * t++, tri, sizeof tri);
    }
  fakecuda_stats s0 = stats();
  wp_array dp = upload(pts, WP_VEC3F, NP), di = upload(idx, WP_INT32, 3 * NT);
  wp_int64 np = NP, ni = 3 * NT;
  wp_array hp, hi;
  CHECK(wp_array_wrap(&hp, pts, WP_VEC3F, 0, 1, &np, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);
  CHECK(wp_array_wrap(&hi, idx, WP_INT32, 0, 1, &ni, NULL, WP_DEVICE_CPU) ==
        WP_SUCCESS);

  wp_mesh *dm = NULL, *hm = NULL;
  CHECK(wp_mesh_create(&dp, &di, NULL, NULL, 2, &dm) == WP_SUCCESS);
  CHECK(wp_mesh_create(&hp, &hi, NULL, NULL, 2, &hm) == WP_SUCCESS);
  CHECK(wp_mesh_device(dm) == CUDA0);
  const wp_mesh_desc *h = (const wp_mesh_desc *)wp_mesh_id(hm);
  wp_mesh_desc d;
  CHECK(read_device(&d, (const void *)wp_mesh_id(dm), sizeof d));
  CHECK(d.num_tris == NT && d.num_points == NP && d.bvh.root == h->bvh.root);
  CHECK(d.bvh.num_nodes == h->bvh.num_nodes && d.points == dp.data &&
        d.indices == di.data && d.velocities == NULL);
  static wp_bvh_node nodes[2 * NT];
  CHECK(read_device(nodes, d.bvh.nodes,
                    (wp_int64)sizeof(wp_bvh_node) * d.bvh.num_nodes));
  CHECK(memcmp(nodes, h->bvh.nodes,
               sizeof(wp_bvh_node) * (size_t)d.bvh.num_nodes) == 0);

  /* refit after the points move on the device: the root's box follows */
  for (int i = 0; i < NP; i++)
    pts[3 * i + 2] += 5.0f;
  wp_array moved = upload(pts, WP_VEC3F, NP);
  CHECK(wp_array_copy(&dp, &moved) == WP_SUCCESS);
  CHECK(wp_mesh_refit(dm) == WP_SUCCESS);
  CHECK(read_device(nodes, d.bvh.nodes,
                    (wp_int64)sizeof(wp_bvh_node) * d.bvh.num_nodes));
  CHECK(nodes[d.bvh.root].lower[2] >= 5.0f);

  /* a BVH over device boxes */
  wp_bvh *bvh = NULL;
  CHECK(wp_bvh_create(&dp, &dp, NULL, 1, &bvh) == WP_SUCCESS);
  wp_bvh_desc bd;
  CHECK(read_device(&bd, (const void *)wp_bvh_id(bvh), sizeof bd));
  CHECK(bd.num_items == NP && bd.item_lowers == dp.data);
  CHECK(wp_bvh_refit(bvh) == WP_SUCCESS);
  wp_bvh_destroy(bvh);

  /* arrays on two devices */
  wp_mesh *m2 = NULL;
  CHECK_ERR(wp_mesh_create(&dp, &hi, NULL, NULL, 1, &m2),
            WP_ERROR_DEVICE_MISMATCH, "indices is on another device");
  /* an index out of range, found in the host copy */
  idx[4] = NP;
  wp_array bad = upload(idx, WP_INT32, 3 * NT);
  CHECK_ERR(wp_mesh_create(&dp, &bad, NULL, NULL, 1, &m2),
            WP_ERROR_INVALID_VALUE, "indices[4] = 36 is not a point index");
  CHECK(m2 == NULL);
  wp_mesh_destroy(hm);
  wp_mesh_destroy(dm);
  wp_array_free(&bad);
  wp_array_free(&moved);
  wp_array_free(&dp);
  wp_array_free(&di);
  CHECK(stats().live_allocs == s0.live_allocs); /* nothing leaked */
}
