/* graph.c - capture and replay of launches (<warp/graph.h>): the
 * thread's capture or update state, CPU graphs, and the update protocol.
 * The driver's side of CUDA graphs is graph_cuda.c.
 *
 * State: each thread has at most one capture (`cur`) or one update
 * (`updating`) under way; thread-local, so captures on several threads do
 * not see each other and launches of other threads are never intercepted.
 */
#include "graph_internal.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static _Thread_local wpi_capture *cur;
static _Thread_local wp_graph *updating;

int wpi_graph_busy(void) {
  return cur != NULL || updating != NULL;
}

wp_status wpi_graph_refuse_cpu_capture(const char *what) {
  if (!cur || cur->device != WP_DEVICE_CPU)
    return WP_SUCCESS;
  return wp_set_error(WP_ERROR_NOT_SUPPORTED,
                      "%s: this thread captures a CPU graph, which records "
                      "kernel launches only: this would run now, not on "
                      "replays (do it before or after the capture, or in a "
                      "kernel)",
                      what);
}

wpi_capture *wpi_graph_capture(void) {
  return cur;
}

static const char *kname(const wp_kernel_desc *k) {
  return k && k->name ? k->name : "(unnamed)";
}

wp_status wpi_graph_append(wp_graph *g, const wp_kernel_desc *kernel,
                           wp_int32 backward, const void *args,
                           const wp_launch *launch,
                           const wp_launch_bounds *bounds,
                           wpi_graph_rec **out) {
  *out = NULL;
  if (g->n >= WP_GRAPH_MAX_LAUNCHES)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "kernel %s: cannot capture more than "
                        "WP_GRAPH_MAX_LAUNCHES (%d) launches into one graph",
                        kname(kernel), WP_GRAPH_MAX_LAUNCHES);
  if (g->n == g->cap) {
    int cap = g->cap ? 2 * g->cap : 16;
    wpi_graph_rec *grown = realloc(g->recs, (size_t)cap * sizeof *grown);
    if (!grown)
      return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                          "kernel %s: cannot capture the launch: out of "
                          "memory",
                          kname(kernel));
    g->recs = grown;
    g->cap = cap;
  }
  size_t size = kernel->args_size;
  void *copy = malloc(size ? size : 1);
  if (!copy)
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "kernel %s: cannot capture the launch: out of memory",
                        kname(kernel));
  if (args && size)
    memcpy(copy, args, size);
  wpi_graph_rec *r = &g->recs[g->n++];
  memset(r, 0, sizeof *r);
  r->kernel = kernel;
  r->backward = backward;
  r->fn = backward ? kernel->cpu_backward : kernel->cpu_forward;
  r->bounds = *bounds;
  r->block_dim = launch->block_dim;
  r->max_blocks = launch->max_blocks;
  r->args = copy;
  *out = r;
  return WP_SUCCESS;
}

static void free_graph(wp_graph *g) {
  for (int i = 0; i < g->n; i++) {
    free(g->recs[i].args);
    free(g->recs[i].staged);
  }
  free(g->recs);
  free(g);
}

wp_status wp_capture_begin(wp_device device, void *stream) {
  const char *what = "wp_capture_begin";
  if (cur)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: this thread already captures (captures do not "
                        "nest; call wp_capture_end first)",
                        what);
  if (updating)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: this thread is updating a graph (call "
                        "wp_graph_update_end first)",
                        what);
  wp_status st = wpi_check_device(device, what);
  if (st != WP_SUCCESS)
    return st;
  if (device == WP_DEVICE_CPU && stream)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the cpu has no streams: capture CPU launches "
                        "with a NULL stream",
                        what);
  wpi_capture *c = calloc(1, sizeof *c);
  wp_graph *g = calloc(1, sizeof *g);
  if (!c || !g) {
    free(c);
    free(g);
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY, "%s: out of memory", what);
  }
  c->device = g->device = device;
  c->stream = stream;
  c->graph = g;
  if (device != WP_DEVICE_CPU && (st = wpi_graph_cuda_begin(c)) != WP_SUCCESS) {
    free(g);
    free(c);
    return st;
  }
  cur = c;
  return WP_SUCCESS;
}

