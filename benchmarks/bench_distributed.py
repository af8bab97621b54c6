"""2-process DataParallel vs 1 process: step time of an MLP training step on CPU (gloo, loopback).

    python benchmarks/bench_distributed.py [--batch 512] [--steps 30]

One process trains on the whole batch; two processes (paddle.distributed.spawn, DataParallel) each
train on half of it and all-reduce gradients. Printed side by side: median step time and the
speed-up (1-process time / 2-process time). On a 2-core machine both runs compete for the same cores,
so the speed-up shows communication overhead more than scaling.
"""
import argparse
import json
import os
import statistics
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _step_times(paddle, model, x, y, steps):
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    xt, yt = paddle.to_tensor(x), paddle.to_tensor(y)
    times = []
    for i in range(steps + 3):
        t0 = time.perf_counter()
        loss = paddle.nn.functional.mse_loss(model(xt), yt)
        loss.backward()
        opt.step()
        opt.clear_grad()
        if i >= 3:
            times.append(time.perf_counter() - t0)
    return times


def _model(paddle):
    paddle.seed(0)
    return paddle.nn.Sequential(paddle.nn.Linear(256, 512), paddle.nn.ReLU(),
                                paddle.nn.Linear(512, 512), paddle.nn.ReLU(), paddle.nn.Linear(512, 10))


def _data(batch):
    import numpy as np
    rng = np.random.RandomState(0)
    return rng.randn(batch, 256).astype("float32"), rng.randn(batch, 10).astype("float32")


def _rank(out_dir, batch, steps):
    import torch
    torch.set_num_threads(1)
    import paddle_compat as paddle
    import paddle_compat.distributed as dist
    dist.init_parallel_env()
    r = dist.get_rank()
    x, y = _data(batch)
    half = slice(r * batch // 2, (r + 1) * batch // 2)
    times = _step_times(paddle, paddle.DataParallel(_model(paddle)), x[half], y[half], steps)
    with open(os.path.join(out_dir, f"t{r}.json"), "w") as f:
        json.dump(times, f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--steps", type=int, default=30)
    args = parser.parse_args()
    import torch
    torch.set_num_threads(1)
    import paddle_compat as paddle
    import paddle_compat.distributed as dist
    x, y = _data(args.batch)
    one = statistics.median(_step_times(paddle, _model(paddle), x, y, args.steps))
    with tempfile.TemporaryDirectory() as d:
        dist.spawn(_rank, args=(d, args.batch, args.steps), nprocs=2)
        two = max(statistics.median(json.load(open(os.path.join(d, f"t{r}.json"))))
                  for r in range(2))
    print(f"MLP 256-512-512-10, global batch {args.batch}, 1 thread per process, CPU gloo")
    print(f"{'setup':<34}{'median step':>14}")
    print(f"{'1 process, whole batch':<34}{one * 1e3:>11.2f} ms")
    print(f"{'2 processes (DataParallel), half':<34}{two * 1e3:>11.2f} ms")
    print(f"speed-up 1-process / 2-process: {one / two:.2f}x")


if __name__ == "__main__":
    main()
