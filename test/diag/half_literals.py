# warp-lang 1.10.1 has no bfloat16; float16 vectors take float16 values only
# (float literals do not convert).
import warp as wp


@wp.kernel
def k(v: wp.array(dtype=wp.vec3h)):
    i = wp.tid()
    v[i] = wp.vec3h(1.0, 2.0, 3.0)
    x = wp.bfloat16(1.5)


@wp.kernel
def k2(v: wp.array(dtype=wp.bfloat16)):
    i = wp.tid()

# expect: 9:21: all values used to initialize a 'vec3h' must be 'float16', got 'float32'
# expect: 10:9: 'bfloat16' is not a Warp builtin or type warpc knows
# expect: 14:26: 'bfloat16' is not a type warpc knows
