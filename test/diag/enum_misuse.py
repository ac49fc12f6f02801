# Enum members Warp does not accept in kernels.
import enum

import warp as wp


class Color(enum.Enum):
    RED = 1


class Mode(enum.IntEnum):
    SLOW = 0
    FAST = 1
    ODD = 1.5


FAST = Mode.FAST


@wp.kernel
def k(a: wp.array(dtype=int)):
    a[0] = Color.RED
    a[1] = Mode.MEDIUM
    a[2] = FAST
    a[3] = Mode.ODD

# expect: 22:12: 'Color' is not an IntEnum or IntFlag: the members of other enum classes are not integers in kernels
# expect: 23:12: 'Mode' has no member 'MEDIUM'
# expect: 24:12: 'FAST' (a module-level name) holds an IntEnum/IntFlag member, which Warp does not accept in a kernel; use int(...) or write the member in the kernel
# expect: 14:11: the value of member 'ODD' of 'Mode' must be an integer
