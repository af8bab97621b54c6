"""The benchmark models written once in Paddle style, for bench_models.py.

Every function takes the `paddle` module as its first argument, so the very same code runs on
paddle_compat (in the driver's worker) and on a real Paddle 3.3.1 (in its own interpreter).
A case is (model, mode, phase): mode 'dynamic' | 'to_static' | 'static' (Program/Executor),
phase 'train' (forward, loss, backward, optimizer step, clear_grad) | 'infer' (eval, no_grad
forward). `make_step` returns a zero-argument callable that runs one step.
"""
import numpy as np

# name -> (input shape with batch, number of classes or None for a mean-square loss)
SHAPES = {
    "mlp": ([64, 784], 10),
    "lenet": ([64, 1, 28, 28], 10),
    "resnet18_b8": ([8, 3, 64, 64], 10),
    "resnet18_b32": ([32, 3, 64, 64], 10),
    "lstm": ([32, 50, 128], None),
    "transformer": ([16, 128, 256], None),
}

LABELS = {
    "mlp": "MLP 784-512-512-10, batch 64",
    "lenet": "LeNet 1x28x28, batch 64",
    "resnet18_b8": "resnet18 3x64x64, batch 8",
    "resnet18_b32": "resnet18 3x64x64, batch 32",
    "lstm": "LSTM 2x256, seq 50, batch 32",
    "transformer": "Transformer enc 4x256, seq 128, batch 16",
}


def build_model(paddle, name):
    nn = paddle.nn
    if name == "mlp":
        return nn.Sequential(nn.Linear(784, 512), nn.ReLU(), nn.Linear(512, 512), nn.ReLU(),
                             nn.Linear(512, 10))
    if name == "lenet":
        return paddle.vision.models.LeNet(num_classes=10)
    if name.startswith("resnet18"):
        return paddle.vision.models.resnet18(num_classes=10)
    if name == "lstm":
        class Net(nn.Layer):
            def __init__(self):
                super().__init__()
                self.lstm = nn.LSTM(128, 256, num_layers=2)

            def forward(self, x):
                return self.lstm(x)[0]
        return Net()
    if name == "transformer":
        layer = nn.TransformerEncoderLayer(256, 4, 1024, dropout=0.0)
        return nn.TransformerEncoder(layer, 4)
    raise ValueError(name)


def inputs(name):
    shape, classes = SHAPES[name]
    rs = np.random.RandomState(0)
    x = rs.uniform(-1, 1, shape).astype("float32")
    y = rs.randint(0, classes, [shape[0], 1]).astype("int64") if classes else None
    return x, y


def loss_of(paddle, name, out, y):
    if SHAPES[name][1]:
        return paddle.nn.functional.cross_entropy(out, y)
    return paddle.mean(out * out)


def make_step(paddle, name, mode, phase):
    """-> (step callable, teardown callable)."""
    paddle.seed(0)
    xa, ya = inputs(name)
    if mode == "static":
        return _static_step(paddle, name, phase, xa, ya)
    model = build_model(paddle, name)
    if phase == "infer":
        model.eval()
    if mode == "to_static":
        model = paddle.jit.to_static(model)
    x = paddle.to_tensor(xa)
    y = paddle.to_tensor(ya) if ya is not None else None
    if phase == "infer":
        def step():
            with paddle.no_grad():
                return model(x)
        step.model = model
        return step, lambda: None
    opt = paddle.optimizer.Adam(learning_rate=1e-3, parameters=model.parameters())

    def step():
        loss = loss_of(paddle, name, model(x), y)
        loss.backward()
        opt.step()
        opt.clear_grad()
    step.model = model
    return step, lambda: None


def _static_step(paddle, name, phase, xa, ya):
    static = paddle.static
    paddle.enable_static()
    try:
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            x = static.data("x", list(xa.shape), "float32")
            model = build_model(paddle, name)
            if phase == "infer":
                model.eval()
            out = model(x)
            feed = {"x": xa}
            fetch = out
            if phase == "train":
                y = static.data("y", list(ya.shape), "int64") if ya is not None else None
                if ya is not None:
                    feed["y"] = ya
                fetch = loss_of(paddle, name, out, y)
                paddle.optimizer.Adam(learning_rate=1e-3).minimize(fetch)
        exe = static.Executor(paddle.CPUPlace())
        exe.run(startup)
    except BaseException:
        paddle.disable_static()
        raise

    def step():
        return exe.run(main, feed=feed, fetch_list=[fetch])
    return step, paddle.disable_static
