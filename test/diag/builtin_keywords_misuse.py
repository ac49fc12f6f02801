# Keyword arguments a builtin does not have, given twice, or leaving a
# parameter before them out (builtins take only trailing defaults).
import warp as wp


@wp.kernel
def k(x: wp.array(dtype=float)):
    i = wp.tid()
    a = wp.pow(x=2.0, z=3.0)
    b = wp.clamp(x[i], x=0.0, high=1.0)
    c = wp.lerp(a=0.0, t=0.5)
    t = wp.transform(p=wp.vec3(), rot=wp.quat_identity())
    d = wp.sqrt(value=2.0)
    x[i] = a + b + c + d + t.p[0]

# expect: 9:23: 'pow' has no parameter 'z'; its parameters: x,y
# expect: 10:24: the arguments of 'clamp' do not fit its parameters (x,low,high): one is given twice or one before them is missing
# expect: 11:17: the arguments of 'lerp' do not fit its parameters (a,b,t): one is given twice or one before them is missing
# expect: 12:35: 'transform' has no parameter 'rot'; its parameters: p,q
# expect: 13:17: 'sqrt' has no parameter 'value'; its parameters: x
