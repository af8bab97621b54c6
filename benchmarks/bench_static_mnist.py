"""MNIST-shaped static training step vs the same step hand-written in torch eager, side by side.

Step: batch 256, fc 784->100, ReLU, fc 100->10, softmax cross-entropy, mean, SGD(lr=0.1).
paddle_compat: Program built with paddle.static.nn.fc + cross-entropy + optimizer.minimize, run by
Executor.run(feed, fetch_list=[loss]) (the fetch copies the loss to numpy, as users do).
torch eager: the same arithmetic with torch.nn.functional and an in-place SGD update, loss.item().

Timing: the two steps alternate (static, torch, static, ...) so that load from other processes
hits both alike; the medians and their ratio are printed. Memory: the peak of one step above what
was allocated before it -- CUDA: torch.cuda.max_memory_allocated; CPU: the running sum of the torch
CPU allocator's allocations and frees recorded by torch.profiler(profile_memory=True) (tensor
memory only; not RSS, not Python objects).

    OMP_NUM_THREADS=1 python benchmarks/bench_static_mnist.py [--device cpu|gpu] [--steps N]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # run from a checkout
import paddle_compat as paddle  # noqa: E402
from paddle_compat import static  # noqa: E402
from paddle_compat._ops.registry import OPS, apply_op  # noqa: E402


def mean(x):
    if hasattr(paddle, "mean"):
        return paddle.mean(x)
    from paddle_compat._static.builder import helper_scope
    from paddle_compat._static.local_ops import opdef
    with helper_scope("mean"):
        return apply_op(opdef("reduce_mean"), (x,), {})


def build():
    from paddle_compat._optim.optimizers import SGD
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 784], "float32")
        label = static.data("label", [None, 1], "int64")
        h = static.nn.fc(x, 100, activation="relu")
        logits = static.nn.fc(h, 10)
        _, loss = apply_op(OPS["softmax_with_cross_entropy"], (logits, label, None), {})
        avg = mean(loss)
        SGD(0.1).minimize(avg)
    return main, startup, avg


def alternate_medians(fa, fb, steps, sync):
    for _ in range(10):
        fa()
        fb()
    sync()
    ta, tb = [], []
    for _ in range(steps):
        t0 = time.perf_counter()
        fa()
        sync()
        t1 = time.perf_counter()
        fb()
        sync()
        ta.append(t1 - t0)
        tb.append(time.perf_counter() - t1)
    return statistics.median(ta), statistics.median(tb)


def peak_bytes(fn, dev):
    """Peak tensor memory one call of `fn` allocates above what was live before it."""
    if dev.type == "cuda":
        torch.cuda.synchronize()
        base = torch.cuda.memory_allocated()
        torch.cuda.reset_peak_memory_stats()
        fn()
        torch.cuda.synchronize()
        return torch.cuda.max_memory_allocated() - base
    from torch.profiler import ProfilerActivity, profile
    with profile(activities=[ProfilerActivity.CPU], profile_memory=True) as prof:
        fn()
    live = peak = 0
    for event in sorted(prof.events(), key=lambda e: e.time_range.start):
        live += event.self_cpu_memory_usage
        peak = max(peak, live)
    return peak


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="gpu" if torch.cuda.is_available() else "cpu")
    ap.add_argument("--steps", type=int, default=300)
    args = ap.parse_args()
    dev = torch.device("cuda" if args.device == "gpu" else "cpu")
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    rng = np.random.RandomState(0)
    xb = rng.rand(256, 784).astype("float32")
    yb = rng.randint(0, 10, (256, 1)).astype("int64")

    paddle.enable_static()
    prog, startup, avg = build()
    place = paddle.CUDAPlace(0) if dev.type == "cuda" else paddle.CPUPlace()
    exe = static.Executor(place)
    scope = static.Scope()
    xs, ys = torch.from_numpy(xb).to(dev), torch.from_numpy(yb).to(dev)
    feed = {"x": paddle.to_tensor(xs, place=place), "label": paddle.to_tensor(ys, place=place)}
    with static.scope_guard(scope):
        exe.run(startup)

    def static_step():
        return exe.run(prog, feed=feed, fetch_list=[avg], scope=scope)
    paddle.disable_static()

    w1 = (torch.rand(784, 100, device=dev) - 0.5) * 0.1
    b1 = torch.zeros(100, device=dev)
    w2 = (torch.rand(100, 10, device=dev) - 0.5) * 0.1
    b2 = torch.zeros(10, device=dev)
    params = [p.requires_grad_() for p in (w1, b1, w2, b2)]
    yt = ys.squeeze(1)

    def torch_step():
        h = torch.relu(xs @ params[0] + params[1])
        logits = h @ params[2] + params[3]
        loss = torch.nn.functional.cross_entropy(logits, yt)
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for p, g in zip(params, grads):
                p.sub_(g, alpha=0.1)
        return loss.item()

    t_static, t_torch = alternate_medians(static_step, torch_step, args.steps, sync)
    peak_static, peak_torch = peak_bytes(static_step, dev), peak_bytes(torch_step, dev)
    print(f"device={dev.type}  batch=256  steps={args.steps}  threads={torch.get_num_threads()}")
    print(f"{'':24}{'paddle_compat static':>22}{'torch eager':>14}{'ratio':>8}")
    print(f"{'median step (ms)':24}{t_static * 1e3:22.3f}{t_torch * 1e3:14.3f}"
          f"{t_static / t_torch:8.2f}")
    what = "CUDA allocated" if dev.type == "cuda" else "CPU tensors"
    print(f"{'peak ' + what + ' (MiB)':24}{peak_static / 2**20:22.3f}{peak_torch / 2**20:14.3f}"
          f"{peak_static / peak_torch:8.2f}")


if __name__ == "__main__":
    main()
