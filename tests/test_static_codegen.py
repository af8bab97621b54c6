"""Generated plan code (paddle_compat/_static/codegen.py) behaves as the interpreter it unrolls:
same values step after step, same errors (missing inputs, kernel failures with the op's context,
variant fallbacks), and it only replaces the interpreter from a plan's second run on."""
import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat import static
from paddle_compat._ops.registry import OPS, apply_op
from paddle_compat._optim.optimizers import SGD
from paddle_compat._static import executor as E


pytestmark = pytest.mark.usefixtures("static_mode")


def _mnist_like():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 6], "float32")
        label = static.data("label", [None, 1], "int64")
        h = static.nn.fc(x, 5, activation="relu")
        logits = static.nn.fc(h, 3)
        _, loss = apply_op(OPS["softmax_with_cross_entropy"], (logits, label, None), {})
        avg = paddle.mean(loss)
        SGD(0.1).minimize(avg)
    return main, startup, avg


def _train(after_runs, monkeypatch, steps=4):
    monkeypatch.setattr(E, "CODEGEN_AFTER_RUNS", after_runs)
    paddle.seed(7)
    main, startup, avg = _mnist_like()
    scope, exe = static.Scope(), static.Executor()
    rng = np.random.RandomState(0)
    losses = []
    with static.scope_guard(scope):
        exe.run(startup)
        for _ in range(steps):
            feed = {"x": rng.rand(8, 6).astype("float32"),
                    "label": rng.randint(0, 3, (8, 1)).astype("int64")}
            losses.append(exe.run(main, feed=feed, fetch_list=[avg])[0])
    params = [scope.find_var(p.name).get_tensor().numpy() for p in main.all_parameters()]
    plan = next(p for k, p in main._plans.items() if k[0] != "run")
    return losses, params, plan


def test_generated_code_trains_exactly_as_the_interpreter(monkeypatch):
    losses_i, params_i, plan_i = _train(None, monkeypatch)
    losses_g, params_g, plan_g = _train(0, monkeypatch)
    assert plan_i.code is None and plan_g.code is not None
    assert "run_group(" in plan_g.code[0].__source__ and "k0(env['x']" in plan_g.code[0].__source__
    for a, b in zip(losses_i + params_i, losses_g + params_g):
        np.testing.assert_array_equal(a, b)


def test_code_is_generated_from_the_second_run_on(monkeypatch):
    monkeypatch.setattr(E, "CODEGEN_AFTER_RUNS", 1)
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2], "float32")
        y = paddle.mean(x * 2.0)
    exe = static.Executor()
    plan = None
    for run in range(3):
        out, = exe.run(main, feed={"x": np.array([1.0, 2.0], "float32")}, fetch_list=[y])
        assert out == 3.0
        plan = plan or next(p for k, p in main._plans.items() if k[0] != "run")
        assert (plan.code is not None) == (run >= 1)


def _errors(after_runs, monkeypatch, program, feed, fetch):
    monkeypatch.setattr(E, "CODEGEN_AFTER_RUNS", after_runs)
    exe = static.Executor()
    with pytest.raises(Exception) as info:
        exe.run(program, feed=feed, fetch_list=fetch)
    return type(info.value), str(info.value)


def test_missing_input_and_failing_kernel_raise_as_in_the_interpreter(monkeypatch):
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 3], "float32")
        w = static.data("w", [None, 3], "float32")
        y = paddle.add(x, w)
    good = {"x": np.ones((2, 3), "float32"), "w": np.ones((2, 3), "float32")}
    bad = {"x": np.ones((2, 3), "float32"), "w": np.ones((4, 3), "float32")}
    for after in (None, 0):
        monkeypatch.setattr(E, "CODEGEN_AFTER_RUNS", after)
        static.Executor().run(main, feed=good, fetch_list=[y])     # the plan exists, maybe as code
    generated = _errors(0, monkeypatch, main, bad, [y])
    interpreted = _errors(None, monkeypatch, main, bad, [y])
    assert generated == interpreted and "[operator < elementwise_add > error]" in generated[1]
    missing_g = _errors(0, monkeypatch, main, {"x": good["x"]}, [y])
    missing_i = _errors(None, monkeypatch, main, {"x": good["x"]}, [y])
    assert missing_g == missing_i and "Variable Y(w) is not initialized" in missing_g[1]
    assert missing_g[0] is ValueError           # Paddle 3.3.1: ValueError (InvalidArgumentError)


def test_variant_fallback_runs_the_full_kernel_in_generated_code(monkeypatch):
    monkeypatch.setattr(E, "CODEGEN_AFTER_RUNS", 0)
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 2, 3], "float32")
        y = static.nn.fc(x, 4)                 # `mul` variant is torch.mm: refuses a 3-D input
    exe = static.Executor()
    exe.run(startup)
    data = np.random.RandomState(0).rand(5, 2, 3).astype("float32")
    out, = exe.run(main, feed={"x": data}, fetch_list=[y])
    w = static.global_scope()._tensors[main.all_parameters()[0].name].numpy()
    np.testing.assert_allclose(out, data.reshape(5, 6) @ w, rtol=1e-5, atol=1e-6)
