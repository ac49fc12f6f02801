# A file whose `wp` comes from a star import (as warp's own tests get it
# from warp.tests.unittest_utils): warpc does not follow the star import, so
# its @wp.kernel defs and wp.kernel() calls compile to nothing; one warning
# per file says so, at the first of them.
# expect-exit: 0
from warp.tests.unittest_utils import *


@wp.kernel
def first(a: wp.array(dtype=float)):
    a[0] = 1.0


@wp.kernel
def second(a: wp.array(dtype=float)):
    a[0] = 2.0


def third(a: wp.array(dtype=float)):
    a[0] = 3.0


k = wp.kernel(third)

# expect-warning: 10:5: 'wp' is not imported in this file, so the kernel 'first' and 2 more made with 'wp.kernel' are not compiled: warpc does not follow 'from warp.tests.unittest_utils import *' [-Wwarp-not-imported]
