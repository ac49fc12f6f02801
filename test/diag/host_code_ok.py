# Host-side Python that is not Warp's business must not be diagnosed: numpy,
# classes, comprehensions, f-strings, lambdas, try/with, match, async.
# expect-exit: 0
import sys
from dataclasses import dataclass

import numpy as np
import warp as wp

N = 16
SCALE = wp.constant(2.0)
table = {"a": 1, "b": [x * x for x in range(10)]}
data = np.linspace(0.0, 1.0, N)
unused = np.zeros(3)


@dataclass
class Config:
    name: str = "sim"
    steps: int = 10

    def describe(self):
        return f"{self.name}: {self.steps} steps"


def host_helper(xs, *args, **kwargs):
    try:
        with open("/dev/null") as f:
            f.read()
    except OSError as e:
        print(f"failed: {e}", file=sys.stderr)
    squares = [x * x for x in xs if x > 0]
    fn = lambda v: v + 1
    return {k: fn(v) for k, v in zip("abc", squares)}


def classify(v):
    match v:
        case [a, b]:
            return a + b
        case {"k": k}:
            return k
        case _:
            return None


async def fetch(n):
    return [i async for i in agen(n)]


@wp.kernel
def scale(a: wp.array(dtype=float)):
    i = wp.tid()
    a[i] = a[i] * SCALE


if __name__ == "__main__":
    wp.init()
    arr = wp.array(data, dtype=float)
    wp.launch(scale, dim=N, inputs=[arr])
    print(Config().describe(), host_helper([1, 2, 3]), classify([1, 2]))
