"""@wp.func and @wp.struct definitions in the body of a module-level class,
reached as Class.name, as warp-lang takes them: a static func of an IntEnum
(newton's `JointActuationType.from_newton_wp`), a func of a vector subclass
that builds one (newton's `YieldParamVec.from_values`), a struct of a plain
class (`Gaussian.Data`) made and filled in a kernel, an IntEnum nested in a
class (newton's `CouplingInterface.EndpointKind.BODY`), a @staticmethod
factory and helper of an IntEnum with a default read from the class body
(newton's `ContactMode.make_compute_mode_func()`)."""
import enum

import warp as wp


class Actuation(enum.IntEnum):
    FORCE = 1
    POSITION = 2

    @staticmethod
    @wp.func
    def from_mode(mode: int) -> int:
        if mode == 0:
            return int(Actuation.FORCE)
        return int(Actuation.POSITION) * 10 + mode


class ContactMode(enum.IntEnum):
    OPEN = 0
    STICK = 1
    SLIP = 2
    DEFAULT_TOL = 0.25  # a class-body name a default value reads

    @staticmethod
    def make_compute_mode_func(tol: float = DEFAULT_TOL):
        @wp.func
        def compute_mode(v: float) -> int:
            if v > wp.float32(tol):
                return int(ContactMode.OPEN)
            if v > -wp.float32(tol):
                return int(ContactMode.STICK)
            return int(ContactMode.SLIP)

        return compute_mode

    @staticmethod
    def shift(n: int):
        return n * 10


class YieldParams(wp.types.vector(length=3, dtype=wp.float32)):
    @wp.func
    def from_values(friction: float, pressure: float, stress: float):
        scale = wp.sqrt(3.0 / 2.0)
        return YieldParams(pressure * scale, friction * pressure, stress)


class Interface:
    class EndpointKind(enum.IntEnum):
        BODY = 0
        PARTICLE = 1


class Gaussian:
    @wp.struct
    class Data:
        mu: float
        sigma: float

    @wp.func
    def density(mu: float, sigma: float, x: float):
        d = (x - mu) / sigma
        return wp.exp(-0.5 * d * d) / sigma


@wp.kernel
def class_members(x: wp.array(dtype=float), modes: wp.array(dtype=int), out: wp.array(dtype=float),
                  acts: wp.array(dtype=int), params: wp.array(dtype=YieldParams)):
    i = wp.tid()
    g = Gaussian.Data()
    g.mu = 0.5
    g.sigma = 1.5 + x[i] * 0.25
    out[i] = Gaussian.density(g.mu, g.sigma, x[i])
    acts[i] = Actuation.from_mode(modes[i])
    params[i] = YieldParams.from_values(x[i], 2.0, 3.0 * x[i])
    acts[i] += wp.static(ContactMode.make_compute_mode_func())(x[i]) * wp.static(ContactMode.shift(100))
    acts[i] += wp.static(ContactMode.make_compute_mode_func(0.75))(x[i]) * 10000
    if modes[i] == wp.static(int(Interface.EndpointKind.PARTICLE)):
        acts[i] += Interface.EndpointKind.PARTICLE * 100


TESTS = [
    dict(kernel="class_members", dim=12, args=dict(x=("uniform", -1, 1), modes=("int", 0, 3)),
         outputs=["out", "acts", "params"]),
]
