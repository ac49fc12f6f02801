/* warp/graph.h - capturing launches once and replaying them (graphs), on
 * CUDA devices and on the CPU; updating a captured graph's arguments.
 *
 * The same calls serve both (Warp's wp.ScopedCapture / wp.capture_launch):
 *
 *   wp_graph *g;
 *   wp_capture_begin(dev, stream);          (CPU: stream NULL)
 *   step(&launch, ...);                     (generated launchers, as usual)
 *   wp_capture_end(dev, stream, &g);
 *   for (int i = 0; i < n; i++)
 *     wp_graph_launch(g, stream);
 *   wp_graph_destroy(g);
 *
 * CUDA devices: the driver's stream capture.  wp_capture_begin starts
 * capturing `stream` (cuStreamBeginCapture_v2) in
 * CU_STREAM_CAPTURE_MODE_THREAD_LOCAL: the launches this thread queues on
 * it (and on streams it joins through wp_stream_wait_event /
 * wp_stream_wait_stream) are recorded, not run; other threads are not
 * restricted (GLOBAL mode would forbid unsafe calls such as cudaMalloc in
 * every thread of the process, which a library should not impose).
 * wp_capture_end ends the capture and instantiates the graph
 * (cuGraphInstantiateWithFlags); wp_graph_launch queues it on a stream
 * (cuGraphLaunch).  The legacy default stream (NULL, WP_STREAM_LEGACY)
 * cannot be captured: use a stream of wp_stream_create or
 * WP_STREAM_PER_THREAD.  A kernel whose CUDA module is not loaded yet may
 * be launched during capture: libwarprt loads it with the thread's capture
 * mode relaxed for the load (cuThreadExchangeStreamCaptureMode), so no
 * preload is needed.  Allocating (wp_array_alloc), synchronous copies and
 * fills, synchronising the captured stream or the device (wp_synchronize)
 * and work on the device's legacy stream are not stream operations the
 * capture can record: the driver refuses them (WP_ERROR_CUDA naming
 * CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED or _IMPLICIT), invalidates the
 * capture, and wp_capture_end then fails; allocate before capturing.
 * Fork/join: wp_stream_wait_stream(dev, s2, stream) makes s2 join the
 * capture (its later launches are nodes of the same graph, after what
 * `stream` had queued); wp_stream_wait_stream(dev, stream, s2) joins s2's
 * work back, which wp_capture_end requires.  CPU launches made while a
 * CUDA capture runs execute at once, as in Warp.
 *
 * The CPU: wp_capture_begin(WP_DEVICE_CPU, NULL) makes the later CPU
 * launches of the calling thread (through wp_launch_kernel, i.e. any
 * generated launcher) be checked as usual and recorded (kernel, direction,
 * launch bounds, a copy of the packed argument struct) instead of run;
 * launches on CUDA devices from that thread run at once.  wp_graph_launch
 * runs the recorded launches in order on the thread pool with no checks
 * and returns when they are done.  Arrays are recorded by value (their
 * data pointers): a replay reads and writes the memory they had at capture
 * time, which must still be allocated, as on CUDA.  Only launches are
 * recorded: what else would run at once and never on replays is refused on
 * the capturing thread with WP_ERROR_NOT_SUPPORTED (as the driver refuses
 * it in a CUDA capture): wp_array_copy, wp_array_copy_async,
 * wp_array_fill, wp_array_zero, wp_array_zero_grad, wp_array_clone,
 * wp_array_full, wp_tape_backward, wp_tape_backward_grads, wp_tape_zero.
 * Do them before or after the capture, or in a kernel.
 *
 * Rules, both kinds: one capture per thread at a time (a nested
 * wp_capture_begin is refused, WP_ERROR_INVALID_VALUE); a launch with a
 * tape (wp_launch.tape) while this thread captures or updates a graph is
 * refused with WP_ERROR_NOT_SUPPORTED (record the tape outside captures);
 * a launch that fails its checks during capture returns its error and is
 * not recorded, the capture goes on.  A wp_graph is used by one thread at a
 * time; several graphs may be replayed concurrently.  End every capture and
 * update on the thread that began it: one left open when its thread exits
 * is leaked (and a CUDA stream stays in capture).
 *
 * Updating arguments (Warp's Launch.set_param / graph parameter updates):
 *   wp_graph_update_begin(g);
 *   step(&launch, ...new scalar values...);      (the same launches, in the
 *   wp_graph_update_end(g);                       same order as captured)
 * Between the two calls the calling thread's launches are not run: the
 * i-th one gives the new arguments of the graph's i-th launch.  It must be
 * the same kernel and direction, on the graph's device, with the same
 * launch bounds (dims); otherwise the launch returns
 * WP_ERROR_INVALID_VALUE naming both, and the update is abandoned.
 * wp_graph_update_end applies all new arguments at once or none: CPU graphs
 * replace their argument copies, CUDA graphs update each kernel node of the
 * instantiated graph (cuGraphExecKernelNodeSetParams).  Any argument may
 * change (scalars, and arrays for others of the same dtype and ndim, as the
 * launcher checks); what the kernel's CUDA code receives is exactly the new
 * packed struct.
 *
 * A reusable launch (Warp's wp.Launch, record_cmd): capture one launch into
 * a graph; wp_graph_launch re-launches it without any checks, and an update
 * changes its arguments.  On the CPU this costs a copy at capture and
 * nothing per launch beyond the pool's work.
 *
 * The driver functions used here appeared by CUDA 11.4
 * (cuStreamGetCaptureInfo_v2 in 11.3, cuGraphInstantiateWithFlags in 11.4);
 * with an older driver these calls fail with WP_ERROR_NOT_SUPPORTED
 * naming the missing function, and the rest of libwarprt works.
 */
