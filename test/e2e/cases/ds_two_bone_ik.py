"""Analytic two-bone inverse kinematics (an arm reaching a target): the
target distance clamped to the reachable range, the elbow angle from
the law of cosines with acos, the shoulder angle with atan2 and acos,
forward kinematics back to the end effector for the reach error."""
import warp as wp


@wp.kernel
def ik(target: wp.array(dtype=wp.vec2), l1: float, l2: float, angles: wp.array(dtype=wp.vec2),
       effector: wp.array(dtype=wp.vec2), reach_err: wp.array(dtype=float)):
    i = wp.tid()
    t = target[i]
    d = wp.clamp(wp.length(t), wp.abs(l1 - l2) + 1.0e-4, l1 + l2 - 1.0e-4)
    cos_elbow = (l1 * l1 + l2 * l2 - d * d) / (2.0 * l1 * l2)
    elbow = wp.pi - wp.acos(wp.clamp(cos_elbow, -1.0, 1.0))
    cos_inner = (l1 * l1 + d * d - l2 * l2) / (2.0 * l1 * d)
    shoulder = wp.atan2(t[1], t[0]) - wp.acos(wp.clamp(cos_inner, -1.0, 1.0))
    angles[i] = wp.vec2(shoulder, elbow)
    e1 = wp.vec2(wp.cos(shoulder), wp.sin(shoulder)) * l1
    e2 = e1 + wp.vec2(wp.cos(shoulder + elbow), wp.sin(shoulder + elbow)) * l2
    effector[i] = e2
    reach_err[i] = wp.length(e2 - wp.normalize(t) * d)


TESTS = [
    dict(kernel="ik", dim=1000, args=dict(target=("uniform", -2.5, 2.5), l1=1.2, l2=0.9),
         outputs=["angles", "effector", "reach_err"], rtol=1e-4, atol=1e-4,
         note="acos near +-1 has unbounded derivative: targets near full extension amplify rounding"),
]
