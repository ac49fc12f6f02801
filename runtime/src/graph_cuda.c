/* graph_cuda.c - CUDA graphs (<warp/graph.h>): the driver's stream
 * capture in CU_STREAM_CAPTURE_MODE_THREAD_LOCAL, instantiation, launch,
 * release, and kernel node updates (cuGraphExecKernelNodeSetParams).
 *
 * Each launch that goes into this thread's capture is noted with the node
 * the driver made for it (cuStreamGetCaptureInfo_v2 right after
 * cuLaunchKernel: the capture's dependency set is then that node), so an
 * update can give the node new parameters.
 */
#include "graph_internal.h"

#include <stdio.h>
#include <string.h>

/* The driver functions capture needs, or the name of one that is missing. */
static const char *missing(const wpi_cuda_api *api) {
  if (!api->cuStreamBeginCapture)
    return "cuStreamBeginCapture_v2";
  if (!api->cuStreamEndCapture)
    return "cuStreamEndCapture";
  if (!api->cuStreamGetCaptureInfo)
    return "cuStreamGetCaptureInfo_v2";
  if (!api->cuGraphInstantiateWithFlags)
    return "cuGraphInstantiateWithFlags";
  if (!api->cuGraphLaunch)
    return "cuGraphLaunch";
  if (!api->cuGraphExecDestroy)
    return "cuGraphExecDestroy";
  if (!api->cuGraphDestroy)
    return "cuGraphDestroy";
  return NULL;
}

wp_status wpi_graph_cuda_begin(wpi_capture *c) {
  const char *what = "wp_capture_begin";
  int ordinal = (int)c->device - 1;
  if (!c->stream || c->stream == WP_STREAM_LEGACY)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: cuda:%d: the legacy default stream (NULL) cannot "
                        "be captured; capture a stream of wp_stream_create or "
                        "WP_STREAM_PER_THREAD",
                        what, ordinal);
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(c->device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  const char *lacks = missing(api);
  if (lacks) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, lacks);
  }
  CUstream s = (CUstream)c->stream;
  CUresult r =
      api->cuStreamBeginCapture(s, CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
  int status = 0;
  if (r == CUDA_SUCCESS) {
    r = api->cuStreamGetCaptureInfo(s, &status, &c->cuda_id, NULL, NULL, NULL);
    if (r != CUDA_SUCCESS) {
      CUgraph g = NULL;
      api->cuStreamEndCapture(s, &g);
      if (g)
        api->cuGraphDestroy(g);
    }
  }
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d: cannot capture stream %p", what,
                         ordinal, c->stream);
  return WP_SUCCESS;
}

void wpi_graph_cuda_launched(const wp_launch *launch,
                             const wp_kernel_desc *kernel, wp_int32 backward,
                             const void *args, const wp_launch_bounds *bounds,
                             CUfunction fn, unsigned grid, unsigned block) {
  wpi_capture *c = wpi_graph_capture();
  if (!c || c->device != launch->device || c->failed)
    return;
  const wpi_cuda_api *api = wpi_cuda_driver(NULL);
  int status = 0;
  unsigned long long id = 0;
  const CUgraphNode *deps = NULL;
  size_t ndeps = 0;
  CUresult r = api->cuStreamGetCaptureInfo((CUstream)launch->stream, &status,
                                           &id, NULL, &deps, &ndeps);
  if (r == CUDA_SUCCESS &&
      (status != CU_STREAM_CAPTURE_STATUS_ACTIVE || id != c->cuda_id))
    return; /* a stream outside this capture: the launch ran */
  char err[WPI_CUDA_ERROR_MAX];
  if (r != CUDA_SUCCESS || ndeps != 1 || !deps) {
    c->failed = WP_ERROR_CUDA;
    snprintf(c->why, sizeof c->why,
             "kernel %s: cannot find its graph node (cuStreamGetCaptureInfo: "
             "%s, %zu dependencies)",
             kernel->name ? kernel->name : "(unnamed)",
             r != CUDA_SUCCESS ? wpi_cuda_error_text(r, err) : "CUDA_SUCCESS",
             ndeps);
    return;
  }
  char saved[1024];
  snprintf(saved, sizeof saved, "%s", wp_last_error());
  wpi_graph_rec *rec;
  wp_status st =
      wpi_graph_append(c->graph, kernel, backward, args, launch, bounds, &rec);
  if (st != WP_SUCCESS) {
    c->failed = st;
    snprintf(c->why, sizeof c->why, "%s", wp_last_error());
    wp_set_error(WP_SUCCESS, "%s", saved); /* the launch itself succeeded */
    return;
  }
  rec->node = deps[0];
  rec->func = fn;
  rec->grid = grid;
  rec->block = block;
}

