/* warp/warp.h - libwarprt, the runtime for kernels compiled by warpc.
 *
 * Include this header and the header warpc generated for your kernels; link
 * with -lwarprt -lpthread -lm.  All functions are thread-safe unless noted.
 * Every function returning wp_status sets a message for wp_last_error() when
 * it fails.
 */
#ifndef WARP_WARP_H
#define WARP_WARP_H

#include "abi.h"
#include "array.h"
#include "array_views.h"
#include "bvh.h"
#include "device.h"
#include "dlpack.h"
#include "error.h"
#include "graph.h"
#include "hash_grid.h"
#include "launch.h"
#include "memory.h"
#include "mesh.h"
#include "tape.h"
#include "volume.h"

#endif
