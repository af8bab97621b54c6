"""Train a Linear classifier with SGD and cross-entropy; Assign-initialised weights, fixed data.

Run with real Paddle (`python train_linear_sgd.py`) or on torch
(`python -m paddle_compat run examples/train_linear_sgd.py`): both print the same losses and weights.
"""
import numpy as np
import paddle

rng = np.random.RandomState(0)
x = paddle.to_tensor(rng.uniform(-1, 1, [16, 4]).astype("float32"))
y = paddle.to_tensor(rng.randint(0, 3, [16]).astype("int64"))
w0 = rng.uniform(-0.5, 0.5, [4, 3]).astype("float32")

model = paddle.nn.Linear(4, 3, weight_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Assign(w0)))
opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=model.parameters())
loss_fn = paddle.nn.CrossEntropyLoss()
for step in range(20):
    loss = loss_fn(model(x), y)
    loss.backward()
    opt.step()
    opt.clear_grad()
    print(f"step {step} loss {loss.item():.7f}")
print("weight", [round(float(v), 7) for v in model.weight.numpy().reshape(-1)])
print("bias", [round(float(v), 7) for v in model.bias.numpy().reshape(-1)])
