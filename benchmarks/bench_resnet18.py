"""A resnet18 training step (batch 8, 3x64x64, 10 classes, SGD): paddle_compat's
paddle.vision.models.resnet18 vs the same network written in plain torch, side by side.

    python benchmarks/bench_resnet18.py [--repeat 7] [--number 3] [--timer cpu|wall]
        [--paddle PADDLE_PY] [--device cpu|cuda]

Both sides run in this process on one thread, alternately (`repeat` rounds of `number` steps
each); the times are medians per step and the ratio is the median of the per-round ratios, with
their [min-max] spread. The torch model starts from paddle_compat's weights, so both do the same
arithmetic. With `--paddle PYTHON`, that interpreter (real Paddle) runs the same step in a
subprocess (also one thread) and its median step time is printed beside them. The target is
paddle_compat / torch <= 1.05.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time

BATCH, SIZE, CLASSES = 8, 64, 10

PADDLE_SIDE = r"""
import json, sys, time
import numpy as np
import paddle
paddle.set_device("cpu")
repeat, number = int(sys.argv[1]), int(sys.argv[2])
paddle.seed(0)
model = paddle.vision.models.resnet18(num_classes=%(C)d)
opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
rs = np.random.RandomState(0)
x = paddle.to_tensor(rs.uniform(-1, 1, [%(B)d, 3, %(S)d, %(S)d]).astype("float32"))
y = paddle.to_tensor(rs.randint(0, %(C)d, [%(B)d]).astype("int64"))
def step():
    loss = paddle.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    opt.clear_grad()
step()
times = []
for _ in range(repeat):
    t = time.perf_counter()
    for _ in range(number):
        step()
    times.append((time.perf_counter() - t) / number)
print(json.dumps(times))
""" % {"B": BATCH, "S": SIZE, "C": CLASSES}


def torch_resnet18(nn, num_classes):
    """resnet18 in plain torch, with paddle's BatchNorm settings (momentum 0.9 = torch's 0.1)."""
    class Basic(nn.Module):
        def __init__(self, cin, cout, stride):
            super().__init__()
            self.conv1 = nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
            self.bn1 = nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1)
            self.conv2 = nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
            self.bn2 = nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1)
            self.relu = nn.ReLU()
            self.downsample = None
            if stride != 1 or cin != cout:
                self.downsample = nn.Sequential(nn.Conv2d(cin, cout, 1, stride, bias=False),
                                                nn.BatchNorm2d(cout, eps=1e-5, momentum=0.1))

        def forward(self, x):
            out = self.relu(self.bn1(self.conv1(x)))
            out = self.bn2(self.conv2(out))
            identity = x if self.downsample is None else self.downsample(x)
            return self.relu(out + identity)

    class Net(nn.Module):
        def __init__(self):
            super().__init__()
            self.conv1 = nn.Conv2d(3, 64, 7, 2, 3, bias=False)
            self.bn1 = nn.BatchNorm2d(64, eps=1e-5, momentum=0.1)
            self.relu = nn.ReLU()
            self.maxpool = nn.MaxPool2d(3, 2, 1)
            cfg, layers, cin = [(64, 1), (128, 2), (256, 2), (512, 2)], [], 64
            for cout, stride in cfg:
                layers.append(nn.Sequential(Basic(cin, cout, stride), Basic(cout, cout, 1)))
                cin = cout
            self.layer1, self.layer2, self.layer3, self.layer4 = layers
            self.avgpool = nn.AdaptiveAvgPool2d(1)
            self.fc = nn.Linear(512, num_classes)

        def forward(self, x):
            x = self.maxpool(self.relu(self.bn1(self.conv1(x))))
            x = self.layer4(self.layer3(self.layer2(self.layer1(x))))
            return self.fc(self.avgpool(x).flatten(1))

    return Net()


def copy_weights(ours, theirs, torch):
    """Give the torch model paddle_compat's initial values (Linear weights transposed)."""
    src = {k: v.numpy() for k, v in ours.state_dict().items()}
    with torch.no_grad():
        for k, v in theirs.state_dict().items():
            if k.endswith("num_batches_tracked"):
                continue
            name = k.replace("running_mean", "_mean").replace("running_var", "_variance")
            a = src[name]
            if k == "fc.weight":
                a = a.T
            v.copy_(torch.from_numpy(a.copy()))


