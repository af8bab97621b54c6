"""Tests of paddle_compat/_nn/functional/loss.py: formulas against torch / numpy references, errors
against Paddle's text (Paddle's own numbers are in conformance/cases/hunt_train.py)."""
import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.nn as nn
import paddle_compat.nn.functional as F


def test_losses_match_formulas():
    rng = np.random.RandomState(0)
    a, b = rng.rand(4, 3).astype("float32"), rng.rand(4, 3).astype("float32") * 3
    x, y = paddle.to_tensor(a), paddle.to_tensor(b)
    r = np.abs(b - a)
    huber = np.where(r <= 1, 0.5 * r * r, r - 0.5)
    np.testing.assert_allclose(float(F.smooth_l1_loss(x, y)), huber.mean(), rtol=1e-6)
    np.testing.assert_allclose(F.square_error_cost(x, y).numpy(), (a - b) ** 2, rtol=1e-6)
    p = a / a.sum(1, keepdims=True)
    kl = (p * (np.log(p) - np.log(a))).sum() / 4
    np.testing.assert_allclose(float(F.kl_div(paddle.to_tensor(np.log(a)), paddle.to_tensor(p),
                                              reduction="batchmean")), kl, rtol=1e-5)
    lab = paddle.to_tensor([1.0, -1.0, 1.0])
    mr = np.maximum(0, -np.array([1, -1, 1]) * (a[0] - a[1])).mean()
    np.testing.assert_allclose(float(F.margin_ranking_loss(x[0], x[1], lab)), mr, rtol=1e-6)
    cos = (a * b).sum(1) / np.sqrt((a * a).sum(1) * (b * b).sum(1))
    np.testing.assert_allclose(F.cosine_similarity(x, y, axis=1).numpy(), cos, rtol=1e-5)
    d = np.sqrt(((a - b + 1e-6) ** 2).sum(-1))
    np.testing.assert_allclose(F.pairwise_distance(x, y).numpy(), d, rtol=1e-5)
    np.testing.assert_allclose(float(nn.SoftMarginLoss()(x, y)), np.log1p(np.exp(-b * a)).mean(),
                               rtol=1e-5)


def test_loss_errors_use_paddle_messages():
    x = paddle.rand([4, 5])
    with pytest.raises(ValueError, match="2nd dimension of Input\\(X\\) must be 1,But got \\[5\\]"):
        F.log_loss(x, x)
    with pytest.raises(ValueError, match="should be 'sum', 'mean' or 'none', but received max"):
        F.smooth_l1_loss(x, x, reduction="max")
    with pytest.raises(ValueError, match="1D target tensor expected"):
        F.cosine_embedding_loss(x, x, paddle.ones([4, 1]))


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_loss.py) ------------------
import json  # noqa: E402
import os  # noqa: E402

from conformance.golden_replay import check_case  # noqa: E402

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "nn_loss.json")
CASES = json.load(open(_GOLDEN))["cases"]
# Paddle 3.3.1 has no CPU kernel for margin_cross_entropy (recorded as its error); paddle_compat
# computes it on CPU too (test_margin_cross_entropy_formula below).
REPLAYED = sorted(n for n in CASES if n != "margin_ce_cpu")
EXACT = {"hsig_layer_seeded", "als_params"}


@pytest.mark.parametrize("name", REPLAYED)
def test_loss_case_matches_paddle(name, capsys):
    check_case(paddle, CASES[name], exact=name in EXACT)


def test_hsigmoid_layer_prints_paddles_notes(capsys):
    nn.HSigmoidLoss(3, 6, is_sparse=True)
    out = capsys.readouterr().out
    assert "Sparse mode should not be used without custom tree" in out
    assert "With sparse mode, if your models has only small parameter prefetch" in out


def test_margin_ce_is_recorded_as_paddles_missing_cpu_kernel():
    assert "Do not support margin_cross_entropy for cpu kernel" in CASES["margin_ce_cpu"]["result"]["message"]