wp_status wp_capture_end(wp_device device, void *stream, wp_graph **out) {
  const char *what = "wp_capture_end";
  char d1[WPI_DEVICE_NAME_MAX], d2[WPI_DEVICE_NAME_MAX];
  if (!out)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: out pointer is NULL",
                        what);
  *out = NULL;
  wpi_capture *c = cur;
  if (!c)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: this thread has no capture under way (call "
                        "wp_capture_begin first)",
                        what);
  if (c->device != device || c->stream != stream)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: this thread captures %s stream %p, not %s stream "
                        "%p (the capture goes on)",
                        what, wpi_device_name(c->device, d1), c->stream,
                        wpi_device_name(device, d2), stream);
  cur = NULL;
  wp_status st = WP_SUCCESS;
  if (device != WP_DEVICE_CPU)
    st = wpi_graph_cuda_end(c);
  if (st == WP_SUCCESS && c->failed)
    st = wp_set_error(c->failed, "%s: a launch could not be captured: %s", what,
                      c->why);
  if (st != WP_SUCCESS) {
    if (device != WP_DEVICE_CPU)
      wpi_graph_cuda_release(c->graph);
    free_graph(c->graph);
  } else {
    *out = c->graph;
  }
  free(c);
  return st;
}

/* A mismatch of an update's launch with the graph's: the update is
 * abandoned (wp_graph_update_end reports it). */
static wp_status update_refused(wp_graph *g, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));
static wp_status update_refused(wp_graph *g, const char *fmt, ...) {
  char msg[768];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(msg, sizeof msg, fmt, ap);
  va_end(ap);
  g->update_failed = 1;
  return wp_set_error(WP_ERROR_INVALID_VALUE, "%s", msg);
}

static int same_bounds(const wp_launch_bounds *a, const wp_launch_bounds *b) {
  if (a->ndim != b->ndim)
    return 0;
  for (int k = 0; k < a->ndim; k++)
    if (a->shape[k] != b->shape[k])
      return 0;
  return 1;
}

/* The next launch of an update. */
static wp_status update_launch(wp_graph *g, const wp_launch *launch,
                               const wp_kernel_desc *kernel, wp_int32 backward,
                               const void *args,
                               const wp_launch_bounds *bounds) {
  char d1[WPI_DEVICE_NAME_MAX], d2[WPI_DEVICE_NAME_MAX];
  const char *name = kname(kernel);
  if (g->update_failed)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "kernel %s: the graph update was abandoned after an "
                        "earlier mismatch; call wp_graph_update_end",
                        name);
  if (launch->device != g->device)
    return update_refused(g,
                          "kernel %s: graph update: the launch is on %s, the "
                          "graph on %s",
                          name, wpi_device_name(launch->device, d1),
                          wpi_device_name(g->device, d2));
  if (launch->device != WP_DEVICE_CPU && bounds->size == 0)
    return WP_SUCCESS; /* not captured on CUDA either (nothing to run) */
  int i = g->staged;
  if (i >= g->n)
    return update_refused(g,
                          "kernel %s: graph update: the graph has only %d "
                          "launches, this is launch %d",
                          name, g->n, i + 1);
  wpi_graph_rec *r = &g->recs[i];
  if (r->kernel != kernel || r->backward != backward)
    return update_refused(
        g, "kernel %s%s: graph update: launch %d of the graph is kernel %s%s",
        name, backward ? " (backward)" : "", i + 1, kname(r->kernel),
        r->backward ? " (backward)" : "");
  if (!same_bounds(&r->bounds, bounds) || r->block_dim != launch->block_dim ||
      r->max_blocks != launch->max_blocks)
    return update_refused(g,
                          "kernel %s: graph update: launch %d has other launch "
                          "dims, block_dim or max_blocks than when captured "
                          "(%lld threads then, %lld now): only arguments can "
                          "change",
                          name, i + 1, (long long)r->bounds.size,
                          (long long)bounds->size);
  size_t size = kernel->args_size;
  void *copy = malloc(size ? size : 1);
  if (!copy) {
    g->update_failed = 1;
    return wp_set_error(WP_ERROR_OUT_OF_MEMORY,
                        "kernel %s: graph update: out of memory", name);
  }
  if (args && size)
    memcpy(copy, args, size);
  free(r->staged);
  r->staged = copy;
  g->staged++;
  return WP_SUCCESS;
}

