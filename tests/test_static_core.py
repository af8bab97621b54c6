"""Unit tests of the static graph machinery: IR, builder hook, Executor, backward, clone, io,
CompiledProgram, and the generic static == dynamic property over the op registry."""
import math
import os
import warnings

import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat import _unique_name
from paddle_compat._mode import STATE
from paddle_compat._ops.registry import OPS, apply_op
from paddle_compat._static.builder import helper_scope
from paddle_compat._static.local_ops import opdef
from paddle_compat._tensor import wrap
from paddle_compat import static


@pytest.fixture(autouse=True)
def static_mode():
    _unique_name.switch()
    paddle.enable_static()
    yield
    paddle.disable_static()


def mean(x):
    with helper_scope("mean"):
        return apply_op(opdef("reduce_mean"), (x,), {})


def build_mlp(const=True):
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 4], "float32")
        attr = paddle_compat_param_attr(0.25) if const else None
        h = static.nn.fc(x, 3, activation="relu", weight_attr=attr)
        y = static.nn.fc(h, 2, weight_attr=attr)
        loss = mean(y)
    return main, startup, x, y, loss


def paddle_compat_param_attr(v):
    from paddle_compat._nn.initializer import Constant
    from paddle_compat._param_attr import ParamAttr
    return ParamAttr(initializer=Constant(v))


def test_program_structure_and_names():
    main, startup, x, y, loss = build_mlp()
    assert [p.name for p in main.all_parameters()] == ["fc_0.w_0", "fc_0.b_0", "fc_1.w_0",
                                                      "fc_1.b_0"]
    assert main.num_blocks == 1 and main.block(0) is main.global_block() is main.current_block()
    assert y.shape == (-1, 2) and isinstance(y.shape, tuple) and loss.shape == ()
    assert [op.type for op in main.global_block().ops] == [
        "mul", "elementwise_add", "relu", "mul", "elementwise_add", "reduce_mean"]
    assert main.global_block().var("x") is x
    with pytest.raises(ValueError, match="var nope not in this block"):
        main.global_block().var("nope")
    assert str(x) == "var x : DENSE_TENSOR.shape(-1, 4).dtype(float32).stop_gradient(True)"
    assert len(list(main.list_vars())) == len(main.global_block().vars)


def test_create_var_create_parameter_global_var():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        v = main.global_block().create_var(name="v", shape=[2, None], dtype="int64")
        p = static.create_parameter([3], "float32")
        g = static.create_global_var([1], 2.5, "float32", persistable=True)
    assert v.shape == (2, -1) and v.dtype == paddle.int64
    assert p.name == "create_parameter_0.w_0" and p.persistable and p.trainable
    exe = static.Executor()
    scope = static.Scope()
    with static.scope_guard(scope):
        exe.run(startup)
        assert np.array(scope.find_var(g.name).get_tensor()).tolist() == [2.5]


def test_executor_forward_matches_numpy_and_caches_plan():
    main, startup, x, y, loss = build_mlp()
    exe = static.Executor(paddle.CPUPlace())
    scope = static.Scope()
    data = np.arange(8, dtype="float32").reshape(2, 4)
    with static.scope_guard(scope):
        exe.run(startup)
        r1 = exe.run(main, feed={"x": data}, fetch_list=[y, loss])
        n_plans = len(main._plans)
        r2 = exe.run(main, feed={"x": data}, fetch_list=[y, loss])
        assert len(main._plans) == n_plans
    h = np.maximum(data @ np.full((4, 3), 0.25, "float32"), 0)
    want = h @ np.full((3, 2), 0.25, "float32")
    np.testing.assert_allclose(r1[0], want, rtol=1e-6)
    np.testing.assert_allclose(r2[1], want.mean(), rtol=1e-6)
    assert r1[1].shape == ()


def test_fetch_by_name_nested_and_return_numpy_false():
    main, startup, x, y, loss = build_mlp()
    exe = static.Executor("cpu")
    with static.scope_guard(static.Scope()):
        exe.run(startup)
        a, b = exe.run(main, feed={"x": np.ones((1, 4), "float32")}, fetch_list=[[y, "fc_1.w_0"]])
        (t,) = exe.run(main, feed={"x": np.ones((1, 4), "float32")}, fetch_list=y,
                       return_numpy=False)
    assert b.shape == (3, 2) and isinstance(t, paddle.Tensor) and t.shape == [1, 2]