def _margin_ce_ref(x, lab, m1, m2, m3, s):
    z = x.astype("float64").copy()
    rows = np.arange(len(lab))
    z[rows, lab] = np.cos(m1 * np.arccos(z[rows, lab]) + m2) - m3
    z *= s
    z -= z.max(1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(1, keepdims=True))
    return -logp[rows, lab][:, None], np.exp(logp)


@pytest.mark.parametrize("margins", [(1.0, 0.5, 0.0, 64.0), (1.35, 0.0, 0.0, 8.0), (1.0, 0.0, 0.35, 4.0)])
def test_margin_cross_entropy_formula(margins):
    rng = np.random.RandomState(3)
    x = rng.uniform(-0.95, 0.95, (4, 6)).astype("float32")
    lab = np.array([0, 5, 2, 2])
    m1, m2, m3, s = margins
    loss, sm = F.margin_cross_entropy(paddle.to_tensor(x), paddle.to_tensor(lab), m1, m2, m3, s,
                                      return_softmax=True, reduction=None)
    want_loss, want_sm = _margin_ce_ref(x, lab, m1, m2, m3, s)
    assert loss.shape == [4, 1] and sm.shape == [4, 6]
    np.testing.assert_allclose(loss.numpy(), want_loss, rtol=2e-4, atol=1e-4)
    np.testing.assert_allclose(sm.numpy(), want_sm, rtol=2e-4, atol=1e-6)
    mean = F.margin_cross_entropy(paddle.to_tensor(x), paddle.to_tensor(lab[:, None]), m1, m2, m3, s)
    np.testing.assert_allclose(float(mean), want_loss.mean(), rtol=2e-4)


def test_margin_cross_entropy_gradient_is_softmax_minus_onehot_times_chain():
    x = paddle.to_tensor(np.array([[0.2, -0.1, 0.4]], "float32"), stop_gradient=False)
    F.margin_cross_entropy(x, paddle.to_tensor([1]), 1.0, 0.0, 0.0, 2.0, reduction="sum").backward()
    z = np.array([0.2, -0.1, 0.4]) * 2.0
    p = np.exp(z) / np.exp(z).sum()
    np.testing.assert_allclose(x.grad.numpy()[0], 2.0 * (p - np.eye(3)[1]), rtol=1e-5)


def test_margin_cross_entropy_errors():
    x = paddle.rand([2, 3])
    with pytest.raises(ValueError, match="Expected group is False, None"):
        F.margin_cross_entropy(x, paddle.to_tensor([0, 1]), group="g")
    with pytest.raises(ValueError, match="Expected input_dims - 1 = label_dims"):
        F.margin_cross_entropy(x, paddle.to_tensor([[[0]]]))


def test_ctc_loss_equals_torch_ctc_on_log_softmax():
    import torch
    rng = np.random.RandomState(5)
    lg = rng.uniform(-2, 2, (6, 3, 5)).astype("float32")
    lab = np.array([[1, 2, 2], [4, 0, 0], [3, 1, 4]], "int32")
    il, ll = np.array([6, 4, 5]), np.array([3, 1, 3])
    got = F.ctc_loss(paddle.to_tensor(lg), paddle.to_tensor(lab), paddle.to_tensor(il),
                     paddle.to_tensor(ll), blank=0, reduction="none")
    want = torch.nn.functional.ctc_loss(torch.from_numpy(lg).log_softmax(-1), torch.from_numpy(lab).long(),
                                        torch.from_numpy(il), torch.from_numpy(ll), reduction="none")
    np.testing.assert_allclose(got.numpy(), want.numpy(), rtol=1e-5)


