"""Lowering (paddle_compat/_static/lowering.py): kernel variants give the full kernels' values and
fall back for Paddle's errors; cross entropy + mean fuse into one step with the two ops' values;
trailing sgd updates fuse bit for bit; sub-blocks lower."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat import static
from paddle_compat._ops.registry import OPS, apply_op
from paddle_compat._static import executor as E
from paddle_compat._static import lowering as L
from paddle_compat._static.variants import pick


pytestmark = pytest.mark.usefixtures("static_mode")


def _ce_program(fetch_softmax):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        logits = static.data("logits", [None, 5], "float64")
        logits.stop_gradient = False
        label = static.data("label", [None, 1], "int64")
        sm, loss = apply_op(OPS["softmax_with_cross_entropy"], (logits, label, None), {})
        avg = paddle.mean(loss)
        g = static.gradients([avg], [logits])[0]
    fetch = [loss, avg, g] + ([sm] if fetch_softmax else [])
    return main, fetch


def _plan(main):
    return next(p for k, p in main._plans.items() if k[0] != "run")


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.integers(0, 2 ** 31 - 1), st.booleans())
def test_ce_variant_equals_full_kernel_bitwise(n, seed, ignore_some):
    rng = np.random.RandomState(seed)
    data = rng.randn(n, 5) * 3
    lab = rng.randint(0, 5, (n, 1))
    if ignore_some:
        lab[0, 0] = -100
    exe = static.Executor()
    fast_main, fast_fetch = _ce_program(False)
    full_main, full_fetch = _ce_program(True)
    fast = exe.run(fast_main, feed={"logits": data, "label": lab}, fetch_list=fast_fetch)
    full = exe.run(full_main, feed={"logits": data, "label": lab}, fetch_list=full_fetch)
    ce_fast = [s for s in _plan(fast_main).steps if getattr(s, "op", None) is not None
               and s.op.type == "softmax_with_cross_entropy"][0]
    ce_full = [s for s in _plan(full_main).steps if getattr(s, "op", None) is not None
               and s.op.type == "softmax_with_cross_entropy"][0]
    assert ce_fast.fallback is not None and ce_full.fallback is None   # variant only when dead
    for a, b in zip(fast, full):
        np.testing.assert_array_equal(a, b)
    np.testing.assert_allclose(full[3], torch.softmax(torch.tensor(data), -1).numpy(), rtol=1e-12)


def test_ce_variant_bad_label_gives_paddles_error():
    main, fetch = _ce_program(False)
    with pytest.raises(IndexError, match=r"label value should less than the shape of axis"):
        static.Executor().run(main, feed={"logits": np.zeros((2, 5)), "label": [[1], [7]]},
                              fetch_list=fetch)


def test_mul_variant_falls_back_for_3d_input():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 2, 3], "float32")
        y = static.nn.fc(x, 4)                     # mul with x_num_col_dims=1 on a 3-D input
    exe = static.Executor()
    exe.run(startup)
    kernel, kwargs = pick(main.global_block().ops[0], OPS["mul"], set())
    assert kernel is torch.mm and kwargs == {}     # raises on 3-D: the full kernel flattens
    data = np.random.RandomState(0).rand(5, 2, 3).astype("float32")
    out, = exe.run(main, feed={"x": data}, fetch_list=[y])
    w = static.global_scope()._tensors[main.all_parameters()[0].name].numpy()
    np.testing.assert_allclose(out, data.reshape(5, 6) @ w, rtol=1e-5, atol=1e-6)


def test_mean_variant_falls_back_for_integers():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [3], "int64")
        m = paddle.mean(x)
    out, = static.Executor().run(main, feed={"x": np.array([3, -4, 4])}, fetch_list=[m])
    assert out.dtype == np.int64 and out == 1


def test_lower_takes_a_sub_block():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2], "float32")
        sub = main._create_block()
        y = paddle.exp(x)
        main._rollback()
    plan = E.lower(main, ["x"], [y.name], block=sub)
    env = {"x": torch.zeros(2)}
    E._run_steps(plan.steps, env, {})
    torch.testing.assert_close(env[y.name], torch.ones(2))


def _ce_mean_program(fetch_loss, ignore_index):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        logits = static.data("logits", [None, 5], "float64")
        logits.stop_gradient = False
        label = static.data("label", [None, 1], "int64")
        _, loss = apply_op(OPS["softmax_with_cross_entropy"], (logits, label, None),
                           {"ignore_index": ignore_index})
        avg = paddle.mean(loss)
        g = static.gradients([avg], [logits])[0]
    return main, ([loss] if fetch_loss else []) + [avg, g]


@settings(max_examples=15, deadline=None)
@given(st.integers(1, 6), st.integers(0, 2 ** 31 - 1), st.sampled_from(["none", "-100", "class 0"]))
def test_ce_then_mean_fuse_into_one_step_with_the_two_ops_values(n, seed, ignored):
    # "-100": a label equal to the default ignore_index (torch refuses it in the fused call, the
    # two full kernels run); "class 0": ignore_index=0, a real class (sum / rows path).
    rng = np.random.RandomState(seed)
    data, lab = rng.randn(n, 5) * 3, rng.randint(0, 5, (n, 1))
    ignore_index = 0 if ignored == "class 0" else -100
    if ignored == "-100":
        lab[0, 0] = -100
    elif ignored == "class 0":
        lab[0, 0] = 0
    exe = static.Executor()
    fused_main, fused_fetch = _ce_mean_program(False, ignore_index)
    plain_main, plain_fetch = _ce_mean_program(True, ignore_index)
    feed = {"logits": data, "label": lab}
    fused = exe.run(fused_main, feed=feed, fetch_list=fused_fetch)
    plain = exe.run(plain_main, feed=feed, fetch_list=plain_fetch)[1:]
    types = [getattr(s.op, "type", None) for s in _plan(fused_main).steps]
    assert "reduce_mean" not in types and "reduce_mean" in [
        getattr(s.op, "type", None) for s in _plan(plain_main).steps]   # fused only when unread
    for a, b in zip(fused, plain):
        np.testing.assert_allclose(a, b, rtol=1e-12, atol=1e-15)
    # Paddle's mean counts every row; an ignored row contributes a zero loss and a zero grad.
    rows = torch.nn.functional.cross_entropy(torch.tensor(data), torch.tensor(lab[:, 0]),
                                             ignore_index=ignore_index, reduction="none")
    np.testing.assert_allclose(fused[0], rows.sum().item() / n, rtol=1e-12)


def test_ce_then_mean_fused_bad_label_gives_paddles_error_naming_the_op():
    main, fetch = _ce_mean_program(False, -100)
    with pytest.raises(IndexError, match=r"(?s)label value should less than the shape of axis"
                                         r".*softmax_with_cross_entropy"):
        static.Executor().run(main, feed={"logits": np.zeros((2, 5)), "label": [[1], [7]]},
                              fetch_list=fetch)


def _two_layer_sgd(param_lr=1.0):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 3], "float32")
        h = static.nn.fc(x, 4, activation="relu")
        y = static.nn.fc(h, 2, weight_attr=paddle.ParamAttr(learning_rate=param_lr))
        loss = paddle.mean(y * y)
        from paddle_compat._optim.optimizers import SGD
        SGD(0.3).minimize(loss)
    return main, startup, loss


@pytest.mark.parametrize("param_lr", [1.0, 0.5])
def test_trailing_sgd_updates_fuse_into_one_step_bit_for_bit(monkeypatch, param_lr):
    def train(fuse):
        if not fuse:
            monkeypatch.setattr(L, "_fuse_sgd", lambda tail: tail)
        paddle.seed(3)
        main, startup, loss = _two_layer_sgd(param_lr)
        scope, exe = static.Scope(), static.Executor()
        x = np.random.RandomState(0).rand(5, 3).astype("float32")
        with static.scope_guard(scope):
            exe.run(startup)
            for _ in range(3):
                exe.run(main, feed={"x": x}, fetch_list=[loss])
        sgd_steps = [s for s in _plan(main).steps if getattr(s, "op", None) is not None
                     and s.op.type == "sgd"]
        return [scope._tensors[p.name].numpy().copy() for p in main.all_parameters()], sgd_steps
    fused, fused_steps = train(True)
    plain, plain_steps = train(False)
    assert len(plain_steps) == 4
    # One fused step; a per-parameter learning rate (fc_1.w_0, sorted last) splits it off.
    assert len(fused_steps) == (1 if param_lr == 1.0 else 2)
    for a, b in zip(fused, plain):
        np.testing.assert_array_equal(a, b)


def test_fused_sgd_with_mixed_dtypes_updates_each_parameter_by_its_own_kernel():
    from paddle_compat._static.optimize import _sgd_kernel, fused_sgd
    kernels = [_sgd_kernel(1.0), _sgd_kernel(1.0)]
    params = [torch.ones(2, dtype=torch.float64), torch.ones(2, dtype=torch.float32)]
    grads = [torch.full((2,), 0.5, dtype=torch.float64), torch.full((2,), 0.5, dtype=torch.float32)]
    out = fused_sgd(kernels)(params, grads, torch.tensor(0.1))
    assert out[0] is params[0] and out[1] is params[1]
    assert params[0].tolist() == [1 - 0.5 * float(np.float32(0.1))] * 2    # lr var is float32
    assert params[1].tolist() == [np.float32(1) - np.float32(0.1) * np.float32(0.5)] * 2
