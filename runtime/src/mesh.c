/* mesh.c - wp_mesh (<warp/mesh.h>): triangles and a BVH over them. */
#include "bvh_internal.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

struct wp_mesh {
  wp_device device;
  wp_array points, indices, velocities; /* the user's arrays */
  int has_velocities;
  wpi_bvh_tree tree;
  wpi_bvh_dev dev;
  float *lo, *hi;         /* host triangle bounds, T x 3 each */
  float *d_lo, *d_hi;     /* the same on the device (== lo, hi on the CPU) */
  wp_int32 *host_indices; /* host copy of the indices (CUDA meshes) */
  wp_mesh_desc *desc;
  wp_mesh_desc host_desc; /* what desc holds */
};

static const wp_int32 *host_idx(const wp_mesh *m) {
  return m->device == WP_DEVICE_CPU ? (const wp_int32 *)m->indices.data
                                    : m->host_indices;
}

/* Triangle bounds from the points (host memory) into m->lo, m->hi. */
static wp_status tri_bounds(wp_mesh *m, const char *what) {
  wp_int32 np = (wp_int32)m->points.shape[0];
  wp_int32 nt = (wp_int32)(m->indices.shape[0] / 3);
  if (nt == 0)
    return WP_SUCCESS;
  float *owned = NULL;
  const float *p = m->points.data;
  if (m->device != WP_DEVICE_CPU) {
    owned = malloc((size_t)np * 3 * sizeof(float));
    if (!owned)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
    wp_status st = wpi_obj_copy(WP_DEVICE_CPU, owned, m->device, m->points.data,
                                (wp_size)np * 3 * sizeof(float), what);
    if (st != WP_SUCCESS) {
      free(owned);
      return st;
    }
    p = owned;
  }
  for (wp_int32 i = 0; i < 3 * np; i++)
    if (p[i] != p[i]) {
      free(owned);
      return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: point %d is NaN", what,
                          (int)(i / 3));
    }
  const wp_int32 *idx = host_idx(m);
  float sum = 0.0f; /* in float32 and in this order, as Warp sums */
  for (wp_int32 t = 0; t < nt; t++) {
    const float *v[3];
    for (int k = 0; k < 3; k++)
      v[k] = p + 3 * idx[3 * t + k];
    float len[3] = {0, 0, 0};
    static const int e[3][2] = {{0, 1}, {0, 2}, {2, 1}};
    for (int k = 0; k < 3; k++) {
      float s2 = 0.0f;
      for (int a = 0; a < 3; a++) {
        float d = v[e[k][0]][a] - v[e[k][1]][a];
        s2 += d * d;
      }
      len[k] = sqrtf(s2);
    }
    sum += len[0] + len[1] + len[2];
  }
  m->host_desc.average_edge_length = sum / (float)(nt * 3);
  for (wp_int32 t = 0; t < nt; t++)
    for (int a = 0; a < 3; a++) {
      float lo = p[3 * idx[3 * t] + a], hi = lo;
      for (int k = 1; k < 3; k++) {
        float v = p[3 * idx[3 * t + k] + a];
        lo = v < lo ? v : lo;
        hi = v > hi ? v : hi;
      }
      m->lo[3 * t + a] = lo;
      m->hi[3 * t + a] = hi;
    }
  free(owned);
  return WP_SUCCESS;
}

static wp_status upload_bounds(wp_mesh *m, const char *what) {
  if (m->device == WP_DEVICE_CPU)
    return WP_SUCCESS;
  wp_size bytes = (wp_size)m->tree.num_items * 3 * sizeof(float);
  wp_status st =
      wpi_obj_copy(m->device, m->d_lo, WP_DEVICE_CPU, m->lo, bytes, what);
  if (st == WP_SUCCESS)
    st = wpi_obj_copy(m->device, m->d_hi, WP_DEVICE_CPU, m->hi, bytes, what);
  return st;
}