def test_rnnt_loss_equals_a_plain_dynamic_programme():
    rng = np.random.RandomState(6)
    B, T, U, D = 2, 4, 3, 5
    lp = rng.uniform(-3, 0, (B, T, U + 1, D))
    lab = rng.randint(1, D, (B, U)).astype("int32")
    il, ll = np.array([4, 2], "int32"), np.array([3, 2], "int32")
    got = F.rnnt_loss(paddle.to_tensor(lp), paddle.to_tensor(lab), paddle.to_tensor(il),
                      paddle.to_tensor(ll), reduction="none").numpy()
    for b in range(B):
        a = np.full((il[b], ll[b] + 1), -np.inf)
        for t in range(il[b]):
            for u in range(ll[b] + 1):
                if t == 0 and u == 0:
                    a[t, u] = 0.0
                    continue
                terms = []
                if t > 0:
                    terms.append(a[t - 1, u] + lp[b, t - 1, u, 0])
                if u > 0:
                    terms.append(a[t, u - 1] + lp[b, t, u - 1, lab[b, u - 1]])
                a[t, u] = np.logaddexp.reduce(terms)
        want = -(a[il[b] - 1, ll[b]] + lp[b, il[b] - 1, ll[b], 0])
        np.testing.assert_allclose(got[b], want, rtol=1e-10)


def test_new_losses_record_one_op_in_static_mode():
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [5, 2, 4], "float32")
            lab = paddle.static.data("lab", [2, 3], "int32")
            il = paddle.static.data("il", [2], "int64")
            ll = paddle.static.data("ll", [2], "int64")
            loss = F.ctc_loss(x, lab, il, ll, reduction="sum")
        assert "warpctc" in [op.type for op in main.global_block().ops]
        exe = paddle.static.Executor(paddle.CPUPlace())
        rng = np.random.RandomState(1)
        feed = {"x": rng.uniform(-1, 1, (5, 2, 4)).astype("float32"),
                "lab": np.array([[1, 2, 1], [3, 3, 0]], "int32"), "il": np.array([5, 4]),
                "ll": np.array([3, 2])}
        (got,) = exe.run(main, feed=feed, fetch_list=[loss])
    finally:
        paddle.disable_static()
    want = F.ctc_loss(*(paddle.to_tensor(feed[k]) for k in ("x", "lab", "il", "ll")), reduction="sum")
    np.testing.assert_allclose(got, want.numpy(), rtol=1e-6)


def _run_static(fn, spec):
    """Record fn on static.data inputs, run it with the Executor; return (op types, result, the
    same call's dynamic result)."""
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main, paddle.static.Program()):
            out = fn({k: paddle.static.data(k, list(v.shape), str(v.dtype)) for k, v in spec.items()})
        got, = paddle.static.Executor().run(main, feed=spec, fetch_list=[out])
    finally:
        paddle.disable_static()
    want = fn({k: paddle.to_tensor(v) for k, v in spec.items()})
    return [op.type for op in main.global_block().ops], got, want.numpy()


_R = np.random.RandomState(0)
STATIC = {
    "hierarchical_sigmoid": (lambda d: F.hsigmoid_loss(d["x"], d["lab"], 6, d["w"]),
                             {"x": _R.rand(4, 3).astype("float32"), "lab": np.array([[0], [2], [5], [3]]),
                              "w": _R.rand(5, 3).astype("float32")}),
    "warprnnt": (lambda d: F.rnnt_loss(d["x"], d["lab"], d["il"], d["ll"]),
                 {"x": np.log(np.full((1, 2, 2, 3), 1 / 3, "float32")), "lab": np.array([[1]], "int32"),
                  "il": np.array([2], "int32"), "ll": np.array([1], "int32")}),
    "margin_cross_entropy": (lambda d: F.margin_cross_entropy(d["x"], d["lab"]),
                             {"x": _R.uniform(-.5, .5, (2, 3)).astype("float32"), "lab": np.array([0, 2])}),
    "multi_label_margin_loss": (lambda d: F.multi_label_margin_loss(d["x"], d["lab"]),
                                {"x": _R.rand(2, 3).astype("float32"),
                                 "lab": np.array([[0, -1, 0], [1, 2, -1]])}),
    "adaptive_log_softmax_with_loss": (
        lambda d: F.adaptive_log_softmax_with_loss(d["x"], d["lab"], d["hw"], [[d["t0"], d["t1"]]], [2, 4])[1],
        {"x": _R.rand(3, 4).astype("float32"), "lab": np.array([0, 3, 1]),
         "hw": _R.rand(4, 3).astype("float32"), "t0": _R.rand(4, 2).astype("float32"),
         "t1": _R.rand(2, 2).astype("float32")}),
}


