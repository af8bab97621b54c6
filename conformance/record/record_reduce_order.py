"""Record Paddle 3.3.1's CPU sum / mean results bit for bit, for tests/test_ops_reduce_order.py.

    PADDLE_PY conformance/record/record_reduce_order.py

The inputs are regenerated from numpy's RandomState (stable across numpy versions) by CASES, here
and in the test, so the golden holds only Paddle's results (as float.hex strings: every bit)."""
import sys

import numpy as np

sys.path.insert(0, __import__("os").path.dirname(__import__("os").path.abspath(__file__)))
from record_ops_math import write_golden  # noqa: E402

# name -> (seed, shape, dtype, call); call is evaluated with paddle, F and x (the input tensor)
LENGTHS = [1, 5, 7, 8, 9, 15, 16, 17, 24, 27, 31, 32, 33, 40, 47, 64, 65, 100, 407, 1000, 1025,
           4096, 8191, 8192, 8193, 10000, 16385, 50000]
CASES = {}
for n in LENGTHS:
    CASES[f"sum_{n}"] = (n, (n,), "float32", "paddle.sum(x)")
    CASES[f"mean_{n}"] = (n, (n,), "float32", "paddle.mean(x)")
for n in (5, 37, 1000, 4097, 20000):
    CASES[f"sum64_{n}"] = (n + 1, (n,), "float64", "paddle.sum(x)")
    CASES[f"mean64_{n}"] = (n + 1, (n,), "float64", "x.mean()")
for i, (shape, axes) in enumerate([((4, 5, 6), [0, 2]), ((4, 5, 6), [1]), ((4, 5, 6), [0, 1]),
                                    ((4, 5, 6), [1, 2]), ((3, 50, 7), [1]), ((9, 40), [1]),
                                    ((9, 40), [-1]), ((2, 3, 4, 5), [1, 3]), ((33, 5), [0]),
                                    ((100, 40), [0]), ((6, 7), [0, 1])]):
    CASES[f"sum_axes_{i}"] = (100 + i, shape, "float32", f"paddle.sum(x, axis={axes})")
    CASES[f"mean_axes_{i}"] = (100 + i, shape, "float32", f"paddle.mean(x, axis={axes})")
    CASES[f"sum_keepdim_{i}"] = (100 + i, shape, "float32",
                                 f"x.sum(axis={axes}, keepdim=True)")
CASES.update({
    "mean_2d": (200, (37, 11), "float32", "x.mean()"),
    "sum_transposed": (201, (37, 11), "float32", "paddle.sum(x.t(), axis=0)"),
    "mse_loss": (202, (37, 11), "float32", "F.mse_loss(x, x * 0.5 + 1)"),
    "mse_loss_sum": (203, (37, 11), "float32", "F.mse_loss(x, x * 0.5 + 1, reduction='sum')"),
    "l1_loss": (204, (37, 11), "float32", "F.l1_loss(x, x * 0.25)"),
    "mse_loss_layer": (205, (6, 1), "float32", "paddle.nn.MSELoss()(x, x * 2 + 3)"),
})


def make_input(seed, shape, dtype):
    """The case's input: numpy normal values times 100 in `dtype`."""
    return (np.random.RandomState(seed).randn(*shape) * 100).astype(dtype)


def main():
    import paddle
    import paddle.nn.functional as F
    results = {}
    for name, (seed, shape, dtype, call) in CASES.items():
        x = paddle.to_tensor(make_input(seed, shape, dtype))
        out = eval(call, {"paddle": paddle, "F": F, "x": x}).numpy()
        results[name] = {"call": call, "shape": list(out.shape),
                         "hex": [float(v).hex() for v in out.ravel()]}
    write_golden("reduce_order", {"paddle_version": paddle.__version__, "cases": results},
                 f"{len(results)} sum/mean cases")


if __name__ == "__main__":
    main()
