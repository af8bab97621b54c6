"""paddle.jit.to_static (torch.compile) vs dynamic mode vs hand-written torch eager, side by side.

    python benchmarks/bench_jit.py [--repeat 5] [--number 20] [--backend inductor] [--threads 1]

Two models, one training step each (forward + backward + zeroing grads): an MLP (256-512-512-10,
batch 64) and a small CNN (2x conv3x3+ReLU+maxpool, linear head; batch 32, 1x28x28). Each variant
is warmed up first (compile time is reported separately), then timed as the median of `repeat`
runs of `number` steps. Ratios are per-step time / torch eager time (lower is better) and the
speed-up of to_static over paddle_compat's dynamic mode.
"""
import argparse
import os
import statistics
import sys
import time
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))

import numpy as np  # noqa: E402
import torch  # noqa: E402

import paddle_compat as paddle  # noqa: E402
from paddle_compat.static import InputSpec  # noqa: E402


def paddle_mlp():
    return paddle.nn.Sequential(paddle.nn.Linear(256, 512), paddle.nn.ReLU(),
                                paddle.nn.Linear(512, 512), paddle.nn.ReLU(),
                                paddle.nn.Linear(512, 10))


def torch_mlp():
    return torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(),
                               torch.nn.Linear(512, 512), torch.nn.ReLU(),
                               torch.nn.Linear(512, 10))


def paddle_cnn():
    nn = paddle.nn
    return nn.Sequential(nn.Conv2D(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
                         nn.Conv2D(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2D(2),
                         nn.Flatten(), nn.Linear(32 * 7 * 7, 10))


def torch_cnn():
    nn = torch.nn
    return nn.Sequential(nn.Conv2d(1, 16, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Conv2d(16, 32, 3, padding=1), nn.ReLU(), nn.MaxPool2d(2),
                         nn.Flatten(), nn.Linear(32 * 7 * 7, 10))


def paddle_step(model, x):
    def step():
        loss = paddle.mean(model(x) ** 2)
        loss.backward()
        model.clear_gradients()
    return step


def torch_step(model, x):
    def step():
        loss = (model(x) ** 2).mean()
        loss.backward()
        model.zero_grad(set_to_none=False)
    return step


def timed(step, repeat, number):
    t0 = time.perf_counter()
    step()
    step()      # the second call catches a recompile (e.g. grad mode) before timing
    warm = time.perf_counter() - t0
    runs = timeit.repeat(step, number=number, repeat=repeat)
    return statistics.median(runs) / number, warm


def bench(name, make_paddle, make_torch, shape, spec, args):
    x_np = np.random.RandomState(0).randn(*shape).astype("float32")
    dyn = make_paddle()
    stat = make_paddle()
    stat.set_state_dict(dyn.state_dict())
    stat = paddle.jit.to_static(stat, input_spec=[InputSpec(spec, "float32", "x")],
                                backend=args.backend)
    tm = make_torch()
    x = paddle.to_tensor(x_np)
    tx = torch.from_numpy(x_np)
    t_torch, _ = timed(torch_step(tm, tx), args.repeat, args.number)
    t_dyn, _ = timed(paddle_step(dyn, x), args.repeat, args.number)
    t_stat, warm = timed(paddle_step(stat, x), args.repeat, args.number)
    print(f"{name:<5} torch eager {t_torch * 1e3:8.3f} ms | dynamic {t_dyn * 1e3:8.3f} ms "
          f"({t_dyn / t_torch:4.2f}x) | to_static {t_stat * 1e3:8.3f} ms "
          f"({t_stat / t_torch:4.2f}x) | to_static speed-up over dynamic {t_dyn / t_stat:4.2f}x "
          f"| first two calls (compile) {warm:6.1f} s")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--number", type=int, default=20)
    ap.add_argument("--backend", default="inductor")
    ap.add_argument("--threads", type=int, default=1,
                    help="torch/OpenMP threads (default 1: on a small shared CPU, OpenMP's "
                         "spin-waiting makes multi-threaded compiled kernels erratic)")
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    torch.manual_seed(0)
    paddle.seed(0)
    print(f"torch {torch.__version__}, {torch.get_num_threads()} threads, "
          f"to_static backend={args.backend!r}; per training step, ratio = time / torch eager")
    bench("MLP", paddle_mlp, torch_mlp, (64, 256), [None, 256], args)
    bench("CNN", paddle_cnn, torch_cnn, (32, 1, 28, 28), [None, 1, 28, 28], args)


if __name__ == "__main__":
    main()
