# wp.zeros() and wp.array(ptr=...) misused: a shape not a compile-time
# constant (Warp's message), no dtype, over warpc's limit, a func returning
# the array it made, a ptr not a uint64, a copy of a float16 one in a kernel
# with a backward.
import warp as wp


@wp.func
def make_row() -> wp.array(dtype=int):
    arr = wp.zeros(shape=2, dtype=int)
    return arr


@wp.kernel
def bad(n: int, out: wp.array(dtype=int)):
    a = wp.zeros(shape=(n,), dtype=int)
    b = wp.zeros(shape=(2, 3))
    c = wp.zeros(shape=(1024, 1024), dtype=float)
    d = wp.zeros(shape=(0,), dtype=float)
    e = wp.array(ptr=out.ptr, dtype=int)
    f = wp.array(ptr=1.5, shape=(2,), dtype=int)
    g = make_row()
    h = wp.zeros(shape=2, dtype=int, device="cpu")
    k = wp.zeros(shape=2, dtype=wp.float16)
    k2 = k

# expect: 9:5: warpc cannot return an array from a @wp.func that makes one with wp.zeros(): its storage ends with the func; make it in the caller and pass it in
# expect: 16:25: the `shape` argument must be specified as a constant when zero-initializing an array
# expect: 17:9: wp.zeros() in a kernel needs dtype=
# expect: 18:24: wp.zeros() in a kernel holds at most 65536 elements (warpc's limit: its storage is on the thread's stack)
# expect: 19:25: an extent of wp.zeros() must be at least 1, got 0
# expect: 20:9: wp.array() in a kernel takes ptr=, shape= and dtype=
# expect: 21:22: ptr= must be a 'uint64' address, not 'float32'
# expect: 23:38: wp.zeros() has no argument 'device'
# expect: 25:5: warpc does not differentiate through a copy of a wp.zeros() array of 'float16' (float32 and float64 elements only): use enable_backward=False or copy element by element
