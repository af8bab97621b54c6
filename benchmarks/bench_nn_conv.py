"""Convolution, pooling and normalisation layers: paddle_compat vs the same torch calls, forward +
backward, side by side in one process.

    OMP_NUM_THREADS=2 python benchmarks/bench_nn_conv.py [--repeat 7] [--number 20] [--batch 8]

Each line times one call both ways, alternately (median of `repeat` runs of `number` calls), and
prints the per-call times and the ratio paddle_compat / torch. The cases cover the paths where
paddle_compat hands the work to torch's kernel unchanged (symmetric padding) and those where it
reproduces a Paddle rule torch does not have (asymmetric padding of a transposed convolution: a full
transposed convolution then a crop; Paddle's pooling windows: explicit padding then pooling, plus
the divisor tensor for averages; group_norm without a weight: Paddle's gradient).
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
import torch  # noqa: E402
import torch.nn.functional as TF  # noqa: E402

import paddle_compat as paddle  # noqa: E402

F = paddle.nn.functional


def _pair(shape, seed=0):
    a = np.random.RandomState(seed).rand(*shape).astype("float32")
    p = paddle.to_tensor(a, stop_gradient=False)
    t = torch.tensor(a, requires_grad=True)
    return p, t


def _fb(fn):
    def run():
        fn().sum().backward()
    return run


def cases(batch):
    x, tx = _pair([batch, 32, 16, 16])
    w, tw = _pair([32, 16, 3, 3], 1)
    x3, tx3 = _pair([batch, 8, 8, 8, 8], 2)
    w3, tw3 = _pair([16, 8, 3, 3, 3], 3)
    return [
        ("conv2d_transpose s2 p1 op1", _fb(lambda: F.conv2d_transpose(x, w, stride=2, padding=1,
                                                                      output_padding=1)),
         _fb(lambda: TF.conv_transpose2d(tx, tw, stride=2, padding=1, output_padding=1))),
        ("conv2d_transpose asym pad", _fb(lambda: F.conv2d_transpose(x, w, stride=2,
                                                                     padding=[0, 1, 1, 0])),
         _fb(lambda: TF.conv_transpose2d(tx, tw, stride=2)[:, :, :32, 1:33])),
        ("conv3d p1", _fb(lambda: F.conv3d(x3, w3, padding=1)),
         _fb(lambda: TF.conv3d(tx3, tw3, padding=1))),
        ("max_pool2d k3 s2 p1", _fb(lambda: F.max_pool2d(x, 3, 2, 1)),
         _fb(lambda: TF.max_pool2d(tx, 3, 2, 1))),
        ("avg_pool2d asym pad", _fb(lambda: F.avg_pool2d(x, 2, 2, padding=[0, 1, 1, 0])),
         _fb(lambda: TF.avg_pool2d(TF.pad(tx, [1, 0, 0, 1]), 2, 2))),
        ("max_pool3d k2", _fb(lambda: F.max_pool3d(x3, 2)), _fb(lambda: TF.max_pool3d(tx3, 2))),
        ("group_norm (weight)", _fb(lambda: F.group_norm(x, 4, weight=paddle.ones([32]))),
         _fb(lambda: TF.group_norm(tx, 4, torch.ones(32)))),
        ("group_norm (no weight)", _fb(lambda: F.group_norm(x, 4)),
         _fb(lambda: TF.group_norm(tx, 4))),
        ("instance_norm", _fb(lambda: F.instance_norm(x)), _fb(lambda: TF.instance_norm(tx))),
        ("unfold k3", _fb(lambda: F.unfold(x, 3)), _fb(lambda: TF.unfold(tx, 3))),
    ]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=20)
    parser.add_argument("--batch", type=int, default=8)
    args = parser.parse_args()
    print(f"torch {torch.__version__}, CPU, {torch.get_num_threads()} threads, batch {args.batch}, "
          f"forward + backward, median of {args.repeat} x {args.number} calls")
    print(f"{'case':<30}{'paddle_compat':>15}{'torch':>11}{'ratio':>8}")
    ratios = []
    for name, ours, ref in cases(args.batch):
        ours()
        ref()
        t_o, t_r = [], []
        for _ in range(args.repeat):
            t0 = time.perf_counter()
            for _ in range(args.number):
                ours()
            t_o.append(time.perf_counter() - t0)
            t0 = time.perf_counter()
            for _ in range(args.number):
                ref()
            t_r.append(time.perf_counter() - t0)
        a, b = statistics.median(t_o) / args.number, statistics.median(t_r) / args.number
        ratios.append(a / b)
        print(f"{name:<30}{a * 1e3:>12.3f} ms{b * 1e3:>8.3f} ms{a / b:>7.2f}x")
    geo = float(np.exp(np.mean(np.log(ratios))))
    print(f"{'geometric mean':<30}{'':>26}{geo:>7.2f}x")


if __name__ == "__main__":
    main()