static wp_status check_args(const wp_array *points, const wp_array *indices,
                            const wp_array *velocities, const wp_array *groups,
                            wp_int32 leaf_size, const char *what) {
  wp_status st =
      wpi_obj_check_array(points, WP_VEC3F, "vec3f", -1, what, "points");
  if (st == WP_SUCCESS)
    st = wpi_obj_check_array(indices, WP_INT32, "int32", points->device, what,
                             "indices");
  if (st == WP_SUCCESS && velocities)
    st = wpi_obj_check_array(velocities, WP_VEC3F, "vec3f", points->device,
                             what, "velocities");
  if (st == WP_SUCCESS && groups)
    st = wpi_obj_check_array(groups, WP_INT32, "int32", points->device, what,
                             "groups");
  if (st != WP_SUCCESS)
    return st;
  if (groups && groups->shape[0] * 3 != indices->shape[0])
    return wp_set_error(
        WP_ERROR_INVALID_VALUE, "%s: %lld groups for %lld triangles", what,
        (long long)groups->shape[0], (long long)indices->shape[0] / 3);
  if (indices->shape[0] % 3 != 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: indices has %lld entries, not a multiple of 3 "
                        "(three per triangle)",
                        what, (long long)indices->shape[0]);
  if (velocities && velocities->shape[0] != points->shape[0])
    return wp_set_error(
        WP_ERROR_INVALID_VALUE, "%s: %lld velocities for %lld points", what,
        (long long)velocities->shape[0], (long long)points->shape[0]);
  if (leaf_size < 1)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: leaf_size is %d, it must be at least 1", what,
                        (int)leaf_size);
  return wpi_check_device(points->device, what);
}

static wp_status build(wp_mesh *m, const wp_array *groups, wp_int32 leaf_size,
                       const char *what) {
  wp_int32 np = (wp_int32)m->points.shape[0];
  wp_int32 ni = (wp_int32)m->indices.shape[0], nt = ni / 3;
  wp_status st;
  if (m->device != WP_DEVICE_CPU && ni > 0) {
    m->host_indices = malloc((size_t)ni * sizeof(wp_int32));
    if (!m->host_indices)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
    st = wpi_obj_copy(WP_DEVICE_CPU, m->host_indices, m->device,
                      m->indices.data, (wp_size)ni * sizeof(wp_int32), what);
    if (st != WP_SUCCESS)
      return st;
  }
  const wp_int32 *idx = host_idx(m);
  for (wp_int32 i = 0; i < ni; i++)
    if (idx[i] < 0 || idx[i] >= np)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: indices[%d] = %d is not a point index (the "
                          "mesh has %d points)",
                          what, (int)i, (int)idx[i], (int)np);
  m->lo = calloc((size_t)nt * 3 + 1, sizeof(float));
  m->hi = calloc((size_t)nt * 3 + 1, sizeof(float));
  if (!m->lo || !m->hi)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  if ((st = tri_bounds(m, what)) != WP_SUCCESS)
    return st;
  wp_int32 *gowned = NULL;
  const wp_int32 *g = NULL;
  if ((st = wpi_host_groups(groups, &gowned, &g, what)) == WP_SUCCESS)
    st = wpi_bvh_build_grouped(&m->tree, m->lo, m->hi, g, nt, leaf_size, what);
  free(gowned);
  if (st != WP_SUCCESS)
    return st;
  if ((st = wpi_bvh_upload(&m->dev, &m->tree, m->device, what)) != WP_SUCCESS)
    return st;
  if (m->device == WP_DEVICE_CPU) {
    m->d_lo = m->lo;
    m->d_hi = m->hi;
  } else {
    wp_size bytes = (wp_size)nt * 3 * sizeof(float);
    if ((st = wpi_obj_alloc(m->device, bytes, (void **)&m->d_lo, what)) !=
            WP_SUCCESS ||
        (st = wpi_obj_alloc(m->device, bytes, (void **)&m->d_hi, what)) !=
            WP_SUCCESS ||
        (st = upload_bounds(m, what)) != WP_SUCCESS)
      return st;
  }
  if ((st = wpi_obj_alloc(m->device, sizeof(wp_mesh_desc), (void **)&m->desc,
                          what)) != WP_SUCCESS)
    return st;
  wp_mesh_desc d = m->host_desc;
  wpi_bvh_fill_desc(&d.bvh, &m->tree, &m->dev);
  d.bvh.item_lowers = m->d_lo;
  d.bvh.item_uppers = m->d_hi;
  d.points = m->points.data;
  d.velocities = m->has_velocities ? m->velocities.data : NULL;
  d.points_grad = m->points.grad;
  d.velocities_grad = m->has_velocities ? m->velocities.grad : NULL;
  d.indices = m->indices.data;
  d.num_points = np;
  d.num_tris = nt;
  m->host_desc = d;
  return wpi_obj_copy(m->device, m->desc, WP_DEVICE_CPU, &d, sizeof d, what);
}

