#!/usr/bin/env bash
# A kernel file full of host code (numpy, classes, decorators, lambdas,
# comprehensions, async, try/except, `if __name__ == "__main__":`) compiles:
# host code is skipped, never rejected, and only kernels become launchers.
. "${WARPC_ROOT:-$PWD}/test/tools/cli_lib.sh"

cat >sim.py <<'PY'
#!/usr/bin/env python3
"""A simulation script, as people write them."""
from __future__ import annotations

import os
import sys
from dataclasses import dataclass, field

import numpy as np
import warp as wp

N = 128
SCALE = 2.0
names = ["a", "b"]
table = {"x": 1, "y": [1, 2, 3], **{"z": 3}}


@dataclass
class Config:
    n: int = N
    tags: list = field(default_factory=list)


class Simulator:
    """Host-side class with methods, properties and lambdas."""

    count: int = 0

    def __init__(self, cfg: Config = Config()):
        self.cfg = cfg
        self.x = wp.zeros(cfg.n, dtype=float)
        self.f = lambda v, *a, **k: v * 2

    @property
    def size(self) -> int:
        return self.cfg.n

    @staticmethod
    def describe(*args, sep=", ", **kwargs) -> str:
        return sep.join(f"{a!r:>4}" for a in args)

    def step(self):
        wp.launch(scale, dim=self.size, inputs=[self.x, SCALE])


def helper(path=os.devnull):
    with open(path, "w") as fh, open(path) as _:
        print(*names, file=fh)
    squares = [i * i for i in range(10) if i % 2]
    return squares + list({k: v for k, v in table.items()}) + [*{1, 2}]


@wp.func
def twice(v: float):
    return v * 2.0


@wp.kernel
def scale(x: wp.array(dtype=float), s: float):
    i = wp.tid()
    x[i] = twice(x[i]) * s


async def fetch(session):
    global N
    try:
        async with session as s:
            await s.get("http://example.invalid")
    except (OSError, ValueError) as e:
        raise RuntimeError("nope") from e
    finally:
        pass
    match N:
        case 1:
            return None
        case _:
            return [y async for y in s]


def gen():
    yield from range(3)
    x = yield
    del x


if __name__ == "__main__":
    wp.init()
    sim = Simulator(Config(n=int(sys.argv[1]) if len(sys.argv) > 1 else N))
    for _ in range(3):
        sim.step()
    else:
        print(sim.x.numpy(), np.sum(sim.x.numpy()) @ np.eye(1) if False else 0)
    assert helper() is not None, "helper"
    while False:
        break
PY
rc=0
"$warpc" sim.py -o sim.o 2>err || rc=$?
[ "$rc" = 0 ] || fail "sim.py: exit $rc: $(cat err)"
[ ! -s err ] || fail "sim.py: diagnostics printed: $(cat err)"
syms=$(nm sim.o | awk '$2 == "T" { print $3 }' | sort | tr '\n' ' ')
[ "$syms" = "sim_scale sim_scale_backward " ] || fail "sim.o text symbols: '$syms', want only sim_scale and its backward"
launchers=$(grep -c '^wp_status ' sim.h || true)
[ "$launchers" = 2 ] || fail "sim.h declares $launchers launchers, want 2 (forward, backward)"
echo ok
