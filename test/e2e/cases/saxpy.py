"""y = a*x + y, the hello-world of every GPU language."""
import warp as wp


@wp.kernel
def saxpy(x: wp.array(dtype=float), y: wp.array(dtype=float), a: float):
    i = wp.tid()
    y[i] = a * x[i] + y[i]


if __name__ == "__main__":
    import numpy as np

    wp.init()
    n = 16
    x = wp.array(np.arange(n, dtype=np.float32), dtype=float)
    y = wp.ones(n, dtype=float)
    wp.launch(saxpy, dim=n, inputs=[x, y, 2.0])
    print(y.numpy())


TESTS = [
    dict(kernel="saxpy", dim=1000, args=dict(x=("uniform", -1, 1), y=("uniform", -1, 1), a=2.5), outputs=["y"]),
    dict(kernel="saxpy", dim=1, args=dict(x=[3.0], y=[-1.0], a=-0.5)),
]