wp_status wp_mesh_create(const wp_array *points, const wp_array *indices,
                         const wp_array *velocities, const wp_array *groups,
                         wp_int32 leaf_size, wp_mesh **out) {
  const char *what = "wp_mesh_create";
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out is NULL", what);
  *out = NULL;
  wp_status st =
      check_args(points, indices, velocities, groups, leaf_size, what);
  if (st != WP_SUCCESS)
    return st;
  wp_mesh *m = calloc(1, sizeof *m);
  if (!m)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: no memory", what);
  m->device = points->device;
  m->points = *points;
  m->indices = *indices;
  if (velocities) {
    m->velocities = *velocities;
    m->has_velocities = 1;
  }
  m->tree.root = -1;
  if ((st = build(m, groups, leaf_size, what)) != WP_SUCCESS) {
    wp_mesh_destroy(m);
    return st;
  }
  *out = m;
  return WP_SUCCESS;
}

wp_status wp_mesh_refit(wp_mesh *m) {
  const char *what = "wp_mesh_refit";
  if (!m)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: mesh is NULL", what);
  if (m->tree.num_items == 0)
    return WP_SUCCESS;
  wp_status st = tri_bounds(m, what);
  if (st != WP_SUCCESS)
    return st;
  wpi_bvh_refit(&m->tree, m->lo, m->hi);
  if ((st = upload_bounds(m, what)) != WP_SUCCESS ||
      (st = wpi_obj_copy(m->device, m->desc, WP_DEVICE_CPU, &m->host_desc,
                         sizeof m->host_desc, what)) != WP_SUCCESS)
    return st;
  return wpi_bvh_upload_nodes(&m->dev, &m->tree, what);
}

wp_status wp_mesh_support_winding_number(wp_mesh *m, wp_int32 on) {
  const char *what = "wp_mesh_support_winding_number";
  if (!m)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: mesh is NULL", what);
  m->host_desc.winding = on != 0;
  return wpi_obj_copy(m->device, m->desc, WP_DEVICE_CPU, &m->host_desc,
                      sizeof m->host_desc, what);
}

void wp_mesh_destroy(wp_mesh *m) {
  if (!m)
    return;
  wpi_obj_free(m->device, m->desc);
  if (m->device != WP_DEVICE_CPU) {
    wpi_obj_free(m->device, m->d_lo);
    wpi_obj_free(m->device, m->d_hi);
  }
  wpi_bvh_dev_free(&m->dev);
  wpi_bvh_tree_free(&m->tree);
  free(m->lo);
  free(m->hi);
  free(m->host_indices);
  free(m);
}

wp_uint64 wp_mesh_id(const wp_mesh *m) {
  return m ? (wp_uint64)(uintptr_t)m->desc : 0;
}

wp_device wp_mesh_device(const wp_mesh *m) {
  return m ? m->device : WP_DEVICE_CPU;
}
