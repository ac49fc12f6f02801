# A kernel's module_options={"block_dim": N}: warpc compiles one CUDA block
# width per module (warpc --block-dim N, else wp.set_module_options), so a
# kernel's own block_dim is ignored; the warning says so and where the
# width comes from, not that warpc applies only enable_backward and
# max_unroll (it applies the module's block_dim too).
import warp as wp


@wp.kernel(module="unique", module_options={"block_dim": 64})
def k(a: wp.array(dtype=float), out: wp.array(dtype=float)):
    i, lane = wp.tid()
    out[i] = wp.untile(wp.tile(a[i] * 2.0))

# expect-warning: 9:45: a kernel's module option 'block_dim' has no effect in warpc: the CUDA block width of wp.tile(x) and wp.untile(t) is the module's (warpc --block-dim N, else wp.set_module_options({"block_dim": N}), else 256) [-Wignored-option]
# expect-exit: 0
