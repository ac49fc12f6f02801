"""Random numbers bit for bit: rand_init(seed) / rand_init(seed, offset),
randi, randu, randf and randn, each thread drawing several values from its
own state (the state argument is advanced in place, as in Warp), for three
seeds and two offsets: 1000 threads x 4 draws of each function.  Compared
exactly (rtol = atol = 0)."""
import warp as wp


@wp.kernel
def draws(seed: int, offset: int, ri: wp.array2d(dtype=int), ru: wp.array2d(dtype=wp.uint32),
          rf: wp.array2d(dtype=float), rn: wp.array2d(dtype=float), st: wp.array(dtype=wp.uint32)):
    i = wp.tid()
    state = wp.rand_init(seed, i + offset)
    for k in range(4):
        ri[i, k] = wp.randi(state)
        ru[i, k] = wp.randu(state)
        rf[i, k] = wp.randf(state)
        rn[i, k] = wp.randn(state)
    st[i] = state


@wp.kernel
def draws_seed_only(seed: int, rf: wp.array2d(dtype=float), ri: wp.array2d(dtype=int)):
    i = wp.tid()
    state = wp.rand_init(seed + i)
    rf[i, 0] = wp.randf(state)
    ri[i, 0] = wp.randi(state)
    rf[i, 1] = wp.randf(state)
    ri[i, 1] = wp.randi(state)
    rf[i, 2] = wp.randn(state)
    ri[i, 2] = wp.randi(state)


@wp.kernel
def ranges(seed: int, ri: wp.array2d(dtype=int), ru: wp.array2d(dtype=wp.uint32),
           rf: wp.array2d(dtype=float)):
    i = wp.tid()
    state = wp.rand_init(seed, i)
    for k in range(3):
        ri[i, k] = wp.randi(state, -50, 50)
        ru[i, k] = wp.randu(state, wp.uint32(7), wp.uint32(1000))
        rf[i, k] = wp.randf(state, -2.5, 4.0)


@wp.func
def jitter(s: wp.uint32, x: float) -> float:
    # the func's copy of the state advances, the caller's does not
    r = wp.randf(s)
    return x + r + wp.randf(s)


@wp.kernel
def in_func_and_branch(seed: int, out: wp.array(dtype=float), flag: wp.array(dtype=int)):
    i = wp.tid()
    s = wp.rand_init(seed, i)
    a = jitter(s, 1.0)
    b = wp.randf(s)  # same as the func's first draw
    if flag[i] > 0:
        b = b + wp.randf(s)
    n = flag[i] * 3
    while n > 0:
        b = b + wp.randf(s)
        n = n - 1
    out[i] = a + b + wp.randf(s)


EXACT = dict(rtol=0.0, atol=0.0)
TESTS = []
for _seed in (0, 42, 123456789):
    for _off in (0, 1000):
        TESTS.append(dict(name=f"draws_s{_seed}_o{_off}", kernel="draws", dim=1000,
                          args=dict(seed=_seed, offset=_off), shapes=dict(ri=(1000, 4), ru=(1000, 4), rf=(1000, 4),
                                                                        rn=(1000, 4)),
                          outputs=["ri", "ru", "rf", "rn", "st"], **EXACT))
TESTS += [
    dict(kernel="draws_seed_only", dim=1000, args=dict(seed=7), shapes=dict(rf=(1000, 3), ri=(1000, 3)), **EXACT),
    dict(kernel="draws_seed_only", dim=1000, args=dict(seed=-123456), shapes=dict(rf=(1000, 3), ri=(1000, 3)),
         **EXACT),
    dict(kernel="ranges", dim=1000, args=dict(seed=99), shapes=dict(ri=(1000, 3), ru=(1000, 3), rf=(1000, 3)),
         **EXACT),
    dict(kernel="in_func_and_branch", dim=1000, args=dict(seed=5, flag=("int", 0, 2)), outputs=["out"], **EXACT),
]
