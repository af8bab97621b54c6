"""Train a two-layer MLP (Linear-ReLU-Linear) with Adam and cross-entropy on fixed data; all weights
Assign-initialised. Prints the losses and final weights, identical under Paddle and paddle_compat."""
import numpy as np
import paddle

rng = np.random.RandomState(1)
x = paddle.to_tensor(rng.uniform(-1, 1, [32, 6]).astype("float32"))
y = paddle.to_tensor(rng.randint(0, 4, [32, 1]).astype("int64"))


def assign(*shape):
    return paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(
        rng.uniform(-0.4, 0.4, shape).astype("float32")))


class MLP(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc1 = paddle.nn.Linear(6, 8, weight_attr=assign(6, 8), bias_attr=assign(8))
        self.act = paddle.nn.ReLU()
        self.fc2 = paddle.nn.Linear(8, 4, weight_attr=assign(8, 4), bias_attr=assign(4))

    def forward(self, inp):
        return self.fc2(self.act(self.fc1(inp)))


model = MLP()
opt = paddle.optimizer.Adam(learning_rate=0.01, parameters=model.parameters())
for step in range(30):
    logits = model(x)
    loss = paddle.nn.functional.cross_entropy(logits, y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(f"step {step} loss {loss.item():.7f}")
for name, p in model.named_parameters():
    print(name, [round(float(v), 7) for v in p.numpy().reshape(-1)])
