"""PyLayer forward+backward vs a plain torch.autograd.Function doing the same work, in one run.

    python benchmarks/bench_pylayer.py [--device cuda] [--repeat 7]

Rows (median of `--repeat` runs of `--number` steps; ratio = row / torch Function):
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
import timeit

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


def _median(fn, number, repeat):
    fn()
    return statistics.median(timeit.repeat(fn, number=number, repeat=repeat)) / number


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu")
    ap.add_argument("--repeat", type=int, default=7)
    args = ap.parse_args()
    have_ops = all(hasattr(paddle, n) for n in ("tanh", "square"))
    print(f"device={args.device} torch={torch.__version__} threads={torch.get_num_threads()}")
    print(f"{'size':>9} {'torch Function':>15} {'PyLayer/torch math':>19} {'ratio':>6} "
          f"{'PyLayer/paddle ops':>19} {'ratio':>6}")
    for n, number in ((16, 2000), (4096, 1000), (1 << 20, 20)):
        base = torch.randn(n, device=args.device)
        tx = base.clone().requires_grad_()
        px = W(base.clone().requires_grad_())
        sync = torch.cuda.synchronize if args.device.startswith("cuda") else (lambda: None)

        def f_torch():
            TorchTanh.apply(tx).sum().backward()
            sync()

        def f_pylayer():
            T(TanhTorchMath.apply(px)).sum().backward()
            sync()

        def f_paddle():
            T(TanhPaddleOps.apply(px)).sum().backward()
            sync()

        t0 = _median(f_torch, number, args.repeat)
        t1 = _median(f_pylayer, number, args.repeat)
        row = f"{n:>9} {t0 * 1e6:>13.1f}us {t1 * 1e6:>17.1f}us {t1 / t0:>6.2f}"
        if have_ops:
            t2 = _median(f_paddle, number, args.repeat)
            row += f" {t2 * 1e6:>17.1f}us {t2 / t0:>6.2f}"
        print(row)


if __name__ == "__main__":
    main()