wp_status wpi_graph_cuda_end(wpi_capture *c) {
  const char *what = "wp_capture_end";
  int ordinal = (int)c->device - 1;
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(c->device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUgraph g = NULL;
  CUgraphExec x = NULL;
  CUresult r = api->cuStreamEndCapture((CUstream)c->stream, &g);
  const char *step = "the capture failed (cuStreamEndCapture)";
  if (r == CUDA_SUCCESS && !c->failed) {
    r = api->cuGraphInstantiateWithFlags(&x, g, 0);
    step = "cannot instantiate the graph";
  }
  if ((r != CUDA_SUCCESS || c->failed) && g) {
    api->cuGraphDestroy(g); /* c->failed: wp_capture_end reports it */
    g = NULL;
  }
  wpi_cuda_leave();
  if (r == CUDA_ERROR_STREAM_CAPTURE_INVALIDATED)
    step = "the capture was invalidated by a call it cannot record, made "
           "during it (wp_synchronize of the device, wp_stream_synchronize "
           "of a captured stream, an allocation on the capturing thread, "
           "work on the device's legacy stream: that call's error named "
           "it); no graph";
  else if (r == CUDA_ERROR_STREAM_CAPTURE_UNJOINED)
    step = "a stream that joined the capture (wp_stream_wait_stream or "
           "wp_stream_wait_event on an event of a captured stream) has work "
           "the captured stream does not wait for: join it back "
           "(wp_stream_wait_stream(device, stream, other)) before "
           "wp_capture_end; no graph";
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d: %s", what, ordinal, step);
  c->graph->cu_graph = g;
  c->graph->cu_exec = x;
  return WP_SUCCESS;
}

wp_status wpi_graph_cuda_launch(wp_graph *g, void *stream) {
  const char *what = "wp_graph_launch";
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(g->device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUresult r = api->cuGraphLaunch(g->cu_exec, (CUstream)stream);
  wpi_cuda_leave();
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d", what, (int)g->device - 1);
  return WP_SUCCESS;
}

wp_status wpi_graph_cuda_release(wp_graph *g) {
  const char *what = "wp_graph_destroy";
  if (!g->cu_exec && !g->cu_graph)
    return WP_SUCCESS;
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(g->device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  CUresult r = CUDA_SUCCESS, r2 = CUDA_SUCCESS;
  if (g->cu_exec)
    r = api->cuGraphExecDestroy(g->cu_exec);
  if (g->cu_graph)
    r2 = api->cuGraphDestroy(g->cu_graph);
  g->cu_exec = NULL;
  g->cu_graph = NULL;
  wpi_cuda_leave();
  if (r == CUDA_SUCCESS)
    r = r2;
  if (r != CUDA_SUCCESS)
    return wpi_cuda_fail(r, "%s: cuda:%d", what, (int)g->device - 1);
  return WP_SUCCESS;
}

wp_status wpi_graph_cuda_apply(wp_graph *g) {
  const char *what = "wp_graph_update_end";
  const wpi_cuda_api *api;
  wp_status st = wpi_cuda_enter(g->device, what, &api, NULL);
  if (st != WP_SUCCESS)
    return st;
  if (!api->cuGraphExecKernelNodeSetParams) {
    wpi_cuda_leave();
    return wpi_cuda_missing(what, "cuGraphExecKernelNodeSetParams");
  }
  for (int i = 0; i < g->n; i++) {
    wpi_graph_rec *rec = &g->recs[i];
    /* the driver copies the values kernelParams points at */
    void *params[2] = {rec->staged, &rec->bounds};
    CUDA_KERNEL_NODE_PARAMS p;
    memset(&p, 0, sizeof p);
    p.func = rec->func;
    p.gridDimX = rec->grid;
    p.gridDimY = p.gridDimZ = 1;
    p.blockDimX = rec->block;
    p.blockDimY = p.blockDimZ = 1;
    p.kernelParams = params;
    CUresult r = api->cuGraphExecKernelNodeSetParams(g->cu_exec, rec->node, &p);
    if (r != CUDA_SUCCESS) {
      wpi_cuda_leave();
      return wpi_cuda_fail(r,
                           "%s: cuda:%d: cannot update launch %d (kernel %s; "
                           "launches 1..%d are updated)",
                           what, (int)g->device - 1, i + 1,
                           rec->kernel->name ? rec->kernel->name : "(unnamed)",
                           i);
    }
  }
  wpi_cuda_leave();
  return WP_SUCCESS;
}