def run_paddle(python, repeat, number):
    env = dict(os.environ, OMP_NUM_THREADS="1", MKL_NUM_THREADS="1", OPENBLAS_NUM_THREADS="1")
    out = subprocess.run([os.path.expanduser(python), "-c", PADDLE_SIDE, str(repeat), str(number)],
                         capture_output=True, text=True, env=env, check=True)
    return statistics.median(json.loads(out.stdout.strip().splitlines()[-1]))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--number", type=int, default=3)
    parser.add_argument("--timer", choices=["cpu", "wall"], default="cpu")
    parser.add_argument("--paddle", default=None, help="a Python with real Paddle installed")
    parser.add_argument("--device", default="cpu")
    args = parser.parse_args()
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    import numpy as np
    import torch
    import paddle_compat as paddle

    torch.set_num_threads(1)
    timer = time.process_time if args.timer == "cpu" else time.perf_counter
    dev = torch.device(args.device)
    sync = torch.cuda.synchronize if dev.type == "cuda" else (lambda: None)
    if dev.type == "cuda":
        paddle.set_device("gpu")
        timer = time.perf_counter

    paddle.seed(0)
    model = paddle.vision.models.resnet18(num_classes=CLASSES)
    opt = paddle.optimizer.SGD(learning_rate=0.01, parameters=model.parameters())
    rs = np.random.RandomState(0)
    xa = rs.uniform(-1, 1, [BATCH, 3, SIZE, SIZE]).astype("float32")
    ya = rs.randint(0, CLASSES, [BATCH]).astype("int64")
    x, y = paddle.to_tensor(xa), paddle.to_tensor(ya)

    tmodel = torch_resnet18(torch.nn, CLASSES)
    copy_weights(model, tmodel, torch)
    tmodel.to(dev).train()
    topt = torch.optim.SGD(tmodel.parameters(), lr=0.01)
    tx, ty = torch.from_numpy(xa).to(dev), torch.from_numpy(ya).to(dev)

    def ours():
        loss = paddle.nn.functional.cross_entropy(model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()

    def ref():
        loss = torch.nn.functional.cross_entropy(tmodel(tx), ty)
        loss.backward()
        topt.step()
        topt.zero_grad(set_to_none=True)

    for fn in (ours, ref, ours, ref):
        fn()
    sync()
    t_ours, t_ref = [], []
    for _ in range(args.repeat):
        for fn, acc in ((ours, t_ours), (ref, t_ref)):
            t = timer()
            for _ in range(args.number):
                fn()
            sync()
            acc.append((timer() - t) / args.number)
    ratios = sorted(a / b for a, b in zip(t_ours, t_ref))
    print(f"resnet18 train step, batch {BATCH}, 3x{SIZE}x{SIZE}, SGD, {args.device}, 1 thread, "
          f"median of {args.repeat} x {args.number} steps, {args.timer} time")
    print(f"paddle_compat {statistics.median(t_ours) * 1e3:8.2f} ms/step")
    print(f"torch         {statistics.median(t_ref) * 1e3:8.2f} ms/step")
    print(f"ratio paddle_compat / torch  {statistics.median(ratios):.3f}x  "
          f"[{ratios[0]:.3f}-{ratios[-1]:.3f}]")
    if args.paddle:
        t_pd = run_paddle(args.paddle, args.repeat, args.number)
        print(f"real Paddle   {t_pd * 1e3:8.2f} ms/step (wall, subprocess)")
        print(f"ratio paddle_compat / Paddle {statistics.median(t_ours) / t_pd:.3f}x")


if __name__ == "__main__":
    main()
