"""IntEnum and IntFlag members in kernels, as Warp takes them: `Mode.FAST`
and `Mode.FAST.value` are int32 constants (auto() counts as Python does),
usable in comparisons, arithmetic, bit operations, int(...), wp.static and
module constants computed with int(...).  Members defined from members above
them (`ALL = DYNAMIC | KINEMATIC | PROXY`, as newton's BodyFlags) see their
plain values, as the class body does.  auto() after explicit values is the
largest value so far + 1 (Jump.AFTER: 6, not 2; an alias does not reset it)."""
import enum
from enum import IntFlag, auto

import warp as wp


class Mode(enum.IntEnum):
    SLOW = 0
    FAST = 1
    TURBO = 7
    NEXT = auto()


class Flags(IntFlag):
    A = auto()
    B = auto()
    C = auto()
    BIG = 64


class Level(enum.IntEnum):
    LOW = auto()
    MID = auto()
    HIGH = auto()


class BodyFlags(IntFlag):
    DYNAMIC = 1 << 0
    KINEMATIC = 1 << 1
    PROXY = 1 << 2
    ALL = DYNAMIC | KINEMATIC | PROXY
    NOT_PROXY = ALL & ~PROXY


class Stage(enum.IntEnum):
    FIRST = 3
    SECOND = FIRST * 2 + 1


AC = int(Flags.A | Flags.C)
LEVELS = int(Level.HIGH) + 1
NOT_A = int(~Flags.A)  # Python flips the bits up to the highest member: 126


@wp.func
def speed(m: int):
    if m == Mode.FAST:
        return 2.0
    elif m == Mode.TURBO:
        return 7.5
    return 0.5


@wp.kernel
def enums(modes: wp.array(dtype=int), flags: wp.array(dtype=int), out: wp.array(dtype=int),
          fout: wp.array(dtype=float)):
    i = wp.tid()
    m = modes[i]
    f = flags[i]
    out[i * 8 + 0] = Mode.TURBO + Mode.NEXT * 10
    out[i * 8 + 1] = int(Mode.FAST) + Level.HIGH.value
    out[i * 8 + 2] = wp.where(m != Mode.SLOW, 1, 0)
    out[i * 8 + 3] = f & (Flags.A | Flags.C)
    out[i * 8 + 4] = wp.where((f & Flags.B) != 0, Flags.BIG, ~Flags.A & 7)
    out[i * 8 + 5] = AC + LEVELS * 100 + NOT_A * 1000
    out[i * 8 + 6] = wp.static(Flags.B | Flags.C | Flags.BIG) + wp.static(~Flags.B) * 1000 + (~Flags.B) * 7
    x = Level.LOW
    if m >= Mode.TURBO:
        x = Level.HIGH
    out[i * 8 + 7] = x << Flags.B
    fout[i] = speed(m) * float(Level.MID)


@wp.kernel
def derived_members(flags: wp.array(dtype=int), out: wp.array(dtype=int)):
    i = wp.tid()
    f = flags[i]
    out[i] = (f & BodyFlags.ALL) + (f & BodyFlags.NOT_PROXY) * 10 + Stage.SECOND * 100 + int(BodyFlags.ALL) * 1000


class Jump(enum.IntEnum):
    HIGH = 5
    LOW = 1
    AFTER = auto()
    ALIAS = 1
    LAST = auto()
    NEG = -9


class Negative(enum.IntEnum):
    A = -5
    B = auto()


@wp.kernel
def auto_values(out: wp.array(dtype=int)):
    out[0] = Jump.AFTER
    out[1] = Jump.LAST
    out[2] = Negative.B
    out[3] = wp.static(Jump.AFTER.value + Jump.NEG)


TESTS = [
    dict(kernel="auto_values", dim=1, shapes=dict(out=(4,)), outputs=["out"]),
    dict(kernel="enums", dim=16,
         args=dict(modes=[0, 1, 7, 8, 1, 0, 7, 3, 1, 1, 0, 8, 7, 2, 1, 0],
                   flags=[0, 1, 2, 3, 4, 5, 6, 7, 64, 65, 66, 67, 1, 2, 4, 7]),
         shapes=dict(out=(128,)),
         outputs=["out", "fout"]),
    dict(kernel="derived_members", dim=8, args=dict(flags=[0, 1, 2, 3, 4, 5, 6, 7]), outputs=["out"]),
]
