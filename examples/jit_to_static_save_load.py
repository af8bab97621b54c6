"""to_static a Layer with a PyLayer activation and Python control flow, then jit.save / jit.load.

Run with real Paddle (`python jit_to_static_save_load.py`) or on torch
(`python -m paddle_compat run examples/jit_to_static_save_load.py`): both print the same numbers
(to 4 decimals). The model is saved without its data-dependent branch (jit.save needs one graph);
training uses the branchy forward under to_static.
"""
import os
import tempfile

import numpy as np
import paddle
from paddle.static import InputSpec


class CusTanh(paddle.autograd.PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = paddle.tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return dy * (1 - paddle.square(y))


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        init = paddle.nn.initializer.Assign
        rng = np.random.RandomState(0)
        self.fc1 = paddle.nn.Linear(4, 8, weight_attr=paddle.ParamAttr(
            initializer=init(rng.uniform(-0.5, 0.5, [4, 8]).astype("float32"))))
        self.fc2 = paddle.nn.Linear(8, 1, weight_attr=paddle.ParamAttr(
            initializer=init(rng.uniform(-0.5, 0.5, [8, 1]).astype("float32"))))
        self.branchy = True

    def forward(self, x):
        h = CusTanh.apply(self.fc1(x))
        if self.branchy and paddle.mean(h) > 0:     # data-dependent Python control flow
            h = h * 2
        return self.fc2(h)


rng = np.random.RandomState(1)
x = paddle.to_tensor(rng.uniform(-1, 1, [16, 4]).astype("float32"))
y = paddle.to_tensor(rng.uniform(-1, 1, [16, 1]).astype("float32"))
net = paddle.jit.to_static(Net(), input_spec=[InputSpec([None, 4], "float32", "x")])
opt = paddle.optimizer.SGD(learning_rate=0.1, parameters=net.parameters())
for step in range(3):
    loss = paddle.mean(paddle.square(net(x) - y))
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(f"step {step} loss {float(loss):.4f}")

net.branchy = False
path = os.path.join(tempfile.mkdtemp(), "net")
paddle.jit.save(net, path)
loaded = paddle.jit.load(path)
net.eval()
print("loaded == original:", bool(np.allclose(loaded(x).numpy(), net(x).numpy(), atol=1e-5)))
print("first output: %.4f" % float(loaded(x)[0, 0]))
