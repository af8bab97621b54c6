"""Static minimize with the optimizers added by the static hunt, and the Variable operators'
legacy recording (Paddle 3.3.1's values are in conformance/goldens/cases/hunt_static.json)."""
import numpy as np
import pytest

import paddle_compat as paddle


def _train(make_opt, steps=3):
    """Loss values of `steps` static steps and of the same steps in dynamic mode."""
    np.random.seed(0)
    xs = np.random.rand(8, 4).astype("float32")
    ys = xs.sum(1, keepdims=True)
    w0 = np.random.rand(4, 1).astype("float32")
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [None, 4], "float32")
            y = paddle.static.data("y", [None, 1], "float32")
            pred = paddle.static.nn.fc(x, 1, weight_attr=paddle.ParamAttr(
                initializer=paddle.nn.initializer.Assign(w0)), bias_attr=False)
            loss = paddle.mean((pred - y) ** 2)
            make_opt(None).minimize(loss)
        exe = paddle.static.Executor()
        exe.run(start)
        static = [float(exe.run(main, feed={"x": xs, "y": ys}, fetch_list=[loss])[0])
                  for _ in range(steps)]
    finally:
        paddle.disable_static()
    lin = paddle.nn.Linear(4, 1, bias_attr=False)
    lin.weight.set_value(w0)
    opt = make_opt(lin.parameters())
    dynamic = []
    for _ in range(steps):
        loss = paddle.mean((lin(paddle.to_tensor(xs)) - paddle.to_tensor(ys)) ** 2)
        dynamic.append(float(loss))
        loss.backward()
        opt.step()
        opt.clear_grad()
    return static, dynamic


@pytest.mark.parametrize("make_opt", [
    lambda p: paddle.optimizer.Adagrad(0.1, parameters=p),
    lambda p: paddle.optimizer.RMSProp(0.01, parameters=p),
    lambda p: paddle.optimizer.Adamax(0.01, parameters=p),
    lambda p: paddle.optimizer.Adadelta(0.1, parameters=p),
    lambda p: paddle.optimizer.Lamb(0.01, parameters=p),
    lambda p: paddle.optimizer.SGD(0.1, parameters=p, weight_decay=0.01),
    lambda p: paddle.optimizer.Adam(0.01, parameters=p, weight_decay=paddle.regularizer.L1Decay(0.1)),
    lambda p: paddle.optimizer.SGD(0.1, parameters=p, grad_clip=paddle.nn.ClipGradByValue(0.05)),
    lambda p: paddle.optimizer.SGD(0.1, parameters=p, grad_clip=paddle.nn.ClipGradByNorm(0.5)),
])
def test_static_minimize_follows_the_dynamic_rule(make_opt):
    static, dynamic = _train(make_opt)
    np.testing.assert_allclose(static, dynamic, rtol=1e-5)
    assert static[-1] < static[0]


def test_global_norm_clip_is_refused_in_static_mode():
    with pytest.raises(NotImplementedError, match="ClipGradByGlobalNorm"):
        _train(lambda p: paddle.optimizer.SGD(0.1, parameters=p,
                                               grad_clip=paddle.nn.ClipGradByGlobalNorm(1.0)))


def test_accumulator_names_follow_paddle():
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [None, 4], "float32")
            loss = paddle.mean(paddle.static.nn.fc(x, 1))
            ops, pg = paddle.optimizer.RMSProp(0.01).minimize(loss)
        names = sorted(v.name for v in main.list_vars() if v.persistable)
    finally:
        paddle.disable_static()
    assert [op.type for op in ops] == ["rmsprop", "rmsprop"]
    stems = sorted({n.rsplit("_", 1)[0] for n in names})
    assert {"fc_0.w_0_mean_grad", "fc_0.w_0_mean_square", "fc_0.w_0_momentum"} <= set(stems)


def test_operators_with_numbers_record_one_scale_op():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2], "float32")
            i = paddle.static.data("i", [2], "int32")
            outs = [x + 1.0, x * 2, x - 1, x / 4, 1.0 - x, -x, i * 2, x ** 2, x < 1.0, x.astype("int64")]
        ops = main.global_block().ops
        exe = paddle.static.Executor()
        got = exe.run(main, feed={"x": np.array([1.0, 2.0], "float32"),
                                  "i": np.array([3, 4], "int32")}, fetch_list=outs)
    finally:
        paddle.disable_static()
    assert [op.type for op in ops[:7]] == ["scale"] * 7
    assert [(op.attr("scale"), op.attr("bias")) for op in ops[:5]] == [
        (1.0, 1.0), (2.0, 0.0), (1.0, -1.0), (0.25, 0.0), (-1.0, 1.0)]
    assert [op.type for op in ops[7:]] == ["fill_constant", "elementwise_pow", "fill_constant",
                                           "less_than", "cast"]
    assert all(o.name.startswith("tmp_") for o in outs)
    assert got[6].dtype == np.int32 and got[6].tolist() == [6, 8]
    assert got[4].tolist() == [0.0, -1.0] and got[8].tolist() == [False, False]
