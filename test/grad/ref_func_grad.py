"""A Python @wp.func with a wp.ref[T] array parameter and a @wp.func_grad
(warp-lang 1.19.0's test_ref_array_view_adjoint): the rule takes the
adjoint of the declared result and writes the array's adjoint through an
alias and a view of it.  The rule is not the derivative: no FD."""
import warp as wp

array2d_float_ref = wp.ref[wp.array2d[float]]


@wp.func
def ref_view_value(values: array2d_float_ref, row_index: int) -> float:
    alias = values
    row = alias[row_index]
    return row[1] * 2.0


@wp.func_grad(ref_view_value)
def adj_ref_view_value(values: array2d_float_ref, row_index: int, adj_ret: float):
    alias = values
    row = alias[row_index]
    wp.adjoint[values][row_index, 1] += adj_ret * 3.0 + row[0]


@wp.kernel
def view_value(values: wp.array2d[float], out: wp.array[float]):
    i = wp.tid()
    out[i] = ref_view_value(values, i) + values[i, 0]


GRAD_TESTS = [
    dict(name="view_value", kernel="view_value", dim=3, args=dict(values=("uniform", -1, 1)),
         shapes=dict(values=(3, 2), out=(3,)), outputs=["out"], inputs=["values"], fd=False),
]
