/* warp/abi.h - the binary interface between warpc's generated code and
 * libwarprt.
 *
 * This header is the single source of truth for every type the generated
 * code and the runtime share.  warpc embeds it verbatim at the top of the C it
 * generates, so it must include no header at all (no sysroot is needed to
 * cross-compile generated code) and use only compiler-provided types.  It is
 * also included by <warp/warp.h> for users.
 *
 * Changing a layout here changes the ABI: bump WP_ABI_VERSION.
 */
#ifndef WARP_ABI_H
#define WARP_ABI_H

/* The version of this binary interface.  Every kernel descriptor a warpc
 * object holds carries it (wp_kernel_desc.abi), and the object references
 * the runtime symbol WP_ABI_SYMBOL named after it, so that an object and a
 * runtime of different versions are refused:
 *   - an object newer than the runtime (or older, once both are at least
 *     4): the link fails with "undefined reference to `wp_abi_version_N'"
 *     (a shared runtime swapped after linking: the program does not start,
 *     "undefined symbol: wp_abi_version_N"), as the runtime defines the
 *     symbol of its own version only;
 *   - an object of ABI 3 or older (no such reference, no ABI word), or a
 *     descriptor whose word names another version: wp_launch_kernel refuses
 *     every launch with WP_ERROR_ABI_MISMATCH and a message naming both
 *     versions.
 * Either way: rebuild the object with the warpc that matches the runtime
 * (or link the runtime of the warpc that built it).
 * Version 4 added wp_kernel_desc.abi. */
#define WP_ABI_VERSION 4

