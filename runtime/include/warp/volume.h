/* warp/volume.h - sparse volumes (wp.Volume): NanoVDB grids loaded from a
 * .nvdb file or a memory buffer onto the CPU or a CUDA device, and the
 * wp_uint64 id that kernels pass to the volume_* builtins.
 *
 * Formats (NanoVDB, https://github.com/AcademySoftwareFoundation/openvdb,
 * nanovdb/NanoVDB.h and nanovdb/io/IO.h, major version 32):
 *  - a .nvdb file: a 16-byte header (magic "NanoVDB0" or "NanoVDB2", u32
 *    version, u16 grid count, u16 codec), one 176-byte FileMetaData and the
 *    grid's name per grid, then the grids' bytes: raw (codec 0) or, for
 *    codec 1 (zip), per grid a u64 byte count followed by a zlib stream
 *    (the metadata's size of the grid in the file counts both, as NanoVDB
 *    writes it, or the stream only, as warp-lang's Volume.save_to_nvdb
 *    writes it: both are read).
 *    Blosc (codec 2) is refused (WP_ERROR_NOT_SUPPORTED).  Only the first
 *    segment of a file is read; the volume is its first grid, as
 *    warp-lang's Volume.load_from_nvdb makes it, or the grid asked for
 *    (wp_volume_load_*_grid, warp-lang's Volume.load_next_grid).  zlib is
 * loaded with dlopen (libz.so.1) when a zip-compressed file is read: nothing to
 * link.
 *  - a grid: NanoVDB's in-memory GridData (672 bytes), TreeData (64 bytes),
 *    the root node with its tile table, then the upper (32^3), lower (16^3)
 *    and leaf (8^3) nodes, each kind stored contiguously.
 *
 * Every offset and size of the input is checked against the buffer before
 * the grid is used: a truncated or corrupt buffer gives WP_ERROR_INVALID_VALUE
 * with a message naming what is wrong, never a read out of bounds; child
 * pointers must land on a node of the next level (so kernels walk the tree
 * without checks).  Value types (NanoVDB GridType): float, double, int32,
 * int64, uint32, Vec3f, Vec3d, Vec4f, Vec4d and the index grids (Index,
 * OnIndex, IndexMask, OnIndexMask); others (quantized Fp*, Half, bool,
 * masks, point grids) give WP_ERROR_NOT_SUPPORTED.
 *
 * On a CUDA device the checked grid is uploaded (one allocation) with its
 * descriptor (wp_volume_desc of <warp/abi.h>); the id is the descriptor's
 * device address.  Kernels may write voxel values (volume_store_*), never
 * the topology. */
#ifndef WARP_VOLUME_H
#define WARP_VOLUME_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* NanoVDB GridType values of the grids the runtime loads. */
enum {
  WP_VOLUME_FLOAT = 1,
  WP_VOLUME_DOUBLE = 2,
  WP_VOLUME_INT32 = 4,
  WP_VOLUME_INT64 = 5,
  WP_VOLUME_VEC3F = 6,
  WP_VOLUME_VEC3D = 7,
  WP_VOLUME_UINT32 = 10,
  WP_VOLUME_VEC4F = 17,
  WP_VOLUME_VEC4D = 18,
  WP_VOLUME_INDEX = 19,
  WP_VOLUME_ONINDEX = 20,
  WP_VOLUME_INDEXMASK = 21,
  WP_VOLUME_ONINDEXMASK = 22,
};

/* Longest grid name, with its NUL (NanoVDB's MaxNameSize). */
#define WP_VOLUME_NAME_MAX 256

typedef struct wp_volume wp_volume;

/* Facts about a loaded grid (wp_volume_info). */
typedef struct wp_volume_info {
  char name[WP_VOLUME_NAME_MAX]; /* the grid's name, NUL-terminated */
  const char *type_name;         /* warp-lang's type_str: "float", "Vec3f",
                                    "int32", "OnIndex", ... (static string) */
  wp_uint32 grid_type;           /* WP_VOLUME_* */
  wp_uint32 grid_index;          /* the grid's index in its file */
  wp_uint32 grid_count;          /* grids in the file the grid came from */
  wp_uint64 grid_size;           /* bytes of the grid */
  double voxel_size[3];          /* world units per voxel along x, y, z */
  /* index -> world: world = index_to_world * ijk + translation (row-major
   * 3x3); world_to_index is its inverse's matrix (float32, as kernels use) */
  float index_to_world[9];
  float world_to_index[9];
  float translation[3];
  double world_bbox_min[3], world_bbox_max[3];
  wp_int32 index_bbox_min[3], index_bbox_max[3]; /* inclusive, voxels */
  wp_uint64 active_voxel_count; /* NanoVDB's TreeData voxel count */
  wp_uint64 voxel_count; /* warp-lang's get_voxel_count: the active voxels
                            of On* index grids, else 512 per leaf */
  wp_uint32 leaf_count, lower_count, upper_count; /* nodes per level */
  wp_uint32 root_tile_count;                      /* root table entries */
} wp_volume_info;

/* Loads the first grid of the .nvdb file image `data` (`size` bytes; the
 * caller keeps ownership) onto `device` (WP_DEVICE_CPU or a CUDA device)
 * and sets *out to a new volume that the caller frees with
 * wp_volume_destroy.  Errors: WP_ERROR_INVALID_VALUE (NULL data or out, a
 * bad or truncated header, a corrupt zlib stream, a grid that fails the
 * checks above), WP_ERROR_NOT_SUPPORTED (blosc, a NanoVDB major version
 * other than 32, an unsupported grid type), WP_ERROR_SYSTEM (zlib cannot
 * be loaded), WP_ERROR_OUT_OF_MEMORY, WP_ERROR_NO_DEVICE / WP_ERROR_CUDA
 * (the device).  *out is NULL on failure. */
