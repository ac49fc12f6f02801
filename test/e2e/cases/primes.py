"""Trial-division primality and the number of primes below n: loops with
break, while with a computed bound, int sqrt through floats."""
import warp as wp


@wp.func
def is_prime(n: int) -> bool:
    if n < 2:
        return False
    if n % 2 == 0:
        return n == 2
    d = int(3)
    while d * d <= n:
        if n % d == 0:
            return False
        d += 2
    return True


@wp.kernel
def primality(n: wp.array(dtype=int), prime: wp.array(dtype=wp.bool), smallest_factor: wp.array(dtype=int)):
    i = wp.tid()
    k = n[i]
    prime[i] = is_prime(k)
    f = k
    limit = int(wp.sqrt(float(k))) + 1
    for d in range(2, limit + 1):
        if k % d == 0:
            f = d
            break
    smallest_factor[i] = f


@wp.kernel
def count_primes(limit: wp.array(dtype=int), count: wp.array(dtype=int)):
    i = wp.tid()
    c = int(0)
    for k in range(limit[i]):
        if is_prime(k):
            c += 1
    count[i] = c


TESTS = [
    dict(kernel="primality", dim=2000, args=dict(n=("int", -5, 100000)), outputs=["prime", "smallest_factor"]),
    dict(kernel="count_primes", dim=64, args=dict(limit=("int", 0, 3000)), outputs=["count"]),
]
