"""Regression MLP (Linear-Tanh-Linear) trained with Momentum SGD and MSE loss on fixed data,
Assign-initialised weights; prints the same losses and final weights under Paddle and paddle_compat."""
import numpy as np
import paddle

rng = np.random.RandomState(2)
x = paddle.to_tensor(rng.uniform(-1, 1, [24, 3]).astype("float32"))
t = paddle.to_tensor(rng.uniform(-1, 1, [24, 2]).astype("float32"))


def assign(*shape):
    return paddle.nn.initializer.Assign(rng.uniform(-0.5, 0.5, shape).astype("float32"))


model = paddle.nn.Sequential(
    paddle.nn.Linear(3, 5, weight_attr=assign(3, 5), bias_attr=assign(5)),
    paddle.nn.Tanh(),
    paddle.nn.Linear(5, 2, weight_attr=assign(5, 2), bias_attr=assign(2)),
)
opt = paddle.optimizer.Momentum(learning_rate=0.1, momentum=0.9, parameters=model.parameters())
loss_fn = paddle.nn.MSELoss()
for step in range(25):
    loss = loss_fn(model(x), t)
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(f"step {step} loss {loss.item():.7f}")
for name, p in model.named_parameters():
    print(name, [round(float(v), 7) for v in p.numpy().reshape(-1)])
