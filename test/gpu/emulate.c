/* emulate.c - CPU emulation of CUDA launches, for checking the GPU test
 * machinery on a machine without a GPU (test/gpu/selftest.sh).
 *
 * Linked into a program with -Wl,--wrap=wp_launch_kernel (and the --wrap
 * of the graph calls below) and run against the fake CUDA driver of
 * test/fakecuda, whose "device memory" is host memory: a CUDA launch goes
 * to the runtime's CUDA path as usual (the fake driver checks the module,
 * the function and the grid, and runs nothing), then the kernel's CPU entry
 * runs on the same arguments, so the "GPU" computes what the CPU would.
 * Nothing else changes: allocations, copies, events and synchronisation all
 * go through the runtime and the driver.
 *
 * Graphs: the fake driver cannot run warpc's kernels, so a CUDA capture is
 * emulated by a CPU capture: while it (or a graph update) is under way,
 * CUDA launches become CPU launches of the same arguments (recorded by the
 * CPU capture), wp_capture_end ends the CPU capture, and wp_graph_launch
 * replays the CPU graph (on host memory, which the fake's device memory
 * is).  This checks the test programs' logic, not libwarprt's CUDA graphs
 * (test/unit/cuda/fake_graph.c does that).
 */
#include <warp/warp.h>

#include <stddef.h>

wp_status __real_wp_launch_kernel(const wp_launch *launch,
                                  const wp_kernel_desc *kernel,
                                  wp_int32 backward, const void *args);
wp_status __real_wp_capture_begin(wp_device device, void *stream);
wp_status __real_wp_capture_end(wp_device device, void *stream, wp_graph **out);
wp_status __real_wp_graph_launch(wp_graph *graph, void *stream);
wp_status __real_wp_graph_update_begin(wp_graph *graph);
wp_status __real_wp_graph_update_end(wp_graph *graph);

/* a CUDA capture or update emulated on the CPU is under way */
static int redirect;

wp_status __wrap_wp_launch_kernel(const wp_launch *launch,
                                  const wp_kernel_desc *kernel,
                                  wp_int32 backward, const void *args) {
  wp_launch cpu = launch ? *launch : wp_launch_1d(0);
  cpu.device = WP_DEVICE_CPU;
  cpu.stream = 0;
  if (redirect && launch)
    return __real_wp_launch_kernel(&cpu, kernel, backward, args);
  wp_status st = __real_wp_launch_kernel(launch, kernel, backward, args);
  if (st != WP_SUCCESS || wp_launch_device(launch) == WP_DEVICE_CPU)
    return st;
  return __real_wp_launch_kernel(&cpu, kernel, backward, args);
}

wp_status __wrap_wp_capture_begin(wp_device device, void *stream) {
  if (device == WP_DEVICE_CPU)
    return __real_wp_capture_begin(device, stream);
  wp_status st = __real_wp_capture_begin(WP_DEVICE_CPU, NULL);
  redirect = st == WP_SUCCESS;
  return st;
}

wp_status __wrap_wp_capture_end(wp_device device, void *stream,
                                wp_graph **out) {
  if (!redirect)
    return __real_wp_capture_end(device, stream, out);
  redirect = 0;
  return __real_wp_capture_end(WP_DEVICE_CPU, NULL, out);
}

wp_status __wrap_wp_graph_launch(wp_graph *graph, void *stream) {
  if (graph && wp_graph_device(graph) == WP_DEVICE_CPU)
    stream = 0;
  return __real_wp_graph_launch(graph, stream);
}

wp_status __wrap_wp_graph_update_begin(wp_graph *graph) {
  wp_status st = __real_wp_graph_update_begin(graph);
  redirect = st == WP_SUCCESS;
  return st;
}

wp_status __wrap_wp_graph_update_end(wp_graph *graph) {
  redirect = 0;
  return __real_wp_graph_update_end(graph);
}
