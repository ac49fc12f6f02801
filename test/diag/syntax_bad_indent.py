# Bad indentation: an unexpected indent, an unindent to no outer level,
# tabs mixed with spaces.
import warp as wp


@wp.kernel
def over_indented(a: wp.array(dtype=float)):
    i = wp.tid()
        a[i] = 1.0


@wp.kernel
def bad_dedent(a: wp.array(dtype=float)):
    i = wp.tid()
    if i > 0:
        a[i] = 1.0
      a[i] = 2.0

# expect: 9:9: unexpected indent
# expect: 17:7: unindent does not match any outer indentation level
