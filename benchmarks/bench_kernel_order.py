"""The cost of Paddle's CPU order: paddle_compat's bit-exact CPU float32 kernels vs the same torch
calls, side by side.

    OMP_NUM_THREADS=1 python benchmarks/bench_kernel_order.py [--repeat 7] [--number 200]

Each line times one op both ways in the same process, alternately (median of `repeat` runs of
`number` calls each, process CPU time), at a small tutorial size and at the largest size the
exact path takes, and prints the per-call times and the ratio paddle_compat / torch. The exact
paths run their arithmetic in numpy (matmul_order.py, softmax_order.py, norm_order.py, the
cumsum scan, libm_float.py); the torch column is the fused kernel paddle_compat used before.
Forward and backward are timed together where a training step runs both (`+bw`).
"""
import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import paddle_compat as paddle  # noqa: E402
import paddle_compat.nn.functional as F  # noqa: E402


def _pair(shape_x, shape_w):
    rs = np.random.RandomState(0)
    a = rs.randn(*shape_x).astype("float32")
    w = rs.randn(*shape_w).astype("float32")
    return a, w


def cases():
    out = []
    for m, k, n in [(64, 16, 10), (64, 96, 64), (128, 64, 64)]:
        a, w = _pair((m, k), (k, n))
        x, y = paddle.to_tensor(a), paddle.to_tensor(w)
        tx, ty = torch.from_numpy(a), torch.from_numpy(w)
        out.append((f"matmul {m}x{k}x{n}", lambda x=x, y=y: paddle.matmul(x, y),
                    lambda tx=tx, ty=ty: torch.matmul(tx, ty)))
    for b, i, o in [(32, 13, 1), (64, 96, 64)]:
        a, w = _pair((b, i), (i, o))
        bias = np.zeros(o, np.float32)

        def mine(a=a, w=w, bias=bias):
            x = paddle.to_tensor(a)
            wt = paddle.to_tensor(w, stop_gradient=False)
            bt = paddle.to_tensor(bias, stop_gradient=False)
            F.linear(x, wt, bt).sum().backward()

        def ref(a=a, w=w, bias=bias):
            wt = torch.tensor(w, requires_grad=True)
            bt = torch.tensor(bias, requires_grad=True)
            torch.nn.functional.linear(torch.from_numpy(a), wt.t(), bt).sum().backward()
        out.append((f"linear+bw {b}x{i}->{o}", mine, ref))
    for shape in [(64, 10), (256, 100)]:
        a, _ = _pair(shape, (1,))
        x, tx = paddle.to_tensor(a), torch.from_numpy(a)
        out.append((f"softmax {shape}", lambda x=x: F.softmax(x), lambda tx=tx: torch.softmax(tx, -1)))
        lab = np.random.RandomState(1).randint(0, shape[1], (shape[0], 1))
        pl, tl = paddle.to_tensor(lab), torch.from_numpy(lab[:, 0])
        out.append((f"cross_entropy {shape}", lambda x=x, pl=pl: F.cross_entropy(x, pl),
                    lambda tx=tx, tl=tl: torch.nn.functional.cross_entropy(tx, tl)))
        lb = (a > 0).astype("float32")
        px, pb, tb = paddle.to_tensor(a), paddle.to_tensor(lb), torch.from_numpy(lb)
        out.append((f"bce_with_logits {shape}",
                    lambda px=px, pb=pb: F.binary_cross_entropy_with_logits(px, pb),
                    lambda tx=tx, tb=tb: torch.nn.functional.binary_cross_entropy_with_logits(tx, tb)))
        out.append((f"layer_norm {shape}", lambda x=x, d=shape[1]: F.layer_norm(x, d),
                    lambda tx=tx, d=shape[1]: torch.layer_norm(tx, [d])))
        out.append((f"cumsum {shape}", lambda x=x: paddle.cumsum(x, axis=1),
                    lambda tx=tx: torch.cumsum(tx, 1)))
    return out


def _time(fn, number):
    start = time.process_time()
    for _ in range(number):
        fn()
    return (time.process_time() - start) / number


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=200)
    args = parser.parse_args()
    ratios = []
    for name, mine, ref in cases():
        mine(), ref()
        runs = []
        for _ in range(args.repeat):
            runs.append((_time(mine, args.number), _time(ref, args.number)))
        m = statistics.median(r[0] for r in runs)
        t = statistics.median(r[1] for r in runs)
        ratio = statistics.median(r[0] / r[1] for r in runs)
        ratios.append(ratio)
        print(f"{name:32s} paddle_compat {m * 1e6:9.1f} us   torch {t * 1e6:9.1f} us   "
              f"ratio {ratio:6.2f}")
    geo = float(np.exp(np.mean(np.log(ratios))))
    print(f"{'geometric mean':32s} {'':46s} ratio {geo:6.2f}")


if __name__ == "__main__":
    main()