wp_status wpi_graph_intercept(const wp_launch *launch,
                              const wp_kernel_desc *kernel, wp_int32 backward,
                              const void *args, const wp_launch_bounds *bounds,
                              int *handled) {
  *handled = 0;
  if (updating) {
    *handled = 1;
    return update_launch(updating, launch, kernel, backward, args, bounds);
  }
  wpi_capture *c = cur;
  if (!c || c->device != WP_DEVICE_CPU || launch->device != WP_DEVICE_CPU)
    return WP_SUCCESS; /* CUDA captures: the driver records the launch */
  *handled = 1;
  wpi_graph_rec *r;
  return wpi_graph_append(c->graph, kernel, backward, args, launch, bounds, &r);
}

wp_status wp_graph_launch(wp_graph *graph, void *stream) {
  const char *what = "wp_graph_launch";
  if (!graph)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: graph is NULL", what);
  if (graph == updating)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: the graph is being updated (call "
                        "wp_graph_update_end first)",
                        what);
  if (graph->device != WP_DEVICE_CPU)
    return wpi_graph_cuda_launch(graph, stream);
  if (stream)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: a CPU graph runs on no stream (pass NULL)", what);
  for (int i = 0; i < graph->n; i++) {
    const wpi_graph_rec *r = &graph->recs[i];
    if (r->bounds.size > 0) {
      /* from the arguments as they are now (an update may change them) */
      wp_launch_bounds b = r->bounds;
      b.flags = wpi_grads_overlap_flag(r->kernel, r->backward, r->args);
      wpi_pool_run(r->fn, r->args, &b);
    }
  }
  return WP_SUCCESS;
}

wp_status wp_graph_destroy(wp_graph *graph) {
  if (!graph)
    return WP_SUCCESS;
  if (graph == updating)
    updating = NULL;
  wp_status st = WP_SUCCESS;
  if (graph->device != WP_DEVICE_CPU)
    st = wpi_graph_cuda_release(graph);
  free_graph(graph);
  return st;
}

wp_status wp_graph_launch_count(const wp_graph *graph, int *count) {
  if (!graph || !count)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_graph_launch_count: %s is NULL",
                        !graph ? "graph" : "count");
  *count = graph->n;
  return WP_SUCCESS;
}

wp_device wp_graph_device(const wp_graph *graph) {
  return graph ? graph->device : WP_DEVICE_CPU;
}

/* Drops the staged arguments of an update. */
static void drop_staged(wp_graph *g) {
  for (int i = 0; i < g->n; i++) {
    free(g->recs[i].staged);
    g->recs[i].staged = NULL;
  }
  g->staged = 0;
  g->update_failed = 0;
}

wp_status wp_graph_update_begin(wp_graph *graph) {
  const char *what = "wp_graph_update_begin";
  if (!graph)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: graph is NULL", what);
  if (cur || updating)
    return wp_set_error(WP_ERROR_INVALID_VALUE, "%s: this thread already %s",
                        what,
                        cur ? "captures (call wp_capture_end first)"
                            : "updates a graph (call wp_graph_update_end "
                              "first)");
  drop_staged(graph);
  updating = graph;
  return WP_SUCCESS;
}

wp_status wp_graph_update_end(wp_graph *graph) {
  const char *what = "wp_graph_update_end";
  if (!graph || graph != updating)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "%s: this thread has no update of %s under way", what,
                        graph ? "this graph" : "a NULL graph");
  updating = NULL;
  wp_status st = WP_SUCCESS;
  if (graph->update_failed)
    st = wp_set_error(WP_ERROR_INVALID_VALUE,
                      "%s: a launch of the update was refused; the graph keeps "
                      "its arguments",
                      what);
  else if (graph->staged != graph->n)
    st = wp_set_error(WP_ERROR_INVALID_VALUE,
                      "%s: the update made %d launches, the graph has %d; the "
                      "graph keeps its arguments",
                      what, graph->staged, graph->n);
  else if (graph->device != WP_DEVICE_CPU)
    st = wpi_graph_cuda_apply(graph);
  if (st == WP_SUCCESS)
    for (int i = 0; i < graph->n; i++) {
      wpi_graph_rec *r = &graph->recs[i];
      free(r->args);
      r->args = r->staged;
      r->staged = NULL;
    }
  drop_staged(graph);
  return st;
}

wp_status wp_graph_update_cancel(wp_graph *graph) {
  if (!graph || graph != updating)
    return wp_set_error(WP_ERROR_INVALID_VALUE,
                        "wp_graph_update_cancel: this thread has no update of "
                        "%s under way",
                        graph ? "this graph" : "a NULL graph");
  updating = NULL;
  drop_staged(graph);
  return WP_SUCCESS;
}
