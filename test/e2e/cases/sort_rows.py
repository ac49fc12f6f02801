"""Insertion sort of each row of a 2-D array in place: nested while and for
loops with data-dependent trip counts, loads and stores at computed
indices."""
import warp as wp


@wp.kernel
def insertion_sort(a: wp.array2d(dtype=float), swaps: wp.array(dtype=int)):
    r = wp.tid()
    n = a.shape[1]
    count = int(0)
    for i in range(1, n):
        key = a[r, i]
        j = i - 1
        while j >= 0 and a[r, wp.max(j, 0)] > key:
            a[r, j + 1] = a[r, j]
            j -= 1
            count += 1
        a[r, j + 1] = key
    swaps[r] = count


@wp.kernel
def sort_ints_desc(a: wp.array2d(dtype=int)):
    r = wp.tid()
    n = a.shape[1]
    for i in range(n):
        best = i
        for j in range(i + 1, n):
            if a[r, j] > a[r, best]:
                best = j
        if best != i:
            t = a[r, i]
            a[r, i] = a[r, best]
            a[r, best] = t


TESTS = [
    dict(kernel="insertion_sort", dim=50, args=dict(a=("uniform", -100, 100)), shapes=dict(a=(50, 40))),
    dict(kernel="sort_ints_desc", dim=30, args=dict(a=("int", -50, 50)), shapes=dict(a=(30, 33))),
]
