/* graph_internal.h - the wp_graph of <warp/graph.h> as graph.c (capture,
 * CPU replay, updates) and graph_cuda.c (the driver's side) share it. */
#ifndef WARPRT_GRAPH_INTERNAL_H
#define WARPRT_GRAPH_INTERNAL_H

#include "cuda_internal.h"

/* One recorded launch. */
typedef struct wpi_graph_rec {
  const wp_kernel_desc *kernel;
  wp_int32 backward;
  wp_cpu_range_fn fn; /* the CPU entry (CPU graphs) */
  wp_launch_bounds bounds;
  wp_int32 block_dim, max_blocks; /* as the launch gave them */
  void *args;                     /* copy of the packed args (>= 1 byte) */
  void *staged;                   /* an update's new args, or NULL */
  /* CUDA graphs: the kernel node and what it was launched with */
  CUgraphNode node;
  CUfunction func;
  unsigned grid, block;
} wpi_graph_rec;

struct wp_graph {
  wp_device device;
  wpi_graph_rec *recs;
  int n, cap;
  int staged; /* launches given by the update under way */
  int update_failed;
  CUgraph cu_graph; /* CUDA graphs */
  CUgraphExec cu_exec;
};

/* This thread's capture under way. */
typedef struct wpi_capture {
  wp_device device;
  void *stream;
  wp_graph *graph;            /* being built */
  unsigned long long cuda_id; /* the driver's capture id */
  wp_status failed;           /* a launch could not be recorded */
  char why[512];              /* its message */
} wpi_capture;

/* The capture this thread runs, or NULL (graph.c). */
wpi_capture *wpi_graph_capture(void);

/* Appends a record (its args copied from `args`) to g and stores it in
 * *out; WP_ERROR_OUT_OF_MEMORY when out of memory or past
 * WP_GRAPH_MAX_LAUNCHES. */
wp_status wpi_graph_append(wp_graph *g, const wp_kernel_desc *kernel,
                           wp_int32 backward, const void *args,
                           const wp_launch *launch,
                           const wp_launch_bounds *bounds, wpi_graph_rec **out);

/* graph_cuda.c: the CUDA side of begin, end, launch, destroy and update. */
wp_status wpi_graph_cuda_begin(wpi_capture *c);
wp_status wpi_graph_cuda_end(wpi_capture *c);
wp_status wpi_graph_cuda_launch(wp_graph *g, void *stream);
wp_status wpi_graph_cuda_release(wp_graph *g);
wp_status wpi_graph_cuda_apply(wp_graph *g);

#endif
