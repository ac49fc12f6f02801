"""Byte-string processing on a 2D uint8 array (one string per row):
FNV-1a 32-bit hash per row, a Rabin-Karp rolling hash searching a
pattern row in every text row (match positions counted exactly), and
ASCII lower-casing with range tests on uint8."""
import warp as wp


@wp.kernel
def fnv_rows(text: wp.array2d(dtype=wp.uint8), h: wp.array(dtype=wp.uint32)):
    r = wp.tid()
    x = wp.uint32(2166136261)
    for k in range(text.shape[1]):
        x = (x ^ wp.uint32(text[r, k])) * wp.uint32(16777619)
    h[r] = x


@wp.kernel
def search(text: wp.array2d(dtype=wp.uint8), pat: wp.array(dtype=wp.uint8), matches: wp.array(dtype=int),
           first: wp.array(dtype=int)):
    r = wp.tid()
    m = pat.shape[0]
    n = text.shape[1]
    B = wp.uint32(257)
    hp = wp.uint32(0)
    ht = wp.uint32(0)
    pw = wp.uint32(1)
    for k in range(m):
        hp = hp * B + wp.uint32(pat[k])
        ht = ht * B + wp.uint32(text[r, k])
        if k > 0:
            pw = pw * B
    count = int(0)
    pos = int(-1)
    for s in range(n - m + 1):
        if s > 0:
            ht = (ht - wp.uint32(text[r, s - 1]) * pw) * B + wp.uint32(text[r, s + m - 1])
        if ht == hp:
            same = int(1)
            for k in range(m):
                if text[r, s + k] != pat[k]:
                    same = 0
            if same == 1:
                count += 1
                if pos < 0:
                    pos = s
    matches[r] = count
    first[r] = pos


@wp.kernel
def lower(text: wp.array2d(dtype=wp.uint8), out: wp.array2d(dtype=wp.uint8)):
    r, k = wp.tid()
    c = text[r, k]
    if c >= wp.uint8(65) and c <= wp.uint8(90):
        c = c + wp.uint8(32)
    out[r, k] = c


TESTS = [
    dict(kernel="fnv_rows", dim=50, args=dict(text=("int", 65, 70)), shapes=dict(text=(50, 80)), outputs=["h"]),
    dict(kernel="search", dim=50, args=dict(text=("int", 65, 67), pat=[65, 66, 65]),
         shapes=dict(text=(50, 200), pat=(3,)), outputs=["matches", "first"]),
    dict(kernel="lower", dim=(50, 80), args=dict(text=("int", 32, 126)), outputs=["out"]),
]