def test_feed_scalar_list_and_unknown_name_warning():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        s = static.data("s", [], "float32")
        v = static.data("v", [2], "float32")
        out = mean(v)
    exe = static.Executor()
    with pytest.warns(UserWarning, match="The variable bogus is not found in program"):
        r = exe.run(main, feed={"s": 3, "v": np.array([1.0, 2.0], "float32"), "bogus": 1},
                    fetch_list=[s, out])
    assert r[0].dtype == np.float32 and float(r[0]) == 3.0 and float(r[1]) == 1.5


def test_runtime_error_carries_user_stack_and_op():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        a = static.data("a", [2, 3], "float32")
        # A plain variable (not static.data) has no feed check: the clash shows at run time.
        b = main.global_block().create_var(name="b", shape=[3, 5], dtype="float32")
        c = apply_op(opdef("mul"), (a, b), {})
    exe = static.Executor()
    with pytest.raises((RuntimeError, ValueError)) as info:
        exe.run(main, feed={"a": np.ones((2, 3), "float32"), "b": np.ones((4, 5), "float32")},
                fetch_list=[c])
    msg = str(info.value)
    assert msg.startswith("In user code:") and "test_static_core.py" in msg
    assert "[operator < mul > error]" in msg


def test_executor_rejects_closed_and_gpu_without_gpu():
    exe = static.Executor()
    exe.close()
    with pytest.raises(RuntimeError, match="closed Executor"):
        exe.run(static.Program())
    if not torch.cuda.is_available():
        with pytest.raises(ValueError, match="CUDA"):
            static.Executor("gpu:0")


def test_append_backward_and_gradients_values():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [None, 3], "float32")
        x.stop_gradient = False
        y = static.nn.fc(x, 2, weight_attr=paddle_compat_param_attr(0.5))
        loss = mean(y)
        pg = static.append_backward(loss)
        (gx,) = static.gradients([loss], [x])
    assert [(p.name, g.name) for p, g in pg] == [("fc_0.w_0", "fc_0.w_0@GRAD"),
                                                 ("fc_0.b_0", "fc_0.b_0@GRAD")]
    exe = static.Executor()
    data = np.arange(6, dtype="float32").reshape(2, 3)
    with static.scope_guard(static.Scope()):
        exe.run(startup)
        gw, gb, gxv = exe.run(main, feed={"x": data}, fetch_list=[pg[0][1], "fc_0.b_0@GRAD", gx])
    np.testing.assert_allclose(gw, np.repeat(data.mean(0)[:, None] / 2, 2, 1), rtol=1e-6)
    np.testing.assert_allclose(gb, [0.5, 0.5])
    np.testing.assert_allclose(gxv, np.full((2, 3), 0.25), rtol=1e-6)


def test_gradients_no_grad_set_and_no_path():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [3], "float32")
        x.stop_gradient = False
        z = static.data("z", [3], "float32")
        y = static.nn.fc(x, 2)
        loss = mean(y)
        assert static.gradients(loss, [z]) == []
        assert static.gradients([loss], [x], no_grad_set=[y.name]) == []


def test_minimize_momentum_updates_scope_and_clone_for_test_drops_training():
    from paddle_compat._optim.optimizers import Momentum
    main, startup, x, y, loss = build_mlp()
    with static.program_guard(main, startup):
        ops, pg = Momentum(0.1).minimize(loss)
    assert [op.type for op in ops] == ["momentum"] * 4
    assert "fc_0.w_0_velocity_0" in main.global_block().vars
    test = main.clone(for_test=True)
    assert all(op.attrs["op_role"] in (0, 256) for op in test.global_block().ops)
    assert not any(n.endswith("@GRAD") for n in test.global_block().vars)
    exe = static.Executor()
    scope = static.Scope()
    data = np.ones((2, 4), "float32")
    with static.scope_guard(scope):
        exe.run(startup)
        before = np.array(scope.find_var("fc_1.w_0").get_tensor())
        (l0,) = exe.run(main, feed={"x": data}, fetch_list=[loss])
        (l1,) = exe.run(main, feed={"x": data}, fetch_list=[loss])
        (lt,) = exe.run(test, feed={"x": data}, fetch_list=[loss])
        after = np.array(scope.find_var("fc_1.w_0").get_tensor())
    assert l1 < l0 and not np.allclose(before, after)
    assert lt < l1      # the test program reads the updated parameters from the same scope