#ifdef __cplusplus
extern "C" {
#endif

typedef __INT8_TYPE__ wp_int8;
typedef __UINT8_TYPE__ wp_uint8;
typedef __INT16_TYPE__ wp_int16;
typedef __UINT16_TYPE__ wp_uint16;
typedef __INT32_TYPE__ wp_int32;
typedef __UINT32_TYPE__ wp_uint32;
typedef __INT64_TYPE__ wp_int64;
typedef __UINT64_TYPE__ wp_uint64;
typedef __SIZE_TYPE__ wp_size;

/* Warp's bool is one byte; float16 values are stored as their IEEE binary16
 * bits. */
#ifdef __cplusplus
typedef bool wp_bool;
#else
typedef _Bool wp_bool;
#endif
typedef wp_uint16 wp_half;
typedef wp_uint16 wp_bfloat16;

/* Result of every runtime call and every generated launcher.  WP_SUCCESS is
 * zero; on any other value wp_last_error() holds a message for people. */
typedef enum wp_status {
  WP_SUCCESS = 0,
  WP_ERROR_INVALID_VALUE = 1,   /* a NULL pointer, a bad dims/ndim, ... */
  WP_ERROR_OUT_OF_MEMORY = 2,   /* allocation failed */
  WP_ERROR_DTYPE_MISMATCH = 3,  /* array dtype differs from the signature */
  WP_ERROR_NDIM_MISMATCH = 4,   /* array ndim differs from the signature */
  WP_ERROR_DEVICE_MISMATCH = 5, /* array lives on another device */
  WP_ERROR_NO_DEVICE = 6,       /* the requested device does not exist */
  WP_ERROR_NOT_SUPPORTED = 7,   /* e.g. no backward kernel was generated */
  WP_ERROR_CUDA = 8,            /* a CUDA driver call failed */
  WP_ERROR_SYSTEM = 9,          /* a system call (threads, ...) failed */
  WP_ERROR_ABI_MISMATCH = 10,   /* an object of another WP_ABI_VERSION */
} wp_status;

/* Devices: 0 is the CPU, so a zero-initialised launch runs on the CPU.
 * WP_DEVICE_CUDA(n) is the n-th CUDA device (cuda:n). */
typedef wp_int32 wp_device;
#define WP_DEVICE_CPU 0
#define WP_DEVICE_CUDA(n) ((n) + 1)

/* Element types.  A dtype packs kind, scalar type and shape:
 *   bits 24..31 kind, 16..23 scalar, 8..15 rows (vector length), 0..7 cols.
 * Struct dtypes (kind WP_KIND_STRUCT) keep a 24-bit layout hash in the low
 * bits; warpc writes them into the generated header. */
typedef wp_uint32 wp_dtype;

enum {
  WP_KIND_SCALAR = 0,
  WP_KIND_VECTOR = 1,
  WP_KIND_MATRIX = 2,
  WP_KIND_QUAT = 3,
  WP_KIND_TRANSFORM = 4,
  WP_KIND_STRUCT = 5,
};

enum {
  WP_SCALAR_BOOL = 1,
  WP_SCALAR_INT8 = 2,
  WP_SCALAR_UINT8 = 3,
  WP_SCALAR_INT16 = 4,
  WP_SCALAR_UINT16 = 5,
  WP_SCALAR_INT32 = 6,
  WP_SCALAR_UINT32 = 7,
  WP_SCALAR_INT64 = 8,
  WP_SCALAR_UINT64 = 9,
  WP_SCALAR_FLOAT16 = 10,
  WP_SCALAR_FLOAT32 = 11,
  WP_SCALAR_FLOAT64 = 12,
  WP_SCALAR_BFLOAT16 = 13,
};

#define WP_DTYPE(kind, scalar, rows, cols)                                     \
  ((wp_dtype)(((wp_uint32)(kind) << 24) | ((wp_uint32)(scalar) << 16) |        \
              ((wp_uint32)(rows) << 8) | (wp_uint32)(cols)))
#define WP_DTYPE_KIND(d) ((int)(((d) >> 24) & 0xff))
#define WP_DTYPE_SCALAR(d) ((int)(((d) >> 16) & 0xff))
#define WP_DTYPE_ROWS(d) ((int)(((d) >> 8) & 0xff))
#define WP_DTYPE_COLS(d) ((int)((d)&0xff))

#define WP_SCALAR_DTYPE(s) WP_DTYPE(WP_KIND_SCALAR, s, 1, 1)
#define WP_BOOL WP_SCALAR_DTYPE(WP_SCALAR_BOOL)
#define WP_INT8 WP_SCALAR_DTYPE(WP_SCALAR_INT8)
#define WP_UINT8 WP_SCALAR_DTYPE(WP_SCALAR_UINT8)
#define WP_INT16 WP_SCALAR_DTYPE(WP_SCALAR_INT16)
#define WP_UINT16 WP_SCALAR_DTYPE(WP_SCALAR_UINT16)
#define WP_INT32 WP_SCALAR_DTYPE(WP_SCALAR_INT32)
#define WP_UINT32 WP_SCALAR_DTYPE(WP_SCALAR_UINT32)
#define WP_INT64 WP_SCALAR_DTYPE(WP_SCALAR_INT64)
#define WP_UINT64 WP_SCALAR_DTYPE(WP_SCALAR_UINT64)
#define WP_FLOAT16 WP_SCALAR_DTYPE(WP_SCALAR_FLOAT16)
#define WP_FLOAT32 WP_SCALAR_DTYPE(WP_SCALAR_FLOAT32)
#define WP_FLOAT64 WP_SCALAR_DTYPE(WP_SCALAR_FLOAT64)

#define WP_VEC_DTYPE(s, n) WP_DTYPE(WP_KIND_VECTOR, s, n, 1)
#define WP_MAT_DTYPE(s, r, c) WP_DTYPE(WP_KIND_MATRIX, s, r, c)
/* quat: x, y, z, w; transform: p (3), then q (4), as Warp lays them out */
#define WP_QUAT_DTYPE(s) WP_DTYPE(WP_KIND_QUAT, s, 4, 1)
#define WP_TRANSFORM_DTYPE(s) WP_DTYPE(WP_KIND_TRANSFORM, s, 7, 1)
#define WP_VEC2F WP_VEC_DTYPE(WP_SCALAR_FLOAT32, 2)
#define WP_VEC3F WP_VEC_DTYPE(WP_SCALAR_FLOAT32, 3)
#define WP_VEC4F WP_VEC_DTYPE(WP_SCALAR_FLOAT32, 4)
#define WP_VEC2D WP_VEC_DTYPE(WP_SCALAR_FLOAT64, 2)
#define WP_VEC3D WP_VEC_DTYPE(WP_SCALAR_FLOAT64, 3)
#define WP_VEC4D WP_VEC_DTYPE(WP_SCALAR_FLOAT64, 4)
#define WP_VEC2I WP_VEC_DTYPE(WP_SCALAR_INT32, 2)
#define WP_VEC3I WP_VEC_DTYPE(WP_SCALAR_INT32, 3)
#define WP_VEC4I WP_VEC_DTYPE(WP_SCALAR_INT32, 4)
#define WP_MAT22F WP_MAT_DTYPE(WP_SCALAR_FLOAT32, 2, 2)
#define WP_MAT33F WP_MAT_DTYPE(WP_SCALAR_FLOAT32, 3, 3)
#define WP_MAT44F WP_MAT_DTYPE(WP_SCALAR_FLOAT32, 4, 4)
#define WP_MAT22D WP_MAT_DTYPE(WP_SCALAR_FLOAT64, 2, 2)
#define WP_MAT33D WP_MAT_DTYPE(WP_SCALAR_FLOAT64, 3, 3)
#define WP_MAT44D WP_MAT_DTYPE(WP_SCALAR_FLOAT64, 4, 4)

/* An array, as Warp's wp.array: `data` points at element [0,...,0];
 * element [i0,..,i(n-1)] is at data + sum(ik * strides[k]) (strides in bytes:
 * multiples of the element alignment, 0 or at least one element; data and
 * grad aligned as the element: the rules of wp_array_wrap in
 * <warp/array.h>).  `grad` is NULL or a buffer
 * of the same shape and strides holding the adjoint.  Entries of shape and
 * strides at k >= ndim are 0.  Layout is fixed (it is passed by value into
 * kernels); see <warp/array.h> for the functions that make and free arrays. */
/* The most dimensions an array has (Warp's ARRAY_MAX_DIMS). */
#define WP_ARRAY_MAX_DIMS 4

typedef struct wp_array {
  void *data;
  void *grad;
  wp_int64 shape[WP_ARRAY_MAX_DIMS];
  wp_int64 strides[WP_ARRAY_MAX_DIMS];
  wp_int32 ndim;
  wp_dtype dtype;
  wp_int32 elem_size; /* bytes per element */
  wp_device device;
  wp_uint32 flags;   /* WP_ARRAY_OWNS_DATA | WP_ARRAY_OWNS_GRAD |
                        WP_ARRAY_RETAIN_GRAD | WP_ARRAY_OWNS_DLPACK */
  wp_int32 reserved; /* with WP_ARRAY_OWNS_DLPACK: the runtime's handle of
                        the imported DLPack tensor; else 0 */
} wp_array;

/* Warp's array_t: how an array field of a @wp.struct is laid out, exactly
 * as warp-lang lays it out (56 bytes, align 8), so struct values holding
 * arrays are byte-compatible with Warp's.  Extents and byte strides are
 * int32 (Warp's limit for every array); entries at k >= ndim are 0.  It has
 * no dtype, size or device: nothing can check that the array stored in a
 * struct field matches the field's declared dtype, ndim or the launch's
 * device, so the caller must.  Make one from a wp_array with
 * wp_array_view() (<warp/array.h>).  Inside kernels the generated code turns
 * it into a wp_array when the field is read and back when it is written. */
typedef struct wp_array_t {
  void *data;
  void *grad;
  wp_int32 shape[4];
  wp_int32 strides[4];
  wp_int32 ndim;
} wp_array_t;

/* Warp's wp.indexedarray: `arr` read through per-dimension index arrays.
 * Element [i0,..,i(n-1)] is arr's element [j0,..,j(n-1)] with
 * jk = indices[k][ik] where indices[k] is non-NULL and jk = ik where it is
 * NULL; `shape` is the indexed extents (shape[k] = the length of
 * indices[k], or arr.shape[k]; 0 at k >= ndim).  The index arrays are int32,
 * contiguous and on arr's device; they are not checked against arr's
 * extents (as in Warp).  Gradients go to arr.grad through the same indices.
 * Make one with wp_indexedarray_init() (<warp/array.h>); passed by pointer
 * to launchers, by value into kernels. */
typedef struct wp_indexedarray {
  wp_array arr;
  wp_int32 *indices[WP_ARRAY_MAX_DIMS];
  wp_int64 shape[WP_ARRAY_MAX_DIMS];
} wp_indexedarray;

/* Warp's indexedarray_t: an indexed-array field of a @wp.struct, laid out
 * as warp-lang lays it out (104 bytes, align 8): the base as array_t, the
 * index arrays, the int32 extents.  Kernels convert it to and from
 * wp_indexedarray when the field is read or written. */
typedef struct wp_indexedarray_t {
  wp_array_t arr;
  wp_int32 *indices[WP_ARRAY_MAX_DIMS];
  wp_int32 shape[WP_ARRAY_MAX_DIMS];
} wp_indexedarray_t;

/* A null array, as None for an array parameter in Warp: a NULL pointer,
 * or a zeroed wp_array (what wp_array_free leaves: no data, ndim 0).
 * Launchers pass it to the kernel as an all-zero array. */
#define WP_ARRAY_IS_NULL(a) (!(a) || (!(a)->data && (a)->ndim == 0))

#define WP_ARRAY_OWNS_DATA 1u
#define WP_ARRAY_OWNS_GRAD 2u
/* The backward launchers keep this array's gradient.  By default the adjoint
 * of a write `a[i] = v` takes the gradient of a[i] and zeroes it (the write
 * replaced the value it belonged to), as warp-lang 1.19's tape.backward()
 * does; set this flag (`a.flags |= WP_ARRAY_RETAIN_GRAD`), as warp-lang's
 * `retain_grad=True`, to read a written array's gradient after a backward
 * launch.  Only when every element is written at most once: otherwise the
 * earlier writes' adjoints are counted again.  An array held in a struct
 * field (wp_array_t) has no flags: its written slots are always zeroed. */
#define WP_ARRAY_RETAIN_GRAD 4u
/* The data (and grad) the array owns are page-locked host memory from
 * cuMemHostAlloc (wp_array_alloc_pinned, <warp/memory.h>): wp_array_free
 * releases them with cuMemFreeHost. */
#define WP_ARRAY_PINNED 8u
/* The array holds a DLPack tensor imported by wp_array_from_dlpack
 * (<warp/dlpack.h>): wp_array_free calls the tensor's deleter.  `reserved`
 * then holds the runtime's handle of the tensor. */
#define WP_ARRAY_OWNS_DLPACK 16u
/* The data (and grad) the array owns come from the device's memory pool
 * (cuMemAllocAsync, wp_array_alloc_async): wp_array_free releases them with
 * cuMemFreeAsync on the legacy default stream, wp_array_free_async on the
 * stream given. */
#define WP_ARRAY_STREAM_ORDERED 32u

/* Launch descriptor, the first argument of every generated launcher.  Zero
 * fields take defaults: ndim 0 means 1 (then dims[0] threads), device CPU,
 * block_dim 256, max_blocks 0 (no cap), stream NULL (the device's default),
 * tape NULL (not recorded). */
struct wp_tape;
typedef struct wp_launch {
  wp_int32 ndim;    /* 1..4 */
  wp_int64 dims[4]; /* launch shape, each 0..2^31 (WP_LAUNCH_DIM_MAX); the
                       thread count is their product */
  wp_device device;
  wp_int32 block_dim;  /* CUDA threads per block */
  wp_int32 max_blocks; /* CUDA grid cap (grid-stride loop beyond it) */
  void *stream;        /* CUstream or NULL */
  struct wp_tape *tape;
} wp_launch;

/* What a kernel sees of its launch: the shape, to turn a linear thread index
 * into wp.tid()'s components (row-major: the last dimension varies fastest,
 * as in Warp). */
typedef struct wp_launch_bounds {
  wp_int64 shape[4];
  wp_int32 ndim;
  /* WP_BOUNDS_GRADS_OVERLAP (backward launches): the grads of two array
     arguments overlap (slices of one array, a view of another dtype), or
     one argument's grad reaches an element through two indices (a
     broadcast: stride 0 over an extent > 1; overlapping rows), so adjoints
     are added with atomics even where the kernel proved a single writer
     per array (lib/ir/injective.c).  Set by the runtime. */
  wp_int32 flags;
  wp_int64 size; /* product of shape[0..ndim) */
} wp_launch_bounds;
#define WP_BOUNDS_GRADS_OVERLAP 1

/* A CPU kernel entry: runs linear thread indices [begin, end) of the launch
 * with the packed argument struct `args`.  Generated by warpc. */
typedef void (*wp_cpu_range_fn)(const void *args,
                                const wp_launch_bounds *bounds, wp_int64 begin,
                                wp_int64 end);

/* The ABI word of a kernel descriptor: WP_ABI_MAGIC in the high 32 bits, the
 * version in the low 32.  The magic is far above any user-space address, so
 * the runtime tells this word from the `name` pointer that an object of ABI
 * 3 or older has in its place (and from 0, a descriptor made by hand without
 * it). */
#define WP_ABI_MAGIC 0x5750414bu /* "WPAK" */
#define WP_ABI_WORD(version)                                                   \
  (((wp_uint64)WP_ABI_MAGIC << 32) | (wp_uint32)(version))
#define WP_KERNEL_DESC_ABI WP_ABI_WORD(WP_ABI_VERSION)

/* The runtime's symbol of WP_ABI_VERSION, wp_abi_version_4 for version 4:
 * defined by libwarprt (its value is WP_ABI_VERSION), referenced by every
 * descriptor warpc writes (wp_kernel_desc.abi_symbol), so that an object
 * and a runtime of different versions do not link (see WP_ABI_VERSION). */
#define WP_ABI_CAT_(a, b) a##b
#define WP_ABI_CAT(a, b) WP_ABI_CAT_(a, b)
#define WP_ABI_SYMBOL WP_ABI_CAT(wp_abi_version_, WP_ABI_VERSION)
extern const wp_uint32 WP_ABI_SYMBOL;

/* Everything the runtime needs to launch one kernel; one static instance per
 * kernel in the generated object.  A descriptor made by hand (tests, hand
 * written kernels) sets .abi = WP_KERNEL_DESC_ABI (and may set .abi_symbol =
 * &WP_ABI_SYMBOL for the link-time check); wp_launch_kernel refuses it
 * otherwise. */
typedef struct wp_kernel_desc {
  /* abi, abi_symbol and name stay first, in this order, in every future
     version: the runtime reads the name of a descriptor of another version
     for its message */
  wp_uint64 abi;               /* WP_KERNEL_DESC_ABI */
  const wp_uint32 *abi_symbol; /* &WP_ABI_SYMBOL, or NULL (not checked) */
  const char *name; /* C name of the launcher, e.g. "particles_step" */
  wp_cpu_range_fn cpu_forward;  /* never NULL */
  wp_cpu_range_fn cpu_backward; /* NULL when no adjoint was generated */
  wp_size args_size;            /* bytes of the packed argument struct */
  const void *cuda_module;      /* fatbin image or NULL (CPU-only object) */
  const char *cuda_forward;     /* CUDA entry names or NULL; the module may
                                   also hold NAME_1d, a companion of entry
                                   NAME that 1-D launches run instead */
  const char *cuda_backward;
  /* Byte offsets of the wp_array arguments in the packed argument struct
     (so a tape can find the arrays of a recorded launch); narrays of them */
  const wp_uint32 *array_offsets;
  wp_int32 narrays;
} wp_kernel_desc;

/* Runtime entry points called by generated launchers (declared here so the
 * generated code needs no other header). */

/* Checks that `a` is a valid array of `dtype` with `ndim` dimensions on
 * `device`.  On a mismatch sets the last error to a message naming `kernel`
 * and `param` and returns WP_ERROR_DTYPE_MISMATCH / WP_ERROR_NDIM_MISMATCH /
 * WP_ERROR_DEVICE_MISMATCH, or WP_ERROR_INVALID_VALUE when `a` is NULL.
 * `dtype_name` is the Warp spelling ("vec3f") used in the message. */
wp_status wp_check_array_arg(const wp_array *a, wp_dtype dtype,
                             const char *dtype_name, wp_int32 ndim,
                             wp_device device, const char *kernel,
                             const char *param);

/* wp_check_array_arg for an indexed array: checks `a->arr` (dtype, ndim,
 * device, as wp_check_array_arg) and that each extent a->shape[k] (k < ndim)
 * is not negative; WP_ERROR_INVALID_VALUE when `a` is NULL or an extent is
 * negative. */
wp_status wp_check_indexedarray_arg(const wp_indexedarray *a, wp_dtype dtype,
                                    const char *dtype_name, wp_int32 ndim,
                                    wp_device device, const char *kernel,
                                    const char *param);

/* Launches `kernel` (forward, or its adjoint when `backward` is non-zero)
 * over `launch` with the packed argument struct `args` (kernel->args_size
 * bytes; copied when the launch is recorded on a tape).  Blocks until a CPU
 * launch completes; a CUDA launch is queued on launch->stream and returns
 * (args may be reused at once).  A forward launch naming a tape is recorded
 * there once it has run (<warp/tape.h>).  Returns WP_ERROR_INVALID_VALUE for
 * bad dims (ndim outside 0..4, a negative extent, one above
 * WP_LAUNCH_DIM_MAX of <warp/launch.h>, a thread count past int64), a bad
 * block_dim or a backward launch naming a tape,
 * WP_ERROR_NOT_SUPPORTED for a missing adjoint,
 * WP_ERROR_NO_DEVICE for a device that does not exist, no CUDA driver, or a
 * CUDA launch of a CPU-only object, WP_ERROR_CUDA when the driver refuses
 * the module or the launch (see <warp/device.h>), WP_ERROR_ABI_MISMATCH
 * when kernel->abi is not WP_KERNEL_DESC_ABI (an object of another
 * WP_ABI_VERSION, of ABI 3 or older, or a hand-made descriptor without the
 * word: the message names both versions; checked first, on every launch). */
wp_status wp_launch_kernel(const wp_launch *launch,
                           const wp_kernel_desc *kernel, wp_int32 backward,
                           const void *args);

/* Device of a launch descriptor, with the zero default applied (NULL ok). */
wp_device wp_launch_device(const wp_launch *launch);

/* The launch of a tiled launch (Warp's wp.launch_tiled(kernel, dim,
 * inputs, block_dim)), which generated MODULE_k_tiled launchers make:
 * *out is *launch (NULL: the zero launch) with the block dimension
 * appended to its dims (ndim 0 counts as 1): 1 on the CPU, where Warp runs
 * a block as one thread (its default without
 * warp.config.enable_cpu_blocks), and on CUDA launch->block_dim (256 when
 * 0 or less, Warp's default), which is also the CUDA block size, so one
 * CUDA block runs one tile block.  Returns WP_SUCCESS, or
 * WP_ERROR_INVALID_VALUE (wp_last_error() says why) when out is NULL or
 * the grid has more than 3 dimensions (Warp's limit). */
wp_status wp_launch_tiled_dims(const wp_launch *launch, wp_launch *out);

/* The check generated launchers make for a kernel whose CUDA code spans a
 * block of a size fixed at compile time (wp.tile(x), wp.untile(t): warpc
 * --block-dim, or the module option block_dim): WP_SUCCESS on the CPU
 * (where a block is one thread) and for a CUDA launch (launch NULL: the
 * CPU) whose block_dim (256 when 0 or less) is `block_dim`; otherwise
 * WP_ERROR_INVALID_VALUE, wp_last_error() naming `kernel` and both sizes. */
wp_status wp_launch_check_block_dim(const wp_launch *launch, wp_int32 block_dim,
                                    const char *kernel);

/* Output of CPU kernels (print(), wp.printf(), failed asserts of --debug
 * builds and wp.expect_*): printf(3) to stdout, flushed so that lines of
 * kernels and of the host program keep their order.  Returns printf's
 * result.  CUDA kernels use the device printf instead. */
int wp_printf(const char *fmt, ...);

/* The x86-64 micro-architecture level of the running CPU: 1 (x86-64), 2
 * (x86-64-v2), 3 (x86-64-v3) or 4 (x86-64-v4), the x86-64 psABI's levels
 * as the CPU and the OS support them; 0 on other architectures.  The CPU
 * code of an object built with `warpc --cpu=x86-64,x86-64-v3,...` runs the
 * variant of the highest level at most this.  WARP_CPU_LEVEL=N in the
 * environment lowers it to N (1: the baseline code everywhere; values
 * other than 1 to 4, and ones above the CPU's level, are ignored).  Computed
 * on the first call; thread-safe. */
int wp_cpu_level(void);

/* ---- hash_grid descriptor ---- */
/* What a hash grid's kernel id points to (<warp/hash_grid.h>): the grid as
 * the query builtins read it, in the memory of the grid's device.  The
 * points of the last build sorted by cell (then by group, then by index):
 * point_ids[k] is the user's index of the k-th; the points of cell c are
 * k in [cell_starts[c], cell_ends[c]) (both 0 for an empty cell).  A cell
 * is (x mod dim_x, y mod dim_y, z mod dim_z) of the virtual cell
 * floor(p * cell_width_inv), numbered z * dim_x * dim_y + y * dim_x + x
 * (Warp's hashing).  point_keys (grouped builds only, else NULL) holds
 * (cell << 32) | (uint32)group of the k-th point.  point_ids is NULL until
 * the first build. */
typedef struct wp_hash_grid_desc {
  const wp_int32 *point_ids;
  const wp_int32 *cell_starts;
  const wp_int32 *cell_ends;
  const wp_uint64 *point_keys;
  wp_int32 dim_x, dim_y, dim_z;
  wp_int32 num_points;
  wp_int32 has_groups; /* 1: the last build had groups */
  wp_int32 scalar;     /* WP_SCALAR_FLOAT16/32/64: the grid's precision */
  /* 1 / cell width in the grid's precision: float32 grids cell_width_inv_f,
     float16 grids the float16 value widened to float32 in cell_width_inv_f,
     float64 grids cell_width_inv_d */
  float cell_width_inv_f;
  float cell_width_f;
  double cell_width_inv_d;
  double cell_width_d;
} wp_hash_grid_desc;
/* ---- volume descriptor ---- */
/* What a wp.Volume id points to (<warp/volume.h>): a checked NanoVDB grid
 * in the memory of the volume's device and the byte offsets of its parts
 * for the grid's value type, so that the volume_* builtins walk the tree
 * (root tiles -> upper 32^3 -> lower 16^3 -> leaf 8^3) without a table of
 * their own.  Offsets are from `grid`; every child pointer was checked to
 * land on a node of the next level when the grid was loaded. */
typedef struct wp_volume_desc {
  unsigned char *grid;       /* the grid's bytes (GridData first) */
  wp_uint64 grid_size;       /* bytes of the grid */
  wp_uint64 root;            /* the root node */
  wp_uint64 leaf_base;       /* the first leaf node */
  wp_uint32 grid_type;       /* NanoVDB GridType (WP_VOLUME_* of volume.h) */
  wp_uint32 tile_count;      /* root tiles (after root + root_size) */
  wp_uint32 root_size;       /* bytes of the root node before its tiles */
  wp_uint32 root_background; /* the background value, from the root */
  wp_uint32 tile_size;       /* bytes of a root tile */
  wp_uint32 tile_value;      /* a root tile's value, from the tile */
  wp_uint32 upper_table;     /* an upper node's 32^3 table, from the node */
  wp_uint32 lower_table;     /* a lower node's 16^3 table */
  wp_uint32 leaf_table;      /* a leaf's 8^3 values (index grids: offset) */
  wp_uint32 leaf_size;       /* bytes of a leaf node */
  wp_uint32 table_stride;    /* bytes of an internal-node table entry */
  wp_uint32 value_size;      /* bytes of a leaf value (0: index grids) */
} wp_volume_desc;

/* ---- bvh and mesh descriptor ---- */
/* What the id of a wp_bvh or wp_mesh (<warp/bvh.h>, <warp/mesh.h>) points
 * to, in the memory of the object's device: generated code casts the id
 * and walks the tree (lib/emit/prelude/8bvh.h, 8mesh.h).  Every pointer is
 * of that device.  Float triples are x, y, z. */

/* One node of a BVH: an inner node when left >= 0 (its children are nodes
 * `left` and `right`), a leaf when left < 0 (its primitives are
 * prims[-1 - left .. right - 1]).  lower/upper bound the node's primitives. */
typedef struct wp_bvh_node {
  float lower[3];
  wp_int32 left;
  float upper[3];
  wp_int32 right;
} wp_bvh_node;

/* The deepest BVH the runtime builds (root at depth 1) and so the stack of
 * a traversal (WP_BVH_STACK: one slot per level plus the sibling pushed). */
#define WP_BVH_MAX_DEPTH 62
#define WP_BVH_STACK 64

typedef struct wp_bvh_desc {
  const wp_bvh_node *nodes; /* num_nodes; nodes[root] is the root */
  const wp_int32 *prims;    /* num_items primitive indices in leaf order */
  const float *item_lowers; /* num_items x 3: the primitives' bounds */
  const float *item_uppers;
  wp_int32 num_nodes;
  wp_int32 num_items;
  wp_int32 root; /* -1 for an empty tree */
  wp_int32 max_depth;
  /* grouped trees (bvh_get_group_root): num_groups distinct group ids,
     ascending, and the root node of each group's subtree; NULL and 0
     without groups (every item then is in group 0) */
  const wp_int32 *group_ids;
  const wp_int32 *group_roots;
  wp_int32 num_groups;
  wp_int32 reserved;
} wp_bvh_desc;

typedef struct wp_mesh_desc {
  wp_bvh_desc bvh;     /* over the triangles; mesh_get_bvh gives its address */
  const float *points; /* num_points x 3 */
  const float *velocities; /* num_points x 3, or NULL */
  const wp_int32 *indices; /* num_tris x 3 vertex indices */
  wp_int32 num_points;
  wp_int32 num_tris;
  /* the mean length of the triangles' edges (each edge counted once per
     triangle): the scale of mesh_query_point_sign_normal's epsilon */
  float average_edge_length;
  /* 1: mesh_query_point_sign_winding_number signs by the winding number
     (wp_mesh_support_winding_number), 0: by ray votes, as Warp without
     support_winding_number */
  wp_int32 winding;
  wp_int32 reserved;
  /* the grads of the points and velocities arrays (NULL when they have
     none): mesh_get(id).points[i] in a differentiable kernel adds to them */
  float *points_grad;
  float *velocities_grad;
} wp_mesh_desc;

#ifdef __cplusplus
}
#endif
#endif