@pytest.mark.parametrize("op", sorted(STATIC))
def test_new_loss_records_its_op_and_runs_in_static_mode(op):
    fn, spec = STATIC[op]
    types, got, want = _run_static(fn, spec)
    assert op in types
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)


def test_nll_loss_takes_an_n_by_1_label_and_checks_the_batch_as_paddle():
    # Paddle 3.3.1's 2-D nll_loss kernel reads the first N labels: [N, 1] works as [N] (hapi's
    # label shape); another batch size is its ShapeError (messages from the oracle)
    logp = F.log_softmax(paddle.to_tensor(np.random.RandomState(0).randn(4, 3).astype("float32")))
    flat = F.nll_loss(logp, paddle.to_tensor([0, 1, 2, 1]), reduction="none")
    col = F.nll_loss(logp, paddle.to_tensor([[0], [1], [2], [1]]), reduction="none")
    np.testing.assert_array_equal(col.numpy(), flat.numpy())
    assert col.shape == [4]
    assert float(F.nll_loss(logp, paddle.to_tensor([[0], [1], [2], [1]]))) == pytest.approx(
        float(flat.mean()))
    with pytest.raises(ValueError) as info:
        F.nll_loss(logp, paddle.to_tensor([[0, 1], [2, 1]]), reduction="none")
    assert str(info.value).startswith(
        "(InvalidArgument) ShapeError: Expected input batch_size to match label batch_size,But "
        "received: the Input(x) batch_size is [4], the Input(label)  batch_size is [2].")


def test_gaussian_nll_loss_builds_in_static_mode_with_a_placeholder_variance():
    # Paddle 3.3.1 (PIR): the variance check is a run-time Assert there; the loss of x=0.5,
    # y=1, var=1 is 0.125 (the oracle's value)
    paddle.enable_static()
    try:
        main = paddle.static.Program()
        with paddle.static.program_guard(main):
            x = paddle.static.data("x", [2, 3], "float32")
            y = paddle.static.data("y", [2, 3], "float32")
            v = paddle.static.data("v", [2, 3], "float32")
            loss = F.gaussian_nll_loss(x, y, v)
        got, = paddle.static.Executor().run(
            main, feed={"x": np.full((2, 3), 0.5, "float32"), "y": np.ones((2, 3), "float32"),
                        "v": np.ones((2, 3), "float32")}, fetch_list=[loss])
        assert float(got) == pytest.approx(0.125)
    finally:
        paddle.disable_static()


def test_hsigmoid_label_out_of_range_is_a_clear_value_error():
    # Paddle 3.3.1 reads past the end of the weight for a label >= num_classes (its docstring
    # example passes label 5 with num_classes=5 and prints undefined values); paddle_compat names
    # the bad label instead of torch's IndexError text.
    x, w = paddle.ones([2, 3]), paddle.ones([4, 3])
    with pytest.raises(ValueError, match=r"label 5 is out of range: with num_classes=5 the labels "
                                         r"must be in \[0, 5\)"):
        F.hsigmoid_loss(x, paddle.to_tensor([0, 5]), 5, w)
    table = paddle.to_tensor([[0, 7], [1, -1]])
    code = paddle.to_tensor([[1, 0], [0, -1]])
    with pytest.raises(ValueError, match="path_table holds node 7 but the weight has only 4 rows"):
        F.hsigmoid_loss(x, paddle.to_tensor([0, 1]), 5, w, path_table=table, path_code=code)
    ok = F.hsigmoid_loss(x, paddle.to_tensor([0, 4]), 5, w)
    assert ok.shape == [2, 1]


