# @wp.kernel options warp-lang 1.19 rejects or warpc does not implement:
# bad launch_bounds, cuda_max_registers with launch_bounds, cluster_dim out
# of range, module_options without module="unique" or with an unknown key,
# the external-constant-params ABI, and an unknown keyword; grid_stride=False
# and module options without effect are warnings.
import warp as wp


@wp.kernel(launch_bounds=(64, 2, 1))
def three(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(launch_bounds=128, cuda_max_registers=32)
def both(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(cluster_dim=17)
def big_cluster(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(module_options={"fast_math": True})
def shared_module(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(module="unique", module_options={"fast_math": True, "bogus": 1})
def unknown_option(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(entry_point_abi="external_constant_params", enable_backward=False)
def abi(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel(grid_stride=False, lanch_bounds=64)
def typo(a: wp.array(dtype=float)):
    a[0] = 1.0

# expect: 9:26: 'launch_bounds' must be an int or a tuple of 1 or 2 ints
# expect: 14:31: cuda_max_registers and launch_bounds cannot be specified together
# expect: 19:24: 'cluster_dim' must be an integer from 1 to 16
# expect: 24:12: module_options requires module="unique"
# expect: 29:64: unknown module option 'bogus'
# expect-warning: 29:45: module option 'fast_math' has no effect in warpc
# expect: 34:28: warpc implements only entry_point_abi="warp"
# expect: 39:31: @wp.kernel() has no option 'lanch_bounds'
# expect-warning: 39:24: grid_stride=False is not implemented by warpc [-Wignored-option]