wp_status wp_volume_load_buffer(const void *data, wp_size size,
                                wp_device device, wp_volume **out);

/* wp_volume_load_buffer of the file at `path`.  Also WP_ERROR_SYSTEM when
 * the file cannot be read (the message names the file and errno's text). */
wp_status wp_volume_load_file(const char *path, wp_device device,
                              wp_volume **out);

/* wp_volume_load_buffer / _file of grid `index` (from 0) of the file, as
 * warp-lang's Volume.load_next_grid reaches it.  Also
 * WP_ERROR_INVALID_VALUE when the file has no grid `index`. */
wp_status wp_volume_load_buffer_grid(const void *data, wp_size size,
                                     wp_uint32 index, wp_device device,
                                     wp_volume **out);
wp_status wp_volume_load_file_grid(const char *path, wp_uint32 index,
                                   wp_device device, wp_volume **out);

/* Loads a NanoVDB grid already in memory (`grid`: the GridData's first
 * byte, `size` bytes available; not a file), as warp-lang's
 * Volume.load_from_address.  The grid is copied.  Errors as
 * wp_volume_load_buffer. */
wp_status wp_volume_load_grid(const void *grid, wp_size size, wp_device device,
                              wp_volume **out);

/* Builds a volume from voxels, as warp-lang's Volume.allocate_by_voxels
 * does from index-space points: an OnIndex grid (WP_VOLUME_ONINDEX, no
 * values of its own: kernels read voxel data arrays through
 * volume_sample_index / volume_lookup_index) whose active voxels are the
 * distinct (i, j, k) of `ijk` (`count` triples of int32, row-major count x
 * 3, caller-owned; repeats are allowed; count 0 makes an empty grid).
 * index -> world: world = voxel_size * ijk + translation per axis
 * (`voxel_size`: 3 positive finite values, NULL for 1; `translation`: 3
 * finite values, NULL for 0; both rounded to float32, as warp-lang keeps
 * a grid's transform).  The voxels are numbered (volume_lookup_index)
 * in warp-lang's order: by 4096^3 block (ordered by the block's x, then
 * y, then z), inside one by 128^3 block, then by 8^3 block, then by voxel,
 * each level ordered by x, then y, then z.  Built on the CPU by
 * runtime/src/volume_build.c (NanoVDB's layout, as described above) and then
 * loaded onto `device` as wp_volume_load_grid does; free with
 * wp_volume_destroy.  Each distinct 4096^3 block costs an upper node of 270 400
 * bytes, as in NanoVDB. Errors: WP_ERROR_INVALID_VALUE (NULL out, NULL ijk with
 * count > 0, a bad voxel_size or translation), WP_ERROR_OUT_OF_MEMORY, the
 * device errors of wp_volume_load_buffer.  *out is NULL on failure. */
wp_status wp_volume_allocate_by_voxels(const wp_int32 *ijk, wp_size count,
                                       const double voxel_size[3],
                                       const double translation[3],
                                       wp_device device, wp_volume **out);

/* Longest side of the block wp_volume_from_dense takes, in voxels. */
#define WP_VOLUME_DENSE_MAX 1048576

/* Builds a float volume (WP_VOLUME_FLOAT) from a dense block of values, as
 * warp-lang's Volume.load_from_numpy does with a 3-D float array and a
 * float bg_value: `values` holds shape[0] x shape[1] x shape[2] floats
 * (caller-owned; row-major, the last index fastest: voxel (i, j, k) is
 * values[(i * shape[1] + j) * shape[2] + k]), each side 1 to
 * WP_VOLUME_DENSE_MAX.  The grid has the 8^3 leaves that cover the block
 * from voxel (0, 0, 0), all their voxels active; voxels of those leaves
 * past the block, and every voxel outside them, read `background`.
 * index -> world: world = voxel_size * ijk + min_world per axis (NULL: 1
 * and 0; both rounded to float32, as warp-lang keeps a grid's transform),
 * so voxel (0, 0, 0) sits at min_world.  Built on the CPU (runtime/
 * src/volume_build.c) and loaded onto `device` as wp_volume_load_grid does;
 * free with wp_volume_destroy.  Errors: WP_ERROR_INVALID_VALUE (NULL out,
 * values or shape; a side out of range; a bad voxel_size or min_world),
 * WP_ERROR_OUT_OF_MEMORY, the device errors of wp_volume_load_buffer.
 * *out is NULL on failure. */
wp_status wp_volume_from_dense(const float *values, const wp_int64 shape[3],
                               float background, const double voxel_size[3],
                               const double min_world[3], wp_device device,
                               wp_volume **out);

/* Frees the volume (and its device memory).  NULL is ignored.  Kernels
 * using its id must have finished. */
void wp_volume_destroy(wp_volume *volume);

/* The id kernels take (the address of the wp_volume_desc in the memory of
 * the volume's device); 0 for NULL. */
wp_uint64 wp_volume_id(const wp_volume *volume);

/* The device the volume lives on (WP_DEVICE_CPU for NULL). */
wp_device wp_volume_device(const wp_volume *volume);

/* Fills *info.  WP_ERROR_INVALID_VALUE for NULL arguments. */
wp_status wp_volume_get_info(const wp_volume *volume, wp_volume_info *info);

#ifdef __cplusplus
}
#endif
#endif
