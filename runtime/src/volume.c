/* volume.c - wp_volume: reading .nvdb files (header, grid metadata, raw or
 * zlib-compressed grids), loading a checked grid (volume_check.c) onto the
 * CPU or a CUDA device, the id and the grid's facts (<warp/volume.h>). */
#include "volume_internal.h"

#include <dlfcn.h>
#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../include/warp/volume.h"
#include "cuda_internal.h"

struct wp_volume {
  wp_device device;
  unsigned char *grid; /* the grid on `device` (CPU: 32-byte aligned) */
  wp_volume_desc *id;  /* the descriptor on `device` */
  wp_volume_desc desc; /* a host copy of it (grid: the device address) */
  unsigned char head[WPI_NVDB_GRID_SIZE + WPI_NVDB_TREE_SIZE]; /* host copy */
  unsigned char root_bbox[24];
};

/* ---- zlib, loaded on first use ------------------------------------------ */

typedef int (*uncompress_fn)(unsigned char *dst, unsigned long *dst_len,
                             const unsigned char *src, unsigned long src_len);

static struct {
  pthread_once_t once;
  uncompress_fn uncompress; /* written once, read-only afterwards */
  char error[256];
} Z = {.once = PTHREAD_ONCE_INIT};

static void load_zlib(void) {
  dlerror();
  void *lib = dlopen("libz.so.1", RTLD_NOW | RTLD_LOCAL);
  if (lib)
    Z.uncompress = (uncompress_fn)dlsym(lib, "uncompress");
  if (!Z.uncompress) {
    const char *e = dlerror();
    snprintf(Z.error, sizeof Z.error, "%s", e ? e : "uncompress not found");
  }
}

/* ---- the file format ---------------------------------------------------- */

enum {
  FILE_HEADER = 16,     /* magic, version, grid count, codec */
  FILE_METADATA = 176,  /* NanoVDB's FileMetaData */
  META_GRID_SIZE = 0,   /* u64: bytes of the grid */
  META_FILE_SIZE = 8,   /* u64: bytes of the grid in the file */
  META_NAME_SIZE = 136, /* u32: bytes of the name after the metadata */
  CODEC_NONE = 0,
  CODEC_ZIP = 1,
  CODEC_BLOSC = 2,
};

static wp_status load(const unsigned char *grid, wp_size size, wp_device device,
                      wp_volume **out, const char *what);

/* The bytes of a grid's data at `at` in the file image (`n` bytes) whose
 * metadata says `file`: raw, `file`; zip, a u64 chunk size and the zlib
 * stream, which NanoVDB's writer counts in `file` (chunk + 8 == file) and
 * warp-lang's Volume.save_to_nvdb does not (chunk == file): file + 8 then.
 * More than n - at when the data cannot be there. */
static wp_uint64 data_bytes(const unsigned char *p, wp_size n, wp_uint64 at,
                            wp_uint64 file, wp_uint32 codec) {
  if (codec != CODEC_ZIP || n - at < 8)
    return file;
  wp_uint64 chunk = wpi_rd64(p, at);
  return chunk == file && file <= n - at - 8 ? file + 8 : file;
}

/* Decodes grid `index` of the file image into a new 32-byte aligned
 * buffer (*grid, *gsz bytes). */
