"""py_func overhead, side by side in one run (median of several repeats; ratios, not absolute times).

1. ReLU forward + backward: the py_func op's kernel (DenseTensor views, Paddle's binding and result
   checks, torch.autograd.Function) against the same numpy ReLU written by hand as a
   torch.autograd.Function -- the floor this design can reach. Target: at most 1.2x.
   Also the whole static program through the Executor (feed, plan, fetch) for reference.
2. The MNIST-shaped training step of the tutorial (fc 784->100, py_func ReLU, fc 100->10 softmax,
   cross_entropy, mean, SGD; batch 256) through the Executor, against the same program with the
   built-in relu and against hand-written torch eager with the hand-written numpy Function.

    OMP_NUM_THREADS=1 python benchmarks/bench_py_func.py [--device cpu|cuda] [--repeat 15]

In part 1 the kernel and the hand-written Function are timed alternately within each repeat (load
drift on a shared machine hits both alike); the ratio is the median of the per-repeat ratios, with
their [min-max] spread. On CPU the clock is the process's CPU time (time other work holds the
cores is left out); CUDA runs use wall time.
"""
import argparse
import statistics
import sys
import time

import os

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
import paddle_compat as paddle  # noqa: E402
from paddle_compat import fluid  # noqa: E402


def relu(x):
    return np.maximum(x, 0.0)


def relu_grad(y, dy):
    dx = np.zeros_like(y)
    dx[y > 0] = 1.0
    return np.array(dy) * dx


class HandRelu(torch.autograd.Function):
    """The hand-written floor: numpy on zero-copy views, one autograd.Function."""

    @staticmethod
    def forward(ctx, x):
        dev = x.device
        y = torch.from_numpy(np.maximum(x.detach().cpu().numpy(), 0.0)).to(dev)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        (y,) = ctx.saved_tensors
        yn = y.detach().cpu().numpy()
        dx = np.zeros_like(yn)
        dx[yn > 0] = 1.0
        return torch.from_numpy(dy.detach().cpu().numpy() * dx).to(y.device)


CLOCK = [time.perf_counter]
REPEAT = [7]


def _number(fn):
    fn()
    t0 = CLOCK[0]()
    fn()
    return max(1, int(0.02 / max(CLOCK[0]() - t0, 1e-7)))


def _run(fn, number):
    t0 = CLOCK[0]()
    for _ in range(number):
        fn()
    return (CLOCK[0]() - t0) / number


def timeit(fn, repeat=None, number=None):
    number = number or _number(fn)
    return statistics.median(_run(fn, number) for _ in range(repeat or REPEAT[0]))


def timeit_pair(fn, ref):
    """Median per-call times of `fn` and `ref` timed alternately, and the sorted per-repeat
    ratios fn/ref."""
    number = min(_number(fn), _number(ref))
    a, b = [], []
    for _ in range(REPEAT[0]):
        a.append(_run(fn, number))
        b.append(_run(ref, number))
    return statistics.median(a), statistics.median(b), sorted(x / y for x, y in zip(a, b))


def sync(device):
    if device == "cuda":
        torch.cuda.synchronize()


def bench_relu(shape, device):
    paddle.enable_static()
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", shape, "float32")
        x.stop_gradient = False
        y = main.current_block().create_var(name="y", dtype="float32", shape=shape)
        paddle.static.py_func(relu, x, y, backward_func=relu_grad, skip_vars_in_backward_input=x)
        gx = paddle.static.gradients([paddle.sum(y)], [x])[0]
    kernel = next(op for op in main.global_block().ops if op.type == "py_func").opdef.kernel
    xt = torch.randn(shape, device=device).requires_grad_(True)
    ones = torch.ones(shape, device=device)

    def via_kernel():
        (out,) = kernel([xt])
        torch.autograd.grad(out, xt, ones)
        sync(device)

    def by_hand():
        out = HandRelu.apply(xt)
        torch.autograd.grad(out, xt, ones)
        sync(device)

    place = paddle.CUDAPlace(0) if device == "cuda" else paddle.CPUPlace()
    exe = paddle.static.Executor(place)
    feed = {"x": xt.detach().cpu().numpy()}

    def via_executor():
        exe.run(main, feed=feed, fetch_list=[gx])

    # Same numbers first.
    (out,) = kernel([xt])
    g1 = torch.autograd.grad(out, xt, ones)[0]
    g2 = torch.autograd.grad(HandRelu.apply(xt), xt, ones)[0]
    assert torch.equal(g1, g2)
    t_k, t_h, ratios = timeit_pair(via_kernel, by_hand)
    t_e = timeit(via_executor)
    print(f"relu fwd+bwd {str(shape):>12} {device}: py_func kernel {t_k * 1e6:9.1f} us | "
          f"hand Function {t_h * 1e6:9.1f} us | ratio {statistics.median(ratios):5.2f}x "
          f"[{ratios[0]:.2f}-{ratios[-1]:.2f}] | "
          f"whole program via Executor {t_e * 1e6:9.1f} us ({t_e / t_h:5.2f}x)")
    paddle.disable_static()
    return statistics.median(ratios)