#ifndef WARP_GRAPH_H
#define WARP_GRAPH_H

#include "abi.h"

#ifdef __cplusplus
extern "C" {
#endif

/* A captured sequence of launches on one device (opaque). */
typedef struct wp_graph wp_graph;

/* The most launches one CPU graph records; the next one fails with
 * WP_ERROR_OUT_OF_MEMORY naming it.  (CUDA graphs: the driver's limit.) */
#define WP_GRAPH_MAX_LAUNCHES (1 << 24)

/* Starts capturing on this thread.  `device` WP_DEVICE_CPU with a NULL
 * stream, or a CUDA device and one of its streams (not the legacy default
 * stream).  Errors: WP_ERROR_INVALID_VALUE (this thread already captures
 * or updates a graph; a CUDA capture of the legacy stream; the CPU with a
 * stream), WP_ERROR_NO_DEVICE, WP_ERROR_NOT_SUPPORTED (a driver without
 * stream capture), WP_ERROR_CUDA (the driver refused, e.g. the stream is
 * already being captured). */
wp_status wp_capture_begin(wp_device device, void *stream);

/* Ends this thread's capture, which must be of `device` and `stream` (as
 * given to wp_capture_begin), and stores the graph in *out (NULL on
 * failure; release it with wp_graph_destroy).  Whatever happens, the
 * capture is over afterwards, unless out was NULL or the device or stream
 * did not match (then it goes on).
 * A capture with no launches gives a graph that does nothing.
 * Errors: WP_ERROR_INVALID_VALUE (NULL out; no capture on this thread;
 * another device or stream than the capture's), WP_ERROR_OUT_OF_MEMORY,
 * WP_ERROR_CUDA (the driver invalidated the capture, naming
 * CUDA_ERROR_STREAM_CAPTURE_INVALIDATED: a call made during it that the
 * capture cannot record, e.g. wp_synchronize of the device, an allocation
 * on the capturing thread, wp_stream_synchronize of a captured stream;
 * CUDA_ERROR_STREAM_CAPTURE_UNJOINED: a stream forked from the capture by
 * wp_stream_wait_stream / wp_stream_wait_event has launches the captured
 * stream was not made to wait for; or the graph cannot be instantiated). */
wp_status wp_capture_end(wp_device device, void *stream, wp_graph **out);

/* Replays `graph`: a CUDA graph is queued on `stream` of its device (NULL:
 * the legacy default stream) and runs asynchronously like a launch; a CPU
 * graph runs now (stream must be NULL) and returns when done.
 * Errors: WP_ERROR_INVALID_VALUE (NULL graph; a graph being updated; a CPU
 * graph with a stream), WP_ERROR_CUDA. */
wp_status wp_graph_launch(wp_graph *graph, void *stream);

/* Releases a graph (cuGraphExecDestroy and cuGraphDestroy on CUDA; a CUDA
 * graph still running finishes first).  NULL is a no-op.  Errors:
 * WP_ERROR_CUDA (the graph is released all the same). */
wp_status wp_graph_destroy(wp_graph *graph);

/* Stores in *count the number of kernel launches `graph` recorded (those
 * the update protocol must repeat).  WP_ERROR_INVALID_VALUE for NULL. */
wp_status wp_graph_launch_count(const wp_graph *graph, int *count);

/* The device a graph runs on.  WP_DEVICE_CPU for NULL. */
wp_device wp_graph_device(const wp_graph *graph);

/* Starts an update of `graph`'s arguments by this thread (see above).
 * Errors: WP_ERROR_INVALID_VALUE (NULL graph; this thread already captures
 * or updates a graph). */
wp_status wp_graph_update_begin(wp_graph *graph);

/* Ends the update begun on this thread and applies it, all or nothing.
 * Errors: WP_ERROR_INVALID_VALUE (no update of this graph on this thread;
 * a launch of the update was refused; fewer launches than the graph has,
 * the message naming both counts), WP_ERROR_NOT_SUPPORTED (a driver without
 * cuGraphExecKernelNodeSetParams), WP_ERROR_CUDA (the driver refused a
 * node's update: the nodes before it are updated).  After an error the
 * graph keeps its previous arguments (but see WP_ERROR_CUDA) and the update
 * is over. */
wp_status wp_graph_update_end(wp_graph *graph);

/* Abandons the update begun on this thread: nothing is applied, the graph
 * keeps its arguments (e.g. when the code making the launches failed
 * half-way or after its last launch).  WP_ERROR_INVALID_VALUE when this
 * thread has no update of `graph` under way. */
wp_status wp_graph_update_cancel(wp_graph *graph);

#ifdef __cplusplus
}
#endif
#endif
