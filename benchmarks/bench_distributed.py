"""DataParallel scaling on CPU (gloo, loopback): an MLP training step on 1, 2 and 4 processes.

    python benchmarks/bench_distributed.py [--batch 512] [--steps 30] [--procs 1,2,4]

One process trains on the whole batch; n processes (paddle.distributed.spawn, DataParallel) each
train on 1/n of it and all-reduce gradients. Printed side by side: the median step time of the
slowest rank, the speed-up over one process and the parallel efficiency (speed-up / n). Each
process runs one thread, so n processes need n cores to scale: on the 2-core development machine
4 processes share 2 cores and the figures show the all-reduce's cost and the oversubscription
rather than scaling. On a GPU node each rank would own a GPU and NCCL would replace gloo; the step
there is launch-bound (docs/cuda.md), so data parallelism scales until the all-reduce of the
gradients (2 x 0.4 MB here) outweighs the per-rank work.
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


def _rank(out_dir, batch, steps, n):
    import torch
    torch.set_num_threads(1)
    import paddle_compat as paddle
    import paddle_compat.distributed as dist
    dist.init_parallel_env()
    r = dist.get_rank()
    x, y = _data(batch)
    part = slice(r * batch // n, (r + 1) * batch // n)
    times = _step_times(paddle, paddle.DataParallel(_model(paddle)), x[part], y[part], steps)
    with open(os.path.join(out_dir, f"t{r}.json"), "w") as f:
        json.dump(times, f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--steps", type=int, default=30)
    parser.add_argument("--procs", default="1,2,4", help="process counts, comma-separated")
    args = parser.parse_args()
    import torch
    torch.set_num_threads(1)
    import paddle_compat as paddle
    import paddle_compat.distributed as dist
    x, y = _data(args.batch)
    one = statistics.median(_step_times(paddle, _model(paddle), x, y, args.steps))
    print(f"MLP 256-512-512-10, global batch {args.batch}, 1 thread per process, CPU gloo, "
          f"{os.cpu_count()} cores")
    print(f"{'setup':<40}{'median step':>14}{'speed-up':>10}{'efficiency':>12}")
    print(f"{'1 process, whole batch':<40}{one * 1e3:>11.2f} ms{1.0:>9.2f}x{1.0:>11.0%}")
    for n in [int(v) for v in args.procs.split(",") if int(v) > 1]:
        with tempfile.TemporaryDirectory() as d:
            dist.spawn(_rank, args=(d, args.batch, args.steps, n), nprocs=n)
            t = max(statistics.median(json.load(open(os.path.join(d, f"t{r}.json"))))
                    for r in range(n))
        label = f"{n} processes (DataParallel), 1/{n} each"
        print(f"{label:<40}{t * 1e3:>11.2f} ms{one / t:>9.2f}x{one / t / n:>11.0%}")


if __name__ == "__main__":
    main()
