# A line indented with a tab where the block uses spaces.
import warp as wp


@wp.kernel
def tabbed(a: wp.array(dtype=float)):
    i = wp.tid()
	a[i] = 1.0

# expect: 8:2: inconsistent use of tabs and spaces in indentation
