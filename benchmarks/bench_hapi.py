"""paddle.Model.fit epoch time vs the same epoch hand-written with paddle_compat, side by side.

Work per epoch (both sides): 2048 MNIST-shaped samples (1x28x28 float32, int64 labels) from a
paddle.io.Dataset, batch 64, shuffled; a small CNN (Conv2D 1->8 3x3, ReLU, MaxPool2D 2, Linear
1352->10); CrossEntropyLoss; Adam; the loss read back as a Python float each step and
paddle.metric.Accuracy computed and updated each step, as Model.fit does.
* Model.fit: `model.fit(ds, batch_size=64, epochs=1, verbose=0)`.
* hand loop: `for x, y in DataLoader(ds, batch_size=64, shuffle=True)`: forward, loss, backward,
  `opt.step()`, `opt.clear_grad()`, `float(loss)`, `acc.update(acc.compute(out, y))`; acc.reset()
  at the end.
The two alternate epoch by epoch (fit, loop, fit, ...) so that load from other processes hits both
alike; the medians and their ratio are printed (target: fit / loop <= 1.05).

Both networks start every timed epoch from the same weights (copied in before the epoch, outside
the timing): this CNN's CPU step time depends on the weight values (two differently seeded copies
of it differ by 1.5x in forward time on the same batches), so without this the ratio measured
the two random initialisations, not Model.fit.

    OMP_NUM_THREADS=1 python benchmarks/bench_hapi.py [--device cpu|gpu] [--epochs N]
"""
import argparse
import os
import statistics
import sys
import time

import numpy as np

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))  # run from a checkout
import paddle_compat as paddle  # noqa: E402


class MnistLike(paddle.io.Dataset):
    def __init__(self, n=2048):
        r = np.random.RandomState(0)
        self.x = r.rand(n, 1, 28, 28).astype("float32")
        self.y = r.randint(0, 10, (n, 1)).astype("int64")

    def __getitem__(self, i):
        return self.x[i], self.y[i]

    def __len__(self):
        return len(self.x)


def cnn():
    return paddle.nn.Sequential(paddle.nn.Conv2D(1, 8, 3), paddle.nn.ReLU(), paddle.nn.MaxPool2D(2),
                                paddle.nn.Flatten(), paddle.nn.Linear(8 * 13 * 13, 10))


def make_fit(ds, net):
    model = paddle.Model(net)
    model.prepare(paddle.optimizer.Adam(1e-3, parameters=net.parameters()),
                  paddle.nn.CrossEntropyLoss(), paddle.metric.Accuracy())
    return lambda: model.fit(ds, batch_size=64, epochs=1, verbose=0)


def make_loop(ds, net):
    loss_fn = paddle.nn.CrossEntropyLoss()
    opt = paddle.optimizer.Adam(1e-3, parameters=net.parameters())
    acc = paddle.metric.Accuracy()

    def epoch():
        net.train()
        for x, y in paddle.io.DataLoader(ds, batch_size=64, shuffle=True):
            out = net(x)
            loss = loss_fn(out, y)
            loss.backward()
            opt.step()
            opt.clear_grad()
            float(loss)
            acc.update(acc.compute(out, y))
        acc.accumulate()
        acc.reset()
    return epoch


def timed(fn):
    t0 = time.perf_counter()
    fn()
    return time.perf_counter() - t0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--device", default="cpu", choices=["cpu", "gpu"])
    ap.add_argument("--epochs", type=int, default=7)
    args = ap.parse_args()
    paddle.set_device(args.device)
    ds = MnistLike()
    fit_net, loop_net = cnn(), cnn()
    start = {k: v.numpy().copy() for k, v in fit_net.state_dict().items()}

    def reset():
        paddle.seed(0)       # the same draws for both shuffles
        np.random.seed(0)
        for net in (fit_net, loop_net):
            net.set_state_dict({k: paddle.to_tensor(v) for k, v in start.items()})
    fit, loop = make_fit(ds, fit_net), make_loop(ds, loop_net)
    fit(), loop()                                   # warm-up
    t_fit, t_loop = [], []
    for i in range(args.epochs):
        # which side runs first alternates too (the second runs on a warmer cache)
        for side in ((fit, t_fit), (loop, t_loop))[::1 if i % 2 == 0 else -1]:
            reset()
            side[1].append(timed(side[0]))
    mf, ml = statistics.median(t_fit), statistics.median(t_loop)
    print(f"device={args.device} epochs={args.epochs} samples={len(ds)} batch=64")
    print(f"Model.fit epoch   median {mf * 1e3:8.1f} ms")
    print(f"hand loop epoch   median {ml * 1e3:8.1f} ms")
    print(f"ratio fit / loop  {mf / ml:.3f}")


if __name__ == "__main__":
    main()
