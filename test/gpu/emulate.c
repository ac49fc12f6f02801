/* emulate.c - CPU emulation of CUDA launches, for checking the GPU test
 * machinery on a machine without a GPU (test/gpu/selftest.sh).
 *
 * Linked into a program with -Wl,--wrap=wp_launch_kernel and run against
 * the fake CUDA driver of test/fakecuda, whose "device memory" is host
 * memory: a CUDA launch goes to the runtime's CUDA path as usual (the fake
 * driver checks the module, the function and the grid, and runs nothing),
 * then the kernel's CPU entry runs on the same arguments, so the "GPU"
 * computes what the CPU would.  Nothing else changes: allocations, copies,
 * events and synchronisation all go through the runtime and the driver.
 */
#include <warp/warp.h>

wp_status __real_wp_launch_kernel(const wp_launch *launch,
                                  const wp_kernel_desc *kernel,
                                  wp_int32 backward, const void *args);

wp_status __wrap_wp_launch_kernel(const wp_launch *launch,
                                  const wp_kernel_desc *kernel,
                                  wp_int32 backward, const void *args) {
  wp_status st = __real_wp_launch_kernel(launch, kernel, backward, args);
  if (st != WP_SUCCESS || wp_launch_device(launch) == WP_DEVICE_CPU)
    return st;
  wp_launch cpu = *launch;
  cpu.device = WP_DEVICE_CPU;
  cpu.stream = 0;
  return __real_wp_launch_kernel(&cpu, kernel, backward, args);
}
