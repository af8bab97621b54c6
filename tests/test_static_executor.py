"""Executor runs (paddle_compat/_static/executor.py): the lean SGD update, the plan cache keyed by
the caller's feed/fetch, clones with sub-blocks, non-tensor variable printing, per-program names,
and the per-scope autograd leaves of parameters. Lowering's choices are in test_static_lowering.py."""
import re
import warnings

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat import static


pytestmark = pytest.mark.usefixtures("static_mode")


def _plan(main):
    return next(p for k, p in main._plans.items() if k[0] != "run")


def _sgd_program(lr):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 3], "float32")
        y = static.nn.fc(x, 2)
        loss = paddle.mean(y)
        from paddle_compat._optim.optimizers import SGD
        SGD(lr).minimize(loss)
    return main, startup, loss


def test_sgd_step_matches_rule_and_follows_lr_scheduler():
    from paddle_compat._optim.lr import StepDecay
    sched = StepDecay(0.5, step_size=1, gamma=0.1)
    main, startup, loss = _sgd_program(sched)
    exe = static.Executor()
    scope = static.Scope()
    exe.run(startup, scope=scope)
    data = np.random.RandomState(1).rand(4, 3).astype("float32")
    w = main.all_parameters()[0]
    assert w.name.endswith(".w_0")
    before = scope._tensors[w.name].clone()
    exe.run(main, feed={"x": data}, fetch_list=[loss], scope=scope)
    after = scope._tensors[w.name].clone()
    grad = torch.from_numpy(np.repeat(data.mean(0, keepdims=True), 2, 0).T / 2)
    expect = before.clone().sub_(grad, alpha=float(np.float32(0.5)))
    torch.testing.assert_close(after, expect, rtol=0, atol=1e-7)
    sched.step()                     # lr 0.05 now: the cached float must be refreshed
    exe.run(main, feed={"x": data}, fetch_list=[loss], scope=scope)
    step2 = after - scope._tensors[w.name]
    torch.testing.assert_close(step2, grad.float() * float(np.float32(0.05)), rtol=1e-5, atol=1e-8)


def test_plan_cache_keys_on_callers_feed_and_fetch():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 2], "float32")
        y = paddle.exp(x)
        z = paddle.mean(y)
    exe = static.Executor()
    d = np.ones((1, 2), "float32")
    a = exe.run(main, feed={"x": d}, fetch_list=[y])
    b = exe.run(main, feed={"x": d}, fetch_list=[y.name, z])
    c = exe.run(main, feed={"x": d}, fetch_list=[[y, z]])       # nested: derived every time
    np.testing.assert_allclose(a[0], np.e * d, rtol=1e-6)
    assert len(b) == 2 and len(c) == 2
    for _ in range(2):               # an unknown feed warns on every run, cached plan or not
        with pytest.warns(UserWarning, match="The variable q is not found in program"):
            exe.run(main, feed={"x": d, "q": d}, fetch_list=[z])
    with static.program_guard(main):
        w = y * 2.0
    assert exe.run(main, feed={"x": d}, fetch_list=[w])[0][0, 0] == pytest.approx(2 * np.e)


def test_clone_rebinds_sub_blocks_of_static_pylayer():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 3], "float32")
        x.stop_gradient = False
        y = static.nn.static_pylayer(lambda v: paddle.exp(v), [x], lambda dy: dy * 2)
        g = static.gradients([paddle.mean(y)], [x])[0]
    clone = main.clone()
    op = [o for o in clone.global_block().ops if o.type == "pylayer"][0]
    assert all(b.program is clone for b in op.attr("blocks"))
    assert op.opdef.kernel.op is op
    d = np.ones((2, 3), "float32")
    exe = static.Executor()
    want = exe.run(main, feed={"x": d}, fetch_list=[y, g])
    got = exe.run(clone, feed={"x": d}, fetch_list=[y.name, g.name])
    for a, b in zip(want, got):
        np.testing.assert_array_equal(a, b)


@pytest.mark.parametrize("kind, text", [("STEP_SCOPES", "var v : STEP_SCOPES)"),
                                        ("DENSE_TENSOR_ARRAY", "var v : DENSE_TENSOR_ARRAY)"),
                                        ("RAW", "var v : raw)")])
def test_non_tensor_variables_print_as_paddle(kind, text):
    # Recorded from Paddle 3.3.1: Block.create_var(type=VarType.<kind>)._to_readable_code().
    v = static.Program().global_block().create_var(name="v", type=kind)
    assert str(v) == text


def test_per_program_names_restart():
    names = []
    for _ in range(2):
        main, startup = static.Program(), static.Program()
        with static.program_guard(main, startup):
            x = static.data("x", [None, 3], "float32")
            names.append([static.nn.fc(x, 2).name, paddle.exp(x).name,
                          [p.name for p in main.all_parameters()]])
    assert names[0] == names[1] == [["fc_0.tmp_1"][0], "exp_0.tmp_0", ["fc_0.w_0", "fc_0.b_0"]]
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        clone = main.clone()
    with static.program_guard(clone):
        assert paddle.exp(clone.global_block().var("x")).name == "exp_1.tmp_0"


