# break / continue that are not inside a loop (in a kernel and in a func).
import warp as wp


@wp.func
def first_positive(x: float) -> float:
    if x > 0.0:
        break
    return x


@wp.kernel
def k(a: wp.array(dtype=float)):
    i = wp.tid()
    if a[i] < 0.0:
        continue
    a[i] = first_positive(a[i])

# expect: 8:9: 'break' outside a loop
# expect: 16:9: 'continue' outside a loop
