"""The @wp.kernel options of warp-lang 1.11-1.19: launch_bounds as an int,
a 1- or 2-tuple or a list (CUDA __launch_bounds__), cuda_max_registers
(__maxnreg__), enable_cuda_smem_spilling, cluster_dim (__cluster_dims__ on
sm_90+), grid_stride=True, entry_point_abi="warp", name=, and module_options
with module="unique" (enable_backward / max_unroll applied).  On the CPU
none changes the results."""
import warp as wp


@wp.kernel(launch_bounds=(64, 2))
def lb_pair(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a[i] * 2.0 + 1.0


@wp.kernel(launch_bounds=[128], enable_cuda_smem_spilling=True)
def lb_list(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = wp.sin(a[i])


@wp.kernel(launch_bounds=(256,), cluster_dim=2, grid_stride=True, entry_point_abi="warp")
def lb_single(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a[i] * a[i]


@wp.kernel(cuda_max_registers=64, module="unique", module_options={"enable_backward": False, "max_unroll": 4},
           name="renamed_kernel")
def max_regs(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    s = float(0.0)
    for k in range(8):
        s += a[i] * float(k)
    out[i] = s


@wp.kernel(launch_bounds=None, cluster_dim=1)
def defaults(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = a[i] - 3.0


A = ("uniform", -2, 2)
TESTS = [
    dict(kernel="lb_pair", dim=100, args=dict(a=A), outputs=["out"]),
    dict(kernel="lb_list", dim=100, args=dict(a=A), outputs=["out"]),
    dict(kernel="lb_single", dim=100, args=dict(a=A), outputs=["out"]),
    dict(kernel="max_regs", dim=100, args=dict(a=A), outputs=["out"]),
    dict(kernel="defaults", dim=100, args=dict(a=A), outputs=["out"]),
]