def _dropout_bn_program():
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [4, 3], "float32")
        h = paddle.nn.functional.dropout(x, p=0.5)
        y = static.nn.batch_norm(h)
    return main, startup, y


def test_clone_for_test_runs_dropout_and_batch_norm_in_inference_mode():
    main, startup, y = _dropout_bn_program()
    test = main.clone(for_test=True)
    flags = lambda prog: [(op.type, op.attr("is_test")) for op in prog.global_block().ops
                          if op.has_attr("is_test")]
    assert flags(test) == [("dropout", True), ("batch_norm", True)]
    assert flags(main) == [("dropout", False), ("batch_norm", False)]     # the original untouched
    exe, scope = static.Executor(), static.Scope()
    data = np.arange(12, dtype="float32").reshape(4, 3)
    with static.scope_guard(scope):
        exe.run(startup)
        (a,) = exe.run(test, feed={"x": data}, fetch_list=[y])
        (b,) = exe.run(test, feed={"x": data}, fetch_list=[y])
        mean = np.array(scope.find_var("batch_norm_0.w_1").get_tensor())
        (t,) = exe.run(main, feed={"x": data}, fetch_list=[y])
        mean_after_train = np.array(scope.find_var("batch_norm_0.w_1").get_tensor())
    # Paddle 3.3.1 prints exactly x / sqrt(1 + 1e-5) for this clone: no dropout, running stats
    # (mean 0, variance 1) instead of the batch's, and the running stats are not updated.
    np.testing.assert_allclose(a, data / np.sqrt(np.float32(1 + 1e-5)), rtol=1e-6)
    np.testing.assert_array_equal(a, b)
    np.testing.assert_array_equal(mean, np.zeros(3, "float32"))
    np.testing.assert_allclose(t.mean(0), 0, atol=1e-5)          # training: the batch statistics
    assert not np.allclose(mean_after_train, 0)


def test_static_batch_norm_names_its_statistics_like_paddle():
    # Paddle 3.3.1: Scale w_0, Mean w_1, Variance w_2; named ones take no number from the counter
    # (before the fix Mean was named w_0 too, so the startup program overwrote Scale with zeros).
    main, startup = static.Program(), static.Program()
    with static.program_guard(main, startup):
        x = static.data("x", [4, 3], "float32")
        static.nn.batch_norm(x)
        static.nn.batch_norm(x, param_attr="s", moving_mean_name="mm")
    ins = [{k: op.input(k) for k in ("Scale", "Bias", "Mean", "Variance")}
           for op in main.global_block().ops if op.type == "batch_norm"]
    assert ins == [{"Scale": ["batch_norm_0.w_0"], "Bias": ["batch_norm_0.b_0"],
                    "Mean": ["batch_norm_0.w_1"], "Variance": ["batch_norm_0.w_2"]},
                   {"Scale": ["s"], "Bias": ["batch_norm_1.b_0"], "Mean": ["mm"],
                    "Variance": ["batch_norm_1.w_0"]}]


def test_scale_grad_is_a_scale_op_without_bias():
    # Paddle 3.3.1's scale grad maker emits a `scale` op (scale 2.0, bias 0.0) from
    # scale_0.tmp_0@GRAD to x@GRAD; there is no scale_grad op type.
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2, 3], "float32")
        x.stop_gradient = False
        y = paddle.scale(x, 2.0, 1.0)
        (gx,) = static.gradients([mean(y)], [x])
    ops = main.global_block().ops
    assert [op.type for op in ops] == ["scale", "reduce_mean", "fill_any_like", "reduce_mean_grad",
                                       "scale"]
    g = ops[-1]
    assert (g.attr("scale"), g.attr("bias")) == (2.0, 0.0)
    assert (g.input("X"), g.output("Out")) == (["scale_0.tmp_0@GRAD"], ["x@GRAD"])
    (got,) = static.Executor().run(main, feed={"x": np.ones((2, 3), "float32")}, fetch_list=[gx])
    np.testing.assert_allclose(got, np.full((2, 3), 2.0 / 6), rtol=1e-6)