def test_scope_leaf_is_reused_while_the_scope_holds_the_same_tensor():
    main, startup, loss = _sgd_program(0.5)
    scope = static.Scope()
    exe = static.Executor()
    w_name = main.all_parameters()[0].name
    x = np.ones((4, 3), "float32")
    with static.scope_guard(scope):
        exe.run(startup)
        exe.run(main, feed={"x": x}, fetch_list=[loss])
        held, leaf = scope._leaves[w_name]
        w_before = scope.find_var(w_name).get_tensor().numpy()
        exe.run(main, feed={"x": x}, fetch_list=[loss])
        assert scope._leaves[w_name][1] is leaf and scope._tensors[w_name] is held
        # d mean(x @ w + b) / dw = mean over rows and outputs of x: 1/2 for each entry here.
        np.testing.assert_allclose(scope.find_var(w_name).get_tensor().numpy(),
                                   w_before - 0.5 * 0.5, rtol=1e-6)
        # Replacing the scope's tensor invalidates the cached leaf: the next step reads the new one.
        scope.find_var(w_name).get_tensor().set(np.zeros((3, 2), "float32"), paddle.CPUPlace())
        exe.run(main, feed={"x": x}, fetch_list=[loss])
        assert scope._leaves[w_name][1] is not leaf
        np.testing.assert_allclose(scope.find_var(w_name).get_tensor().numpy(), -0.25, rtol=1e-6)


def test_feed_of_the_wrong_rank_is_paddles_value_error():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2, 3], "float32")
        y = paddle.scale(x, 2.0)
    exe = static.Executor()
    with pytest.raises(ValueError, match=re.escape(
            "The fed Variable 'x' should have dimensions = 2, shape = (2, 3), but received fed "
            "shape [2, 3, 1] on each device")):
        exe.run(main, feed={"x": np.ones((2, 3, 1), "float32")}, fetch_list=[y])
    with pytest.raises(ValueError, match="should have dimensions = 2"):
        exe.run(main, feed={"x": np.ones(6, "float32")}, fetch_list=[y])


def test_appending_an_op_after_a_run_changes_the_next_run():
    # Paddle 3.3.1 prints [2, 2, 2] then [10, 10, 10]: the cached plan must not outlive the edit.
    main = static.Program()
    with static.program_guard(main):
        a = static.data("a", [3], "float32")
        b = paddle.scale(a, 2.0)
    exe = static.Executor()
    feed = {"a": np.ones(3, "float32")}
    assert exe.run(main, feed=feed, fetch_list=[b])[0].tolist() == [2.0, 2.0, 2.0]
    main.global_block().append_op(type="scale", inputs={"X": [b]}, outputs={"Out": [b]},
                                  attrs={"scale": 5.0})
    assert exe.run(main, feed=feed, fetch_list=[b])[0].tolist() == [10.0, 10.0, 10.0]


def test_repeated_gradients_calls_are_renamed_and_agree():
    # Paddle 3.3.1: x@GRAD, grad/grad/x@GRAD, grad/grad/grad/x@GRAD, all 1/n here.
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2, 3], "float32")
        x.stop_gradient = False
        loss = paddle.mean(x * x)
        gs = [static.gradients([loss], [x])[0] for _ in range(3)]
    assert [g.name for g in gs] == ["x@GRAD", "grad/grad/x@GRAD", "grad/grad/grad/x@GRAD"]
    got = static.Executor().run(main, feed={"x": np.full((2, 3), 0.5, "float32")}, fetch_list=gs)
    for g in got:
        np.testing.assert_allclose(g, np.full((2, 3), 1.0 / 6), rtol=1e-6)


def test_gradient_of_an_input_autograd_does_not_reach_is_zero():
    # w reaches the loss only through full_like (no gradient): its gradient is all zeros.
    # (Paddle 3.3.1 returns None for w here instead of a zero gradient variable.)
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2], "float32")
        w = static.data("w", [2], "float32")
        x.stop_gradient = w.stop_gradient = False
        loss = paddle.mean(x * 2.0) + paddle.mean(paddle.full_like(w, 3.0))
        gx, gw = static.gradients([loss], [x, w])
    got = static.Executor().run(main, feed={"x": np.ones(2, "float32"), "w": np.ones(2, "float32")},
                                fetch_list=[gx, gw])
    assert [g.tolist() for g in got] == [[1.0, 1.0], [0.0, 0.0]]


def test_concurrent_runs_keep_static_mode_and_default_programs():
    # issue #17: two threads in Executor.run at once used to leave the process in dynamic mode
    import threading
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data('x', [None, 3], 'float32')
            y = paddle.static.nn.fc(x, 2)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(start)
        default_main = paddle.static.default_main_program()
        errors = []

        def work():
            try:
                for _ in range(10):
                    exe.run(main, feed={'x': np.ones([2, 3], 'float32')}, fetch_list=[y])
            except Exception as exc:  # noqa: BLE001 - collected and asserted below
                errors.append(exc)

        for _ in range(5):
            threads = [threading.Thread(target=work) for _ in range(3)]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            assert not errors
            assert not paddle.in_dynamic_mode()
        assert paddle.static.default_main_program() is default_main
        with paddle.static.program_guard(main, start):
            paddle.static.data('z', [None, 3], 'float32')     # static mode still in force
    finally:
        paddle.disable_static()