static wp_status read_file(const unsigned char *p, wp_size n, wp_uint32 index,
                           unsigned char **grid, wp_uint64 *gsz,
                           const char *what) {
  if (n < FILE_HEADER)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: %llu bytes are too few for a NanoVDB file "
                        "header (16)",
                        what, (unsigned long long)n);
  if (memcmp(p, "NanoVDB0", 8) && memcmp(p, "NanoVDB2", 8))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: not a NanoVDB file (no NanoVDB0/NanoVDB2 magic)",
                        what);
  wp_uint32 version = wpi_rd32(p, 8);
  wp_uint32 count = p[12] | (wp_uint32)p[13] << 8;
  wp_uint32 codec = p[14] | (wp_uint32)p[15] << 8;
  if (version >> 21 != 32)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: NanoVDB file version %u.%u is not supported "
                        "(major version 32 is)",
                        what, version >> 21, (version >> 10) & 0x7ffu);
  if (count == 0)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: the file has no grids",
                        what);
  if (codec == CODEC_BLOSC)
    return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                        "%s: blosc-compressed NanoVDB files are not supported "
                        "(save with codec none or zip)",
                        what);
  if (codec != CODEC_NONE && codec != CODEC_ZIP)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: unknown codec %u", what,
                        codec);
  /* the metadata of every grid, then the grids' data in the same order */
  wp_uint64 at = FILE_HEADER, first_size = 0, first_file = 0;
  for (wp_uint32 i = 0; i < count; i++) {
    if (n - at < FILE_METADATA)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: truncated NanoVDB file (metadata of grid %u)",
                          what, i);
    wp_uint32 name = wpi_rd32(p, at + META_NAME_SIZE);
    if (i == index) {
      first_size = wpi_rd64(p, at + META_GRID_SIZE);
      first_file = wpi_rd64(p, at + META_FILE_SIZE);
    }
    at += FILE_METADATA;
    if (name > n - at)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: truncated NanoVDB file (name of grid %u)", what,
                          i);
    at += name;
  }
  if (index >= count)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the file has %u grid%s, no grid %u", what, count,
                        count == 1 ? "" : "s", index);
  /* the grids before `index`: their data's bytes (second walk of the
     metadata, checked above) */
  wp_uint64 meta = FILE_HEADER;
  for (wp_uint32 i = 0; i < index; i++) {
    wp_uint64 region =
        data_bytes(p, n, at, wpi_rd64(p, meta + META_FILE_SIZE), codec);
    if (region > n - at)
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: truncated NanoVDB file (the grids before grid "
                          "%u)",
                          what, index);
    at += region;
    meta += FILE_METADATA + wpi_rd32(p, meta + META_NAME_SIZE);
  }
  if (data_bytes(p, n, at, first_file, codec) > n - at)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: truncated NanoVDB file: grid %u has %llu bytes, "
                        "%llu are left",
                        what, index, (unsigned long long)first_file,
                        (unsigned long long)(n - at));
  if (first_size < WPI_NVDB_GRID_SIZE + WPI_NVDB_TREE_SIZE ||
      (codec == CODEC_NONE && first_size > first_file))
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: bad grid size %llu in the file's metadata", what,
                        (unsigned long long)first_size);
  if (codec == CODEC_ZIP && first_size > (wp_uint64)first_file * 1032u + 64u)
    /* zlib expands by at most 1032:1: a bigger claim is corrupt, and
     * would make us allocate what the data cannot fill */
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: grid size %llu in the file's metadata is more "
                        "than its %llu compressed bytes can hold",
                        what, (unsigned long long)first_size,
                        (unsigned long long)first_file);
  unsigned char *g = aligned_alloc(32, (first_size + 31) & ~(wp_uint64)31);
  if (!g)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "%s: out of memory for a grid of %llu bytes", what,
                        (unsigned long long)first_size);
  if (codec == CODEC_NONE) {
    memcpy(g, p + at, first_size);
  } else {
    /* the chunk size: within the buffer, and the metadata's size as
       either writer counts it (data_bytes) */
    wp_uint64 chunk = n - at >= 8 ? wpi_rd64(p, at) : 0;
    if (n - at < 8 || chunk > n - at - 8 ||
        (chunk != first_file && chunk + 8 != first_file)) {
      free(g);
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: truncated NanoVDB file (zip chunk of grid %u)",
                          what, index);
    }
    pthread_once(&Z.once, load_zlib);
    if (!Z.uncompress) {
      free(g);
      return wp_set_error(WP_ERROR_SYSTEM,
                          "%s: the file is zip-compressed and zlib "
                          "(libz.so.1) cannot be loaded: %s",
                          what, Z.error);
    }
    unsigned long len = (unsigned long)first_size;
    int zs = Z.uncompress(g, &len, p + at + 8, (unsigned long)chunk);
    if (zs != 0 || len != first_size) {
      free(g);
      return wp_set_error(WP_ERROR_INVALID_VALUE,
                          "%s: corrupt zip data of grid %u (zlib status %d, "
                          "%lu of %llu bytes)",
                          what, index, zs, len, (unsigned long long)first_size);
    }
  }
  *grid = g;
  *gsz = first_size;
  return WP_SUCCESS;
}