def test_scope_set_get_and_save_load(tmp_path):
    main, startup, x, y, loss = build_mlp()
    exe = static.Executor()
    scope = static.Scope()
    with static.scope_guard(scope):
        exe.run(startup)
        t = scope.find_var("fc_0.w_0").get_tensor()
        t.set(np.full((4, 3), 2.0, "float32"), paddle.CPUPlace())
        (before,) = exe.run(main, feed={"x": np.ones((1, 4), "float32")}, fetch_list=[y])
        static.save(main, str(tmp_path / "m"))
        t.set(np.zeros((4, 3), "float32"))
        static.load(main, str(tmp_path / "m"))
        (after,) = exe.run(main, feed={"x": np.ones((1, 4), "float32")}, fetch_list=[y])
        np.testing.assert_allclose(before, after)
        static.save_inference_model(str(tmp_path / "inf"), [x], [y], exe, program=main)
    with static.scope_guard(static.Scope()):
        prog, feeds, fetches = static.load_inference_model(str(tmp_path / "inf"), exe)
        (r,) = exe.run(prog, feed={feeds[0]: np.ones((1, 4), "float32")}, fetch_list=fetches)
    np.testing.assert_allclose(r, before)
    # Paddle's loaded inference program keeps its feed / fetch ops
    assert [op.type for op in prog.global_block().ops][-2:] == ["elementwise_add", "fetch"]


def test_compiled_program_matches_interpreter():
    main, startup, x, y, loss = build_mlp()
    exe = static.Executor()
    data = np.random.RandomState(0).rand(5, 4).astype("float32")
    with static.scope_guard(static.Scope()):
        exe.run(startup)
        (a,) = exe.run(main, feed={"x": data}, fetch_list=[y])
        bs = static.BuildStrategy()
        bs.enable_torch_compile = False
        (b,) = exe.run(static.CompiledProgram(main, bs), feed={"x": data}, fetch_list=[y])
    np.testing.assert_allclose(a, b)


def test_static_only_and_mode_switches():
    assert not paddle.in_dynamic_mode()
    paddle.disable_static()
    assert paddle.in_dynamic_mode()
    with pytest.raises(AssertionError, match="'data\\(\\)' is only supported in static graph"):
        static.data("x", [1])
    assert paddle.framework.in_pir_mode() is False


def test_name_scope_sets_op_namescope():
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [2], "float32")
        with static.name_scope("enc"):
            y = mean(x)
        with static.name_scope("enc"):
            mean(y)
    assert [op.attrs["op_namescope"] for op in main.global_block().ops] == ["/enc/", "/enc_1/"]


# ---- generic property: static execution == dynamic execution for registry ops -----------------
def _unary_float_ops():
    """Registry ops with one float tensor input whose kernel runs on a (2, 3) float tensor with
    default attributes; everything else is skipped (reason: needs a per-op sample maker)."""
    picked = []
    for name, op in sorted(OPS.items()):
        if len(op.inputs) != 1:
            continue
        try:
            out = op.kernel(torch.rand(2, 3, dtype=torch.float64))
        except Exception:
            continue            # skipped: default attributes are not enough to sample this op
        if not (isinstance(out, torch.Tensor) and out.is_floating_point()):
            continue
        probe = torch.rand(3, 3, dtype=torch.float64)
        from paddle_compat._random import default_cpu_generator
        gen_state, torch_state = default_cpu_generator().get_state(), torch.get_rng_state()
        same = torch.equal(op.kernel(probe), op.kernel(probe))
        after = default_cpu_generator().get_state()
        drew = after._idx != gen_state._idx or not np.array_equal(np.asarray(after._mt),
                                                                  np.asarray(gen_state._mt)) \
            or not torch.equal(torch.get_rng_state(), torch_state)
        if not same or drew:
            continue            # skipped: random op (static and dynamic draws differ)
        picked.append(name)
    return picked


UNARY = _unary_float_ops()


