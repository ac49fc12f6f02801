"""@property methods of an IntEnum run at compile time on a member (newton's
kamino JointDoFType.num_dofs / .cts_axes): their ifs on `self.value` and
other members, `self in (...)`, `self is Dof.BALL`, returns of numbers and of wp.constant
vectors (a length-1 vector too); reached from a module constant, through a
factory's parameter (`dof.num_dofs` as a loop bound, `dof.axes[i]` as an
index beside a slice) and inside wp.static(make(Kind.X.axes)); a property
returning a type (`T = dof.storage`, then `T(0.0)` in a func); a @wp.func
run in wp.static() may use ifs too."""
from enum import IntEnum

import warp as wp


class vec1i(wp.types.vector(length=1, dtype=wp.int32)):
    pass


class vec1f(wp.types.vector(length=1, dtype=wp.float32)):
    pass


class Dof(IntEnum):
    FREE = 0
    REVOLUTE = 1
    BALL = 2
    FIXED = 3

    @property
    def num_dofs(self) -> int:
        if self.value == self.FREE:
            return 6
        elif self.value == self.REVOLUTE:
            return 1
        elif self.value == self.BALL:
            return 3
        else:
            if self.value != self.FIXED:
                raise ValueError(f"unknown {self.value}")
            return 0

    @property
    def rotational(self) -> bool:
        return self in (Dof.REVOLUTE, Dof.BALL)

    @property
    def weight(self) -> float:
        if self is Dof.BALL or self is not Dof.REVOLUTE and self.value > 2:
            return 2.5
        return 0.5

    @property
    def storage(self):
        if self.value == self.REVOLUTE:
            return vec1f
        return wp.vec3f

    @property
    def axes(self):
        if self.value == self.REVOLUTE:
            return wp.constant(vec1i(2))
        if self.value == self.BALL:
            return wp.constant(wp.vec3i(0, 1, 2))
        return wp.constant(wp.vec3i(2, 1, 0))


TOTAL = Dof.FREE.num_dofs + Dof.BALL.num_dofs + Dof.FIXED.num_dofs


def make_sum(dof: Dof):
    n = dof.num_dofs
    axes = dof.axes
    sign = (1.0 if dof.rotational else -1.0) * dof.weight

    @wp.func
    def sum_axes(m: wp.mat33) -> float:
        s = float(0.0)
        for i in range(n):
            s += wp.dot(m[:, axes[i % len(axes)]], wp.vec3(1.0, 2.0, 3.0))
        return sign * s

    return sum_axes


def make_fill(dof: Dof):
    T = dof.storage

    @wp.func
    def fill(x: float) -> float:
        v = T(x)
        s = float(0.0)
        for i in range(len(v)):
            s += v[i] * float(i + 1)
        return s

    return fill


fill_revolute = make_fill(Dof.REVOLUTE)
fill_ball = make_fill(Dof.BALL)
sum_free = make_sum(Dof.FREE)
sum_revolute = make_sum(Dof.REVOLUTE)


@wp.func
def pick(k: int) -> int:
    if k > 2:
        return k * 10
    return k


@wp.kernel
def props(m: wp.array(dtype=wp.mat33), out: wp.array2d(dtype=float)):
    i = wp.tid()
    out[i, 0] = float(TOTAL)
    out[i, 1] = sum_free(m[i])
    out[i, 2] = sum_revolute(m[i])
    out[i, 3] = wp.static(make_sum(Dof.BALL))(m[i])
    out[i, 4] = float(wp.static(Dof.BALL.axes[2] + pick(3) + pick(1)))
    out[i, 5] = float(wp.static(len(Dof.REVOLUTE.axes)))
    out[i, 6] = fill_revolute(m[i][0, 0]) + fill_ball(m[i][1, 1])


TESTS = [
    dict(kernel="props", dim=8, args=dict(m=("uniform", -1, 1)), shapes=dict(out=(8, 7)), outputs=["out"]),
]
