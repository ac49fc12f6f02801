"""@wp.func_grad writing the adjoint of a struct parameter's field by its
path: wp.adjoint[x.vec].y = ... and wp.adjoint[x.vec] += ... (warp's
test_composite_component_adjoint _k_adjoint_component_write).  The custom
gradients are not the derivative (fd=False): compared with warp-lang."""
import warp as wp


@wp.struct
class Holder:
    vec: wp.vec3
    s: float


@wp.func
def sum_vec(x: Holder):
    return x.vec[0] + x.vec[1] + x.vec[2] + x.s


@wp.func_grad(sum_vec)
def sum_vec_grad(x: Holder, adj_ret: wp.float32):
    wp.adjoint[x.vec].y = adj_ret * 5.0
    wp.adjoint[x.vec] += wp.vec3(adj_ret, 0.0, 0.0)
    wp.adjoint[x.s] = adj_ret * 2.0


@wp.kernel
def use(xs: wp.array(dtype=Holder), out: wp.array(dtype=float)):
    i = wp.tid()
    out[i] = sum_vec(xs[i])


GRAD_TESTS = [
    dict(name="field_paths", kernel="use", dim=4, args=dict(xs=("uniform", -1, 1)), outputs=["out"],
         inputs=["xs"], fd=False),
]
