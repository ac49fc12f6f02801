# wp.quaternion / wp.transformation take Warp's parameter names as keywords
# (x, y, z, w or ijk, real; p, q): an unknown name, one given twice, or a
# missing earlier one is an error.
import warp as wp


@wp.kernel
def k(p: wp.vec3, q: wp.quat):
    a = wp.transformation(p=p, r=q)
    b = wp.transformation(p, p=p)
    c = wp.transformation(q=q)
    d = wp.quaternion(ijk=p, w=1.0)

# expect: 9:32: 'transformation' has no argument 'r'
# expect: 10:30: 'transformation' got argument 'p' twice
# expect: 11:9: 'transformation' is missing argument 1
# expect: 12:30: 'quaternion' has no argument 'w'