/* ---- public API --------------------------------------------------------- */

wp_status wp_volume_load_buffer_grid(const void *data, wp_size size,
                                     wp_uint32 index, wp_device device,
                                     wp_volume **out) {
  const char *what = "wp_volume_load_buffer";
  if (out)
    *out = NULL;
  if (!data || !out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        data ? "out" : "data");
  unsigned char *g = NULL;
  wp_uint64 gsz = 0;
  wp_status st = read_file(data, size, index, &g, &gsz, what);
  if (st)
    return st;
  st = load(g, gsz, device, out, what);
  free(g);
  return st;
}

wp_status wp_volume_load_file_grid(const char *path, wp_uint32 index,
                                   wp_device device, wp_volume **out) {
  const char *what = "wp_volume_load_file";
  if (out)
    *out = NULL;
  if (!path || !out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        path ? "out" : "path");
  FILE *f = fopen(path, "rb");
  if (!f)
    return wp_set_error(WP_ERROR_SYSTEM, "%s: cannot open '%s': %s", what, path,
                        strerror(errno));
  unsigned char *buf = NULL;
  size_t len = 0, cap = 0;
  for (;;) {
    if (len == cap) {
      size_t ncap = cap ? cap * 2 : 1 << 16;
      unsigned char *nb = ncap > cap ? realloc(buf, ncap) : NULL;
      if (!nb) {
        free(buf);
        fclose(f);
        return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                            "%s: out of memory reading '%s'", what, path);
      }
      buf = nb;
      cap = ncap;
    }
    size_t r = fread(buf + len, 1, cap - len, f);
    len += r;
    if (r == 0)
      break;
  }
  int err = ferror(f) ? errno : 0;
  fclose(f);
  if (err) {
    free(buf);
    return wp_set_error(WP_ERROR_SYSTEM, "%s: cannot read '%s': %s", what, path,
                        strerror(err));
  }
  unsigned char *g = NULL;
  wp_uint64 gsz = 0;
  char pwhat[300];
  snprintf(pwhat, sizeof pwhat, "%s: '%s'", what, path);
  wp_status st = read_file(buf, len, index, &g, &gsz, pwhat);
  free(buf);
  if (st)
    return st;
  st = load(g, gsz, device, out, pwhat);
  free(g);
  return st;
}

wp_status wp_volume_load_buffer(const void *data, wp_size size,
                                wp_device device, wp_volume **out) {
  return wp_volume_load_buffer_grid(data, size, 0, device, out);
}

wp_status wp_volume_load_file(const char *path, wp_device device,
                              wp_volume **out) {
  return wp_volume_load_file_grid(path, 0, device, out);
}

wp_status wp_volume_load_grid(const void *grid, wp_size size, wp_device device,
                              wp_volume **out) {
  const char *what = "wp_volume_load_grid";
  if (out)
    *out = NULL;
  if (!grid || !out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: %s is NULL", what,
                        grid ? "out" : "grid");
  /* the checks read with memcpy: the caller's buffer may be misaligned;
     the volume gets an aligned copy */
  return load(grid, size, device, out, what);
}

/* Checks the grid (`size` bytes at `grid`, any alignment) and makes the
 * volume on `device` from an aligned copy of it. */