def test_unary_sample_excludes_random_ops():
    assert UNARY and 'dropout_nd' not in UNARY and 'exp' in UNARY


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(UNARY), st.integers(1, 4), st.integers(0, 2 ** 31 - 1))
def test_static_equals_dynamic_forward_and_grad(op_name, rows, seed):
    op = OPS[op_name]
    data = np.random.RandomState(seed).uniform(0.1, 1.0, (rows, 3))
    paddle.disable_static()
    xt = wrap(torch.tensor(data, requires_grad=True))
    want = apply_op(op, (xt,), {})
    want_t = want._t
    gw = torch.autograd.grad(want_t.sum(), xt._t, allow_unused=True)[0] if want_t.requires_grad \
        else None
    paddle.enable_static()
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, 3], "float64")
        x.stop_gradient = False
        y = apply_op(op, (x,), {})
        s = apply_op(opdef("reduce_mean"), (y,), {})
        gx = static.gradients([s], [x])
    fetch = [y] + ([gx[0]] if gx and gx[0] is not None else [])
    res = static.Executor().run(main, feed={"x": data}, fetch_list=fetch)
    np.testing.assert_allclose(res[0], want_t.detach().numpy(), rtol=1e-6, atol=1e-9)
    if gw is not None and len(res) > 1:
        np.testing.assert_allclose(res[1] * want_t.numel(), gw.numpy(), rtol=1e-6, atol=1e-9)


def test_dynamic_dim_an_op_needs_equal_to_a_known_one_is_unified():
    # Paddle 3.3.1 builds [-1, -1] @ [3, 2] as [-1, 2] (its shape inference skips -1 dims) and
    # checks the dims when it runs.
    main = static.Program()
    with static.program_guard(main):
        x = static.data("x", [None, -1], "float32")
        w = static.data("w", [3, 2], "float32")
        y = paddle.matmul(x, w)
    assert y.shape == (-1, 2)
    exe = static.Executor()
    out, = exe.run(main, feed={"x": np.ones((5, 3), "float32"), "w": np.ones((3, 2), "float32")},
                   fetch_list=[y])
    np.testing.assert_array_equal(out, np.full((5, 2), 3.0, "float32"))
    with pytest.raises(ValueError, match=r"(?s)\[0\] dimension of Input\(Y\) is \[3\].*matmul_v2"):
        exe.run(main, feed={"x": np.ones((5, 4), "float32"), "w": np.ones((3, 2), "float32")},
                fetch_list=[y])


def test_static_xavier_attributes_come_from_the_initializer_itself():
    # Read off Paddle 3.3.1 (legacy): a zero fan gives a zero limit in static mode too.
    main, start = static.Program(), static.Program()
    with static.program_guard(main, start):
        x = static.data("x", [None, 2], "float32")
        init = paddle.nn.initializer.XavierUniform(fan_in=0, fan_out=4)
        static.nn.fc(x, 2, weight_attr=paddle.ParamAttr(initializer=init))
        static.nn.fc(x, 3)          # default XavierUniform: fans 2 and 3
    draws = [op for op in start.global_block().ops if op.type == "uniform_random"]
    assert (draws[0].attr("min"), draws[0].attr("max")) == (-0.0, 0.0)
    assert draws[1].attr("max") == pytest.approx(np.sqrt(6.0 / 5.0))


def test_scalar_conversions_of_a_graph_variable_raise_paddles_errors():
    # Paddle 3.3.1: a legacy Variable is true and refuses float()/int(); a PIR Value refuses
    # bool() too (texts recorded from the oracle in _static/scalar_errors.py)
    from paddle_compat._static import scalar_errors
    import paddle_compat as paddle
    for guard, table in ((paddle.pir_utils.OldIrGuard, scalar_errors.LEGACY),
                         (paddle.pir_utils.IrGuard, scalar_errors.PIR)):
        with guard():
            paddle.enable_static()
            try:
                with paddle.static.program_guard(paddle.static.Program()):
                    x = paddle.static.data("x", [1], "float32")
                if "bool" in table:
                    with pytest.raises(TypeError) as info:
                        bool(x)
                    assert str(info.value) == table["bool"]
                    assert str(info.value).startswith("bool(Tensor) is not supported in static")
                else:
                    assert bool(x) is True
                for name, fn in (("float", float), ("int", int)):
                    with pytest.raises(TypeError) as info:
                        fn(x)
                    assert str(info.value) == table[name]
                with pytest.raises(TypeError):
                    [1, 2][x]
                kind = "paddle.base.libpaddle.pir.Value" if "bool" in table else "Variable"
                with pytest.raises(TypeError, match=rf"^object of type '{kind}' has no len\(\)$"):
                    len(x)
            finally:
                paddle.disable_static()
    assert scalar_errors.LEGACY["int"].startswith("int(Variable) is not supported in static")
