"""Eager dispatch overhead: paddle_compat ops on tiny tensors vs the same torch calls, side by side.

    OMP_NUM_THREADS=1 python benchmarks/bench_eager_ops.py [--repeat 15] [--number 5000] [--size 4]
        [--timer cpu|wall]

Each line times one op both ways in the same process, alternately (median of `repeat` runs of
`number` calls each), and prints the per-call times and the ratio paddle_compat / torch (the median
of the per-repeat ratios, with their [min-max] spread); the last line is the geometric mean of the
ratios. `--timer cpu` (default) counts the process's CPU time, which leaves out the time other work
on a shared machine holds the cores. Tiny tensors make the Python dispatch cost (public function, apply_op, kernel,
wrap) dominate, which is what this measures; the target is a geometric mean <= 1.5x.
"""
import argparse
import math
import os
import statistics
import sys
import time
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import torch  # noqa: E402

import paddle_compat as paddle  # noqa: E402


def cases(size):
    tx = torch.rand(size, size)
    ty = torch.rand(size, size)
    x = paddle.to_tensor(tx.numpy())
    y = paddle.to_tensor(ty.numpy())
    out = [
        ("x + y", lambda: x + y, lambda: tx + ty),
        ("x * 2.0", lambda: x * 2.0, lambda: tx * 2.0),
        ("paddle.add(x, y)", lambda: paddle.add(x, y), lambda: torch.add(tx, ty)),
        ("paddle.multiply(x, y)", lambda: paddle.multiply(x, y), lambda: torch.mul(tx, ty)),
        ("paddle.exp(x)", lambda: paddle.exp(x), lambda: torch.exp(tx)),
        ("paddle.tanh(x)", lambda: paddle.tanh(x), lambda: torch.tanh(tx)),
        ("x.sum()", lambda: x.sum(), lambda: tx.sum()),
        ("paddle.mean(x, axis=0)", lambda: paddle.mean(x, axis=0), lambda: torch.mean(tx, 0)),
        ("x > y", lambda: x > y, lambda: tx > ty),
        ("paddle.zeros([4, 4])", lambda: paddle.zeros([size, size]),
         lambda: torch.zeros(size, size, dtype=torch.float32)),
    ]
    if hasattr(paddle, "matmul"):
        out.append(("paddle.matmul(x, y)", lambda: paddle.matmul(x, y),
                    lambda: torch.matmul(tx, ty)))
    return out


def per_call_pair(ours, ref, repeat, number, timer=time.perf_counter):
    """Median per-call times of `ours` and `ref`, timed alternately so that load drift on a shared
    machine hits both sides alike, and the sorted per-repeat ratios ours/ref."""
    ours()
    ref()
    t_ours, t_ref = [], []
    for _ in range(repeat):
        t_ours.append(timeit.timeit(ours, number=number, timer=timer))
        t_ref.append(timeit.timeit(ref, number=number, timer=timer))
    ratios = sorted(a / b for a, b in zip(t_ours, t_ref))
    return statistics.median(t_ours) / number, statistics.median(t_ref) / number, ratios


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--number", type=int, default=5000)
    parser.add_argument("--size", type=int, default=4)
    parser.add_argument("--timer", choices=["cpu", "wall"], default="cpu")
    args = parser.parse_args()
    timer = time.process_time if args.timer == "cpu" else time.perf_counter
    torch.set_num_threads(1)
    print(f"torch {torch.__version__}, {args.size}x{args.size} float32 on CPU, "
          f"median of {args.repeat} x {args.number} calls, {args.timer} time")
    print(f"{'op':<26}{'paddle_compat':>15}{'torch':>11}{'ratio':>8}  spread")
    ratios = []
    for name, ours, ref in cases(args.size):
        t_ours, t_ref, rs = per_call_pair(ours, ref, args.repeat, args.number, timer)
        ratio = statistics.median(rs)
        ratios.append(ratio)
        print(f"{name:<26}{t_ours * 1e6:>12.2f} us{t_ref * 1e6:>8.2f} us{ratio:>7.2f}x  "
              f"[{rs[0]:.2f}-{rs[-1]:.2f}]")
    geo = math.exp(sum(math.log(r) for r in ratios) / len(ratios))
    print(f"{'geometric mean':<26}{'':>15}{'':>11}{geo:>7.2f}x")


if __name__ == "__main__":
    main()