static wp_status load(const unsigned char *grid, wp_size size, wp_device device,
                      wp_volume **out, const char *what) {
  wp_volume_desc d = {0};
  wp_status st = wpi_volume_check(grid, size, &d, what);
  if (st)
    return st;
  if ((st = wpi_check_device(device, what)))
    return st;
  wp_volume *v = calloc(1, sizeof *v);
  if (!v)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory", what);
  v->device = device;
  memcpy(v->head, grid, sizeof v->head);
  memcpy(v->root_bbox, grid + d.root, sizeof v->root_bbox);
  wp_uint64 gsz = d.grid_size;
  if (device == WP_DEVICE_CPU) {
    v->grid = aligned_alloc(32, (gsz + 31) & ~(wp_uint64)31);
    v->id = malloc(sizeof *v->id);
    if (!v->grid || !v->id) {
      wp_volume_destroy(v);
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "%s: out of memory for a grid of %llu bytes", what,
                          (unsigned long long)gsz);
    }
    memcpy(v->grid, grid, gsz);
    d.grid = v->grid;
    *v->id = d;
  } else {
    void *dg = NULL, *dd = NULL;
    if ((st = wpi_cuda_alloc(device, gsz, &dg, what))) {
      free(v);
      return st;
    }
    v->grid = dg;
    if ((st = wpi_cuda_alloc(device, sizeof d, &dd, what))) {
      wp_volume_destroy(v);
      return st;
    }
    v->id = dd;
    d.grid = v->grid;
    if ((st = wpi_cuda_copy(device, dg, WP_DEVICE_CPU, grid, gsz, 0, NULL,
                            what)) ||
        (st = wpi_cuda_copy(device, dd, WP_DEVICE_CPU, &d, sizeof d, 0, NULL,
                            what))) {
      wp_volume_destroy(v);
      return st;
    }
  }
  v->desc = d;
  *out = v;
  return WP_SUCCESS;
}

void wp_volume_destroy(wp_volume *v) {
  if (!v)
    return;
  if (v->device == WP_DEVICE_CPU) {
    free(v->grid);
    free(v->id);
  } else {
    if (v->grid)
      wpi_cuda_free(v->device, v->grid);
    if (v->id)
      wpi_cuda_free(v->device, v->id);
  }
  free(v);
}

wp_uint64 wp_volume_id(const wp_volume *v) {
  return v ? (wp_uint64)(__UINTPTR_TYPE__)v->id : 0;
}

wp_device wp_volume_device(const wp_volume *v) {
  return v ? v->device : WP_DEVICE_CPU;
}

static double rd_double(const unsigned char *g, wp_uint64 off) {
  double x;
  memcpy(&x, g + off, sizeof x);
  return x;
}

wp_status wp_volume_get_info(const wp_volume *v, wp_volume_info *info) {
  if (!v || !info)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_volume_get_info: %s is NULL",
                        v ? "info" : "volume");
  const unsigned char *h = v->head;
  memset(info, 0, sizeof *info);
  memcpy(info->name, h + WPI_NVDB_OFF_NAME, WP_VOLUME_NAME_MAX - 1);
  info->grid_type = v->desc.grid_type;
  info->type_name = wpi_volume_type_name(v->desc.grid_type);
  info->grid_index = wpi_rd32(h, WPI_NVDB_OFF_GRID_INDEX);
  info->grid_count = wpi_rd32(h, WPI_NVDB_OFF_GRID_COUNT);
  info->grid_size = v->desc.grid_size;
  memcpy(info->index_to_world, h + WPI_NVDB_OFF_MAP, 36);
  memcpy(info->world_to_index, h + WPI_NVDB_OFF_MAP + 36, 36);
  memcpy(info->translation, h + WPI_NVDB_OFF_MAP + 72, 12);
  for (int i = 0; i < 3; i++) {
    info->voxel_size[i] = rd_double(h, WPI_NVDB_OFF_VOXEL_SIZE + 8u * i);
    info->world_bbox_min[i] = rd_double(h, WPI_NVDB_OFF_WORLD_BBOX + 8u * i);
    info->world_bbox_max[i] =
        rd_double(h, WPI_NVDB_OFF_WORLD_BBOX + 24u + 8u * i);
    info->index_bbox_min[i] = (wp_int32)wpi_rd32(v->root_bbox, 4u * i);
    info->index_bbox_max[i] = (wp_int32)wpi_rd32(v->root_bbox, 12u + 4u * i);
  }
  const unsigned char *t = h + WPI_NVDB_GRID_SIZE;
  info->active_voxel_count = wpi_rd64(t, 56);
  info->leaf_count = wpi_rd32(t, 32);
  info->lower_count = wpi_rd32(t, 36);
  info->upper_count = wpi_rd32(t, 40);
  info->voxel_count = info->grid_type == WP_VOLUME_ONINDEX ||
                              info->grid_type == WP_VOLUME_ONINDEXMASK
                          ? info->active_voxel_count
                          : (wp_uint64)info->leaf_count * 512u;
  info->root_tile_count = v->desc.tile_count;
  return WP_SUCCESS;
}
