"""PyLayer forward+backward vs a plain torch.autograd.Function doing the same work, in one run.

    OMP_NUM_THREADS=1 python benchmarks/bench_pylayer.py [--device cuda] [--repeat 15]
        [--timer cpu|wall]

The three rows are timed alternately (torch, PyLayer, PyLayer) within each repeat, so load drift on
a shared machine hits them alike; a ratio is the median of the per-repeat ratios, with the
[min-max] of those ratios as the spread. `--timer cpu` (default on CPU) counts the process's CPU
time, which leaves out the time other work on the machine holds the cores; CUDA runs use wall time.

Rows (ratio = row / torch Function):
* torch.autograd.Function: tanh forward, saves y, backward dy * (1 - y*y), all in torch;
* PyLayer, torch math: the same math on to_torch/from_torch views: the cost of PyLayer's
  machinery alone (slot flattening, ctx, output/grad checks, saved-tensor handling);
* PyLayer, paddle ops: the documented cus_tanh written with paddle.tanh/square/* (adds the
  paddle op wrappers' own cost, which is not PyLayer's).
"""
import argparse
import statistics
import sys
import os
import time

import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import paddle_compat as paddle  # noqa: E402
from paddle_compat.autograd import PyLayer  # noqa: E402

T, W = paddle.to_torch, paddle.from_torch


class TorchTanh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensors
        return dy * (1 - y * y)


class TanhTorchMath(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = W(torch.tanh(T(x)))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        t = T(y)
        return W(T(dy) * (1 - t * t))


class TanhPaddleOps(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return dy * (1 - paddle.square(y))


def _per_call(fn, number, clock):
    t0 = clock()
    for _ in range(number):
        fn()
    return (clock() - t0) / number


def _interleaved(fns, number, repeat, clock):
    """Per-call times of each of `fns`, one list per function, timed in turn in every repeat."""
    for fn in fns:
        fn()
    times = [[] for _ in fns]
    for _ in range(repeat):
        for fn, out in zip(fns, times):
            out.append(_per_call(fn, number, clock))
    return times


def _ratio(row, base):
    rs = sorted(a / b for a, b in zip(row, base))
    return f"{statistics.median(rs):5.2f}x [{rs[0]:.2f}-{rs[-1]:.2f}]"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--repeat", type=int, default=15)
    ap.add_argument("--timer", choices=["cpu", "wall"], default=None,
                    help="cpu: process CPU time (default on CPU); wall: perf_counter")
    args = ap.parse_args()
    cuda = args.device.startswith("cuda")
    timer = args.timer or ("wall" if cuda else "cpu")
    clock = time.process_time if timer == "cpu" else time.perf_counter
    have_ops = all(hasattr(paddle, n) for n in ("tanh", "square"))
    print(f"device={args.device} torch={torch.__version__} threads={torch.get_num_threads()} "
          f"timer={timer} repeat={args.repeat}")
    print(f"{'size':>9} {'torch Function':>15} {'PyLayer/torch math':>19} {'ratio [spread]':>20} "
          f"{'PyLayer/paddle ops':>19} {'ratio [spread]':>20}")
    for n, number in ((16, 500), (4096, 300), (1 << 20, 5)):
        base = torch.randn(n, device=args.device)
        tx = base.clone().requires_grad_()
        px = W(base.clone().requires_grad_())
        sync = torch.cuda.synchronize if cuda else (lambda: None)

        def f_torch():
            TorchTanh.apply(tx).sum().backward()
            sync()

        def f_pylayer():
            T(TanhTorchMath.apply(px)).sum().backward()
            sync()

        def f_paddle():
            T(TanhPaddleOps.apply(px)).sum().backward()
            sync()

        fns = [f_torch, f_pylayer] + ([f_paddle] if have_ops else [])
        times = _interleaved(fns, number, args.repeat, clock)
        med = [statistics.median(t) for t in times]
        row = (f"{n:>9} {med[0] * 1e6:>13.1f}us {med[1] * 1e6:>17.1f}us "
               f"{_ratio(times[1], times[0]):>20}")
        if have_ops:
            row += f" {med[2] * 1e6:>17.1f}us {_ratio(times[2], times[0]):>20}"
        print(row)


if __name__ == "__main__":
    main()
