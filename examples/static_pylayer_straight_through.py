# A quantised hidden layer trained in a static program: static_pylayer rounds in forward and passes
# the gradient straight through in backward (the straight-through estimator).
import numpy as np
import paddle

paddle.enable_static()


def quantize(h):
    return paddle.round(h * 4.0) / 4.0


def straight_through(dq):
    return dq


main, startup = paddle.static.Program(), paddle.static.Program()
with paddle.static.program_guard(main, startup):
    x = paddle.static.data("x", [None, 4], "float32")
    label = paddle.static.data("label", [None, 1], "float32")
    const = paddle.nn.initializer.Constant
    h = paddle.static.nn.fc(x, 3, weight_attr=paddle.ParamAttr(initializer=const(0.3)),
                            bias_attr=paddle.ParamAttr(initializer=const(0.05)))
    q = paddle.static.nn.static_pylayer(quantize, [h], straight_through)
    pred = paddle.static.nn.fc(q, 1, weight_attr=paddle.ParamAttr(initializer=const(0.2)),
                               bias_attr=paddle.ParamAttr(initializer=const(0.0)))
    loss = paddle.mean(paddle.square(pred - label))
    paddle.optimizer.SGD(learning_rate=0.05).minimize(loss)

exe = paddle.static.Executor(paddle.CPUPlace())
exe.run(startup)
rng = np.random.RandomState(0)
xs = rng.uniform(-1, 1, (16, 4)).astype("float32")
ys = xs.sum(axis=1, keepdims=True)
for step in range(6):
    (l,) = exe.run(main, feed={"x": xs, "label": ys}, fetch_list=[loss])
    print(f"step {step}: loss {float(l):.5f}")