def test_log_loss_in_a_pir_program_fails_when_it_runs():
    # Paddle's PIR face builds log_loss of a [2, 3] input unchecked (the loss typed [2, 1]); the
    # run fails with the infer-meta error, which dynamic mode raises at once
    with pytest.raises(ValueError, match=r"the 2nd dimension of Input\(X\) must be 1,But got \[3\]"):
        F.log_loss(paddle.full([2, 3], 0.5), paddle.ones([2, 3]))
    with paddle.pir_utils.IrGuard():
        paddle.enable_static()
        try:
            main = paddle.static.Program()
            with paddle.static.program_guard(main):
                x = paddle.static.data("x", [2, 3], "float32")
                loss = F.log_loss(x, paddle.ones([2, 3]))
            assert list(loss.shape) == [2, 1]
            with pytest.raises(ValueError, match=r"must be 1,But got \[3\]"):
                paddle.static.Executor().run(main, feed={"x": np.full((2, 3), 0.5, "float32")},
                                             fetch_list=[loss])
        finally:
            paddle.disable_static()


# ---- Paddle's CPU kernel formulas, bit for bit (golden: conformance/record/record_kernel_order.py) ---
def _kernel_order_golden():
    import json
    import os
    return json.load(open(os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens",
                                       "kernel_order.json")))["cases"]


@pytest.mark.parametrize("name", [n for n in _kernel_order_golden()
                                  if n.startswith(("bce_", "cross_entropy"))])
def test_loss_bits_equal_paddles(name):
    from conformance.record.record_kernel_order import CASES
    from conformance.record.record_matmul_order import run_case
    want = _kernel_order_golden()[name]
    outs = run_case(paddle, F, CASES[name])
    assert [list(o.shape) for o in outs] == want["shapes"]
    assert [[float(v).hex() for v in o.ravel()] for o in outs] == want["hex"]


def test_bce_with_logits_ignores_label_minus_100_as_paddle():
    x = paddle.to_tensor([1.5, -2.0, 0.5], stop_gradient=False)
    label = paddle.to_tensor([1.0, -100.0, 0.0])
    out = F.binary_cross_entropy_with_logits(x, label, reduction="none")
    assert out.numpy()[1] == 0.0
    out.sum().backward()
    assert x.grad.numpy()[1] == 0.0 and x.grad.numpy()[0] != 0.0


def test_exact_losses_keep_double_backward():
    import torch
    rs = np.random.RandomState(3)
    x0 = rs.randn(5, 4).astype("float32")
    lab = rs.randint(0, 4, (5, 1))
    tb = (x0 > 0).astype("float32")
    for mine, ref in [
        (lambda x: F.cross_entropy(x, paddle.to_tensor(lab)),
         lambda t: torch.nn.functional.cross_entropy(t, torch.from_numpy(lab[:, 0]))),
        (lambda x: F.binary_cross_entropy_with_logits(x, paddle.to_tensor(tb)),
         lambda t: torch.nn.functional.binary_cross_entropy_with_logits(t, torch.from_numpy(tb))),
    ]:
        x = paddle.to_tensor(x0, stop_gradient=False)
        (g,) = paddle.grad(mine(x), x, create_graph=True)
        (gg,) = paddle.grad((g * g).sum(), x)
        t = torch.tensor(x0, requires_grad=True)
        (tg,) = torch.autograd.grad(ref(t), t, create_graph=True)
        (tgg,) = torch.autograd.grad((tg * tg).sum(), t)
        np.testing.assert_allclose(gg.numpy(), tgg.numpy(), rtol=1e-4, atol=1e-6)


def test_linear_bias_double_backward():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]])
    w = paddle.to_tensor([[0.5], [-1.0]], stop_gradient=False)
    b = paddle.to_tensor([0.25], stop_gradient=False)
    y = F.linear(x, w, b)
    (gb,) = paddle.grad((y * y).sum(), b, create_graph=True)
    (gw,) = paddle.grad(gb.sum(), w)
    np.testing.assert_allclose(gw.numpy(), [[8.0], [12.0]])
