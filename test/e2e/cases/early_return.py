"""Early return from kernels: guards on the thread index and on data, and a
return from inside a loop."""
import warp as wp


@wp.kernel
def guarded(x: wp.array(dtype=float), n: int, y: wp.array(dtype=float)):
    i = wp.tid()
    if i >= n:
        return
    if x[i] < 0.0:
        y[i] = -1.0
        return
    y[i] = wp.sqrt(x[i])


@wp.kernel
def find_first(data: wp.array2d(dtype=int), target: int, where: wp.array(dtype=int)):
    i = wp.tid()
    for j in range(data.shape[1]):
        if data[i, j] == target:
            where[i] = j
            return
    where[i] = -1


TESTS = [
    dict(kernel="guarded", dim=300, args=dict(x=("uniform", -1, 4), n=250, y=("full", 7.0)), outputs=["y"]),
    dict(kernel="find_first", dim=100, args=dict(data=("int", 0, 30), target=7), shapes=dict(data=(100, 25)),
         outputs=["where"]),
]
