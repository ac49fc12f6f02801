# wp.handle (warp-lang 1.19) is a type for annotations (a uint64 for object
# ids); Warp has no wp.handle() call in a kernel.
import warp as wp


@wp.kernel
def k(h: wp.handle, out: wp.array(dtype=wp.handle)):
    i = wp.tid()
    out[i] = wp.handle(i) + h

# expect: 9:14: wp.handle is a type for annotations and has no constructor in a kernel; write wp.uint64(x)
