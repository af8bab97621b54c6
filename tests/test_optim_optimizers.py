"""Tests of paddle_compat/_optim/optimizers.py (and the rules.py update rules they run)."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
import paddle_compat.nn as nn
from paddle_compat._optim import rules
from tests import _tensor_api_goldens as _api


def _fit(opt_cls, steps=4, **kw):
    w = paddle.create_parameter([3], "float32",
                                default_initializer=nn.initializer.Constant(0.5))
    opt = opt_cls(parameters=[w], **kw)
    for _ in range(steps):
        (w * paddle.to_tensor([1.0, -2.0, 3.0])).sum().backward()
        opt.step()
        opt.clear_grad()
    return w.numpy(), opt


def test_adamax_matches_numpy_reference():
    w, opt = _fit(paddle.optimizer.Adamax, learning_rate=0.1)
    g = np.array([1.0, -2.0, 3.0])
    p, m, u = np.full(3, 0.5), np.zeros(3), np.zeros(3)
    for t in range(1, 5):
        m = 0.9 * m + 0.1 * g
        u = np.maximum(0.999 * u + 1e-8, np.abs(g))
        p = p - 0.1 / (1 - 0.9 ** t) * m / u
    np.testing.assert_allclose(w, p, rtol=1e-5)
    assert sorted(k.split(".w_0_", 1)[1] for k in opt.state_dict()) == \
        ["beta1_pow_acc_0", "inf_norm_0", "moment_0"]


def test_adadelta_and_nadam_move_against_the_gradient():
    for cls, kw in ((paddle.optimizer.Adadelta, {"learning_rate": 1.0}),
                    (paddle.optimizer.NAdam, {}), (paddle.optimizer.RAdam, {}),
                    (paddle.optimizer.Lamb, {"lamb_weight_decay": 0.0})):
        w, _ = _fit(cls, **kw)
        assert np.all(np.sign(0.5 - w) == [1, -1, 1]), cls.__name__


def test_radam_keeps_paddle_shaped_accumulators():
    _, opt = _fit(paddle.optimizer.RAdam, steps=2)
    assert all(list(v.shape) == [3] for v in opt.state_dict().values())
    rho = [v for k, v in opt.state_dict().items() if "rho" in k][0].numpy()
    np.testing.assert_allclose(rho, 2 * 0.998001 / (1 - 0.998001), rtol=1e-4)   # t b2^t / (1 - b2^t)


def test_adam_updates_a_large_parameter_slice_by_slice_with_the_same_values(monkeypatch):
    # rules._adam_update bounds its temporary to _CHUNK elements; the values must be those of
    # the whole-tensor update, bit for bit.
    import torch
    from paddle_compat._optim import rules
    n = 3 * rules._CHUNK + 5
    g = torch.Generator().manual_seed(0)
    p0, m1, m2 = (torch.randn(n, generator=g) for _ in range(3))
    m2 = m2.abs()
    sliced, whole = p0.clone(), p0.clone()
    rules._adam_update(sliced, m1, m2, 1e-8, 1e-3)
    monkeypatch.setattr(rules, "_CHUNK", 10 * n)
    rules._adam_update(whole, m1, m2, 1e-8, 1e-3)
    assert torch.equal(sliced, whole) and not torch.equal(whole, p0)


# ---- ASGD and Rprop: step by step against Paddle 3.3.1 (conformance/goldens/tensor_api.json) ----


@pytest.mark.parametrize("case", _api.cases("optimizers"))
def test_asgd_rprop_golden(case):
    _api.check(case)


@pytest.mark.parametrize("rule,hyper", [
    ("sgd", {"lr": 0.1}),
    ("momentum", {"lr": 0.1, "momentum": 0.9}),
    ("momentum", {"lr": 0.1, "momentum": 0.9, "use_nesterov": True}),
    ("adam", {"lr": 0.01, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}),
    ("adamw", {"lr": 0.01, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "coeff": 0.01,
               "with_decay": True, "lr_ratio": 0.5}),
])
@pytest.mark.parametrize("dtype", ["float32", "float16"])
def test_multi_tensor_rules_follow_the_per_parameter_rules(rule, hyper, dtype):
    """rules.MULTI (the CUDA batch update) takes the same steps as rules.RULES, to rounding."""
    if dtype == "float16" and rule == "momentum":
        assert rules.multi_key(rule, torch.zeros(2, dtype=torch.float16), torch.zeros(2),
                               {}, hyper) is None
        return
    gen = torch.Generator().manual_seed(0)
    shapes = [(3, 4), (7,), (2, 2, 2)]
    dt = getattr(torch, dtype)
    one = [torch.randn(s, generator=gen).to(dt) for s in shapes]
    many = [p.clone() for p in one]
    s_one = [rules.init_state(rule, p, hyper) for p in one]
    s_many = [rules.init_state(rule, p, hyper) for p in many]
    for _ in range(4):
        grads = [torch.randn(s, generator=gen).to(dt) for s in shapes]
        for p, g, st in zip(one, grads, s_one):
            rules.RULES[rule](p, g, st, hyper)
        keys = {rules.multi_key(rule, p, g, st, hyper) for p, g, st in zip(many, grads, s_many)}
        assert len(keys) == 1 and None not in keys
        rules.MULTI[rule](many, grads, s_many, hyper)
    tol = 1e-6 if dtype == "float32" else 2e-3
    for a, b in zip(one, many):
        np.testing.assert_allclose(b.float().numpy(), a.float().numpy(), rtol=tol, atol=tol)
    for sa, sb in zip(s_one, s_many):
        for k in sa:
            np.testing.assert_allclose(sb[k].float().numpy(), sa[k].float().numpy(), rtol=1e-6)


def test_multi_key_sends_uncovered_options_to_the_per_parameter_rule():
    p, g = torch.zeros(3), torch.ones(3)
    adam = {"lr": 0.1, "beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8}
    st = rules.init_state("adam", p, adam)
    assert rules.multi_key("adam", p, g, st, adam) is not None
    assert rules.multi_key("adam", p, g, st, dict(adam, amsgrad=True)) is None
    assert rules.multi_key("rmsprop", p, g, {}, {"lr": 0.1}) is None
    assert rules.multi_key("momentum", p, g, {}, {"lr": 0.1, "momentum": 0.9,
                                                   "regularization_method": "l2_decay"}) is None
    moved = rules.init_state("adam", p, adam)
    moved["beta1_pow_acc"].mul_(0.9)            # a parameter one step further on: its own batch
    assert rules.multi_key("adam", p, g, moved, adam) != rules.multi_key("adam", p, g, st, adam)


def test_lbfgs_takes_an_integer_learning_rate_as_paddle():
    # Paddle 3.3.1's LBFGS accepts learning_rate=1 (its example); other optimizers refuse an int
    net = nn.Linear(2, 1)
    assert paddle.optimizer.LBFGS(learning_rate=1, parameters=net.parameters()).get_lr() == 1.0
    with pytest.raises(TypeError, match="learning rate should be float or LRScheduler"):
        paddle.optimizer.SGD(learning_rate=1, parameters=net.parameters())
