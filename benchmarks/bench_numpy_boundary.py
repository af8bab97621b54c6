"""What Tensor.numpy() / np.asarray(t) cost now that they copy (as Paddle's do), side by side with
the zero-copy interop view `paddle_compat.to_torch(t).numpy()` (ratios; median of repeats).

    OMP_NUM_THREADS=1 python benchmarks/bench_numpy_boundary.py [--root CHECKOUT] [--repeat 9]

`--root` imports paddle_compat from another checkout (main before the change: numpy() was a view).
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np


def _per_call(fn, number):
    t0 = time.perf_counter()
    for _ in range(number):
        fn()
    return (time.perf_counter() - t0) / number


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--root", default=os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
    ap.add_argument("--repeat", type=int, default=9)
    args = ap.parse_args()
    sys.path.insert(0, os.path.abspath(args.root))
    import paddle_compat as paddle
    print(f"paddle_compat from {os.path.dirname(paddle.__file__)}")
    for shape in ([64], [256, 100], [1024, 1024], [4096, 4096]):
        t = paddle.to_tensor(np.ones(shape, "float32"))
        number = max(3, int(2e6 // np.prod(shape)))
        for name, fn in (("t.numpy()", t.numpy), ("np.asarray(t)", lambda: np.asarray(t))):
            ratios, times = [], []
            for _ in range(args.repeat):
                a = _per_call(fn, number)
                b = _per_call(lambda: paddle.to_torch(t).numpy(), number)
                ratios.append(a / b)
                times.append(a)
            print(f"{str(shape):>13} {name:14s} {statistics.median(times) * 1e6:10.1f} us  "
                  f"{statistics.median(ratios):7.2f}x the zero-copy to_torch(t).numpy() "
                  f"[{min(ratios):.2f}-{max(ratios):.2f}]")


if __name__ == "__main__":
    main()
