"""paddle.optimizer API behaviour beyond the golden trajectories: argument checks with Paddle's
exception classes and messages, state_dict / set_state_dict, minimize's return value, clear_grad,
learning-rate control, gradient clipping that leaves param.grad alone, the rule table."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

from paddle_compat import _unique_name
from paddle_compat._nn.parameter import make_parameter
from paddle_compat._optim import rules
from paddle_compat._optim.clip import ClipGradByGlobalNorm, ClipGradByNorm, ClipGradByValue
from paddle_compat._serialization import load, save
from paddle_compat.optimizer import SGD, Adam, AdamW, Adagrad, Momentum, RMSProp, lr


def _param(name="w", values=(1.0, -2.0, 3.0)):
    return make_parameter(torch.tensor(values), name)


def _backward(*params):
    sum(((p._t * p._t).sum() for p in params)).backward()


def test_constructor_errors_match_paddle():
    p = _param()
    with pytest.raises(TypeError, match="'grad_clip' should be an instance of GradientClipBase"):
        SGD(0.1, parameters=[p], grad_clip=3)
    with pytest.raises(TypeError, match="learning rate should be float or LRScheduler, got <class 'int'>"):
        SGD(1, parameters=[p])
    with pytest.raises(AttributeError, match="should not be None in dygraph mode"):
        SGD(0.1)
    with pytest.raises(TypeError, match="should be an iterable of paddle Tensors"):
        SGD(0.1, parameters=p)
    with pytest.raises(ValueError, match=r"Invalid value of beta1, expect beta1 in \[0,1\)."):
        Adam(0.1, beta1=1.0, parameters=[p])
    with pytest.raises(ValueError, match="Invalid value of momentum, expect momentum >= 0."):
        RMSProp(0.1, momentum=-1.0, parameters=[p])
    with pytest.raises(ValueError, match="some parameters appear in more than one parameter group"):
        Adam(0.1, parameters=[{"params": [p]}, {"params": [p]}])
    with pytest.raises(TypeError, match="weight_decay should be int, float or Tensor."):
        AdamW(0.1, parameters=[p], weight_decay="x")


def test_minimize_does_not_run_backward_and_returns_paddles_tuple():
    p = _param()
    opt = SGD(0.1, parameters=[p])
    loss_value = (p._t * p._t).sum()
    from paddle_compat._tensor import wrap
    assert opt.minimize(wrap(loss_value)) == ([], [])          # no grad yet: nothing happens
    loss_value.backward()
    ops, pairs = opt.minimize(wrap(loss_value))
    assert ops == [] and pairs[0][0] is p
    np.testing.assert_allclose(p.numpy(), [0.8, -1.6, 2.4], rtol=1e-6)


def test_clear_grad_zeroes_or_drops():
    p = _param()
    opt = SGD(0.1, parameters=[p])
    _backward(p)
    opt.clear_grad()
    assert p.grad.numpy().tolist() == [0.0, 0.0, 0.0]
    opt.clear_grad(set_to_zero=False)
    assert p.grad is None


def test_lr_control():
    p = _param()
    opt = SGD(0.1, parameters=[p])
    opt.set_lr(0.5)
    assert opt.get_lr() == 0.5
    with pytest.raises(TypeError, match="must be float, but received"):
        opt.set_lr("x")
    sched = lr.StepDecay(0.5, step_size=1, gamma=0.5)
    opt.set_lr_scheduler(sched)
    sched.step()
    assert opt.get_lr() == 0.25
    with pytest.raises(RuntimeError, match="can't be LRScheduler when invoke this API"):
        opt.set_lr(0.1)


def test_clipping_leaves_param_grad_unclipped():
    p = _param()
    opt = SGD(1.0, parameters=[p], grad_clip=ClipGradByGlobalNorm(1.0))
    _backward(p)
    opt.step()
    g = np.array([2.0, -4.0, 6.0])
    assert p.grad.numpy().tolist() == g.tolist()
    np.testing.assert_allclose(p.numpy(), [1.0, -2.0, 3.0] - g / np.linalg.norm(g), rtol=1e-6)
    assert str(ClipGradByValue(3)) == "Clip Gradient By Value, min = -3.000000, max=3.000000"
    assert str(ClipGradByNorm(2)) == "Gradient Clip By Norm, clip_norm=2.000000"
    with pytest.raises(AssertionError):
        ClipGradByValue(-1)


def test_state_dict_names_round_trip_and_resume(tmp_path):
    with _unique_name.guard():
        w = _param("linear_0.w_0")
        sched = lr.StepDecay(0.1, step_size=2)
        opt = Adam(learning_rate=sched, parameters=[w])
        for _ in range(3):
            _backward(w)
            opt.step()
            opt.clear_grad()
            sched.step()
        sd = opt.state_dict()
    assert sorted(sd) == ["LR_Scheduler", "linear_0.w_0_beta1_pow_acc_0",
                          "linear_0.w_0_beta2_pow_acc_0", "linear_0.w_0_moment1_0",
                          "linear_0.w_0_moment2_0"]
    assert sd["LR_Scheduler"] == {"last_epoch": 3, "last_lr": sched()}
    save(sd, str(tmp_path / "adam.pdopt"))
    reference = w.numpy().copy()

    # the same run continued in place vs. a fresh optimizer restored from the file
    _backward(w)
    opt.step()
    continued = w.numpy().copy()
    with _unique_name.guard():
        w2 = make_parameter(torch.from_numpy(reference.copy()), "linear_0.w_0")
        sched2 = lr.StepDecay(0.1, step_size=2)
        opt2 = Adam(learning_rate=sched2, parameters=[w2])
        opt2.set_state_dict(load(str(tmp_path / "adam.pdopt")))
        assert sched2.last_epoch == 3
        # the accumulators are created (and named) at the first step, as in Paddle: inside the
        # guard, as in a fresh process, so names other tests generated cannot shift them
        _backward(w2)
        opt2.step()
    np.testing.assert_array_equal(w2.numpy(), continued)


def test_set_state_dict_requires_lr_scheduler_state():
    opt = Adam(learning_rate=lr.StepDecay(0.1, 2), parameters=[_param()])
    with pytest.raises(AssertionError, match="LR_Scheduler state must be included"):
        opt.set_state_dict({})


def test_rule_table_interface_is_plain_functions():
    assert set(rules.RULES) == {"sgd", "momentum", "adam", "adamw", "rmsprop", "adagrad", "adamax",
                                "adadelta", "lamb", "radam", "nadam", "asgd", "rprop"}
    assert set(rules.HYPER_DEFAULTS) == set(rules.RULES)
    param = torch.tensor([1.0, 2.0])
    hyper = dict(rules.HYPER_DEFAULTS["adam"], lr=0.1)
    state = rules.init_state("adam", param, hyper)
    assert list(state) == ["moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"]
    rules.RULES["adam"](param, torch.tensor([1.0, -1.0]), state, hyper)
    # first Adam step moves every coordinate by ~lr against the gradient's sign
    np.testing.assert_allclose(param.numpy(), [0.9, 2.1], rtol=1e-5)
    assert state["beta1_pow_acc"].item() == pytest.approx(0.81)


@settings(max_examples=15, deadline=None)
@given(st.lists(st.floats(-3, 3, width=32), min_size=1, max_size=6), st.floats(0.01, 1.0))
def test_sgd_and_adagrad_match_their_formulas(values, learning_rate):
    p, q = _param("a", values), _param("b", values)
    sgd = SGD(learning_rate, parameters=[p])
    ada = Adagrad(learning_rate, parameters=[q], initial_accumulator_value=0.5)
    _backward(p, q)
    sgd.step()
    ada.step()
    v = np.array(values, dtype=np.float32)
    g = 2 * v
    np.testing.assert_allclose(p.numpy(), v - np.float32(learning_rate) * g, rtol=1e-5, atol=1e-6)
    want = v - np.float32(learning_rate) * g / (np.sqrt(0.5 + g * g) + 1e-6)
    np.testing.assert_allclose(q.numpy(), want, rtol=1e-5, atol=1e-6)


def test_momentum_l2_is_folded_and_param_groups_write_attributes():
    p = _param()
    Momentum(0.1, parameters=[{"params": [p], "learning_rate": 0.5, "weight_decay": 0.01}])
    assert p.optimize_attr["learning_rate"] == 0.5 and p.regularizer is None
    q = _param()
    Adam(0.1, parameters=[{"params": [q], "weight_decay": 0.01}])
    from paddle_compat.regularizer import L2Decay
    assert isinstance(q.regularizer, L2Decay) and q.regularizer._coeff == 0.01
