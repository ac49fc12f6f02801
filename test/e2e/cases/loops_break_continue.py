"""break and continue in for and while loops, nested loops breaking out of
the inner one."""
import warp as wp


@wp.kernel
def first_above(data: wp.array2d(dtype=float), threshold: float, idx: wp.array(dtype=int)):
    i = wp.tid()
    found = int(-1)
    for j in range(data.shape[1]):
        if data[i, j] > threshold:
            found = j
            break
    idx[i] = found


@wp.kernel
def skip_negatives(data: wp.array2d(dtype=float), total: wp.array(dtype=float), count: wp.array(dtype=int)):
    i = wp.tid()
    s = float(0.0)
    c = int(0)
    for j in range(data.shape[1]):
        v = data[i, j]
        if v < 0.0:
            continue
        s += v
        c += 1
    total[i] = s
    count[i] = c


@wp.kernel
def nested_break(n: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    hits = int(0)
    for a in range(n[i]):
        if a % 4 == 3:
            continue
        for b in range(20):
            if b > a:
                break
            if (a + b) % 3 == 0:
                continue
            hits += a * b + 1
        if hits > 5000:
            break
    out[i] = hits


@wp.kernel
def while_break_continue(n: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    k = n[i]
    steps = int(0)
    acc = int(0)
    while True:
        steps += 1
        k = k - 1
        if k % 5 == 0:
            continue
        acc += k
        if k <= 0 or steps > 100:
            break
    out[i] = acc * 1000 + steps


TESTS = [
    dict(kernel="first_above", dim=100, args=dict(data=("uniform", 0, 1), threshold=0.97),
         shapes=dict(data=(100, 50)), outputs=["idx"]),
    dict(kernel="skip_negatives", dim=100, args=dict(data=("uniform", -1, 1)), shapes=dict(data=(100, 40)),
         outputs=["total", "count"]),
    dict(kernel="nested_break", dim=100, args=dict(n=("int", 0, 40)), outputs=["out"]),
    dict(kernel="while_break_continue", dim=100, args=dict(n=("int", -10, 60)), outputs=["out"]),
]