def build_mnist(use_py_func):
    paddle.seed(1)
    main, startup = fluid.Program(), fluid.Program()
    with fluid.program_guard(main, startup):
        data = fluid.data(name="X", shape=[None, 784], dtype="float32")
        label = fluid.data(name="label", shape=[None, 1], dtype="int64")
        h = fluid.layers.fc(data, size=100)
        if use_py_func:
            out = main.current_block().create_var(name="relu", dtype=h.dtype, shape=h.shape)
            h = fluid.layers.py_func(func=relu, x=h, out=out, backward_func=relu_grad,
                                     skip_vars_in_backward_input=h)
        else:
            h = fluid.layers.relu(h)
        pred = fluid.layers.fc(h, size=10, act="softmax")
        loss = fluid.layers.mean(fluid.layers.cross_entropy(pred, label))
        fluid.optimizer.SGD(learning_rate=0.01).minimize(loss)
    return main, startup, loss


def bench_mnist(device):
    paddle.enable_static()
    rng = np.random.default_rng(0)
    img = rng.uniform(-1, 1, [256, 784]).astype("float32")
    lab = rng.integers(0, 10, [256, 1]).astype("int64")
    place = paddle.CUDAPlace(0) if device == "cuda" else paddle.CPUPlace()
    times = {}
    for flag in (True, False):
        main, startup, loss = build_mnist(flag)
        scope = paddle.static.Scope()
        with paddle.static.scope_guard(scope):
            exe = fluid.Executor(place)
            exe.run(startup)
            times[flag] = timeit(lambda: exe.run(main, feed={"X": img, "label": lab},
                                                 fetch_list=[loss]))
    paddle.disable_static()
    # Hand-written torch eager with the hand-written numpy Function.
    w1 = (torch.randn(784, 100, device=device) * 0.05).requires_grad_(True)
    b1 = torch.zeros(100, device=device, requires_grad=True)
    w2 = (torch.randn(100, 10, device=device) * 0.1).requires_grad_(True)
    b2 = torch.zeros(10, device=device, requires_grad=True)
    x, y = torch.from_numpy(img).to(device), torch.from_numpy(lab).to(device)
    params = [w1, b1, w2, b2]

    def eager_step():
        p = torch.softmax(HandRelu.apply(x @ w1 + b1) @ w2 + b2, -1)
        loss = -torch.log(p.gather(1, y)).mean()
        grads = torch.autograd.grad(loss, params)
        with torch.no_grad():
            for q, g in zip(params, grads):
                q -= 0.01 * g
        loss.item()

    t_eager = timeit(eager_step)
    print(f"MNIST step (batch 256) {device}: py_func program {times[True] * 1e3:7.3f} ms | "
          f"built-in relu program {times[False] * 1e3:7.3f} ms ({times[True] / times[False]:5.2f}x) "
          f"| hand-written torch eager + numpy Function {t_eager * 1e3:7.3f} ms "
          f"({times[True] / t_eager:5.2f}x)")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--device", default="cpu", choices=["cpu", "cuda"])
    ap.add_argument("--repeat", type=int, default=15)
    args = ap.parse_args()
    REPEAT[0] = args.repeat
    CLOCK[0] = time.perf_counter if args.device == "cuda" else time.process_time
    if args.device == "cuda" and not torch.cuda.is_available():
        sys.exit("--device cuda: no CUDA GPU available")
    torch.set_num_threads(max(1, min(4, torch.get_num_threads())))
    print(f"torch {torch.__version__}, numpy {np.__version__}, threads {torch.get_num_threads()}, "
          f"clock {CLOCK[0].__name__}, repeat {REPEAT[0]}")
    for shape in ([64], [256, 100], [256, 784], [1024, 1024]):
        bench_relu(shape, args.device)
    bench_mnist(args.device)


if __name__ == "__main__":
    main()
