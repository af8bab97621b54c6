"""paddle_compat/_nn/layer/rnn.py: the recurrent layers against goldens recorded from real Paddle
3.3.1 (conformance/goldens/nn_rnn.json, written by conformance/record/record_nn_rnn.py) — seeded
initial weights bit for bit, outputs and gradients, names/state-dict keys/repr, error messages — plus
a real Paddle state dict loaded into a differently seeded model, the fused path against the
step-by-step cells, torch's nn.LSTM/GRU on the same weights, and static-mode recording."""
import json
import os

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from tests._nn_training_goldens import training_golden
import paddle_compat.nn as nn
from conformance.golden_replay import check_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "nn_rnn.json")
CASES = json.load(open(_GOLDEN))["cases"]
EXACT = {name for name in CASES if name.startswith("init_")}


@pytest.mark.parametrize("name", sorted(CASES))
def test_rnn_case_matches_paddle(name):
    check_case(paddle, CASES[name], exact=name in EXACT)


def _x(*shape, seed=1):
    return paddle.to_tensor(np.random.RandomState(seed).uniform(-1, 1, shape).astype("float32"))


@pytest.mark.parametrize("case,build", [
    ("lstm_state_dict", lambda: nn.LSTM(3, 4, 2, "bidirect")),
    ("gru_state_dict", lambda: nn.GRU(3, 4)),
])
def test_a_paddle_state_dict_loads_and_gives_paddles_outputs(case, build):
    keys, values, y, h = CASES[case]["result"]["out"]
    paddle.seed(12345)  # other weights than the recorded model's
    m = build()
    sd = {k: np.array(v["values"], dtype="float32") for k, v in zip(keys, values)}
    missing, unexpected = m.set_state_dict(sd)
    assert list(missing) == [] and list(unexpected) == []
    x = paddle.to_tensor(np.random.RandomState(1).uniform(-1, 1, (2, 5, 3)).astype("float32"))
    out = m(x)
    np.testing.assert_allclose(out[0].numpy(), np.array(y["values"]), rtol=2e-5, atol=2e-6)
    hh = out[1][0] if isinstance(out[1], tuple) else out[1]
    np.testing.assert_allclose(hh.numpy(), np.array(h["values"]), rtol=2e-5, atol=2e-6)


@pytest.mark.parametrize("cls,bidirect", [(nn.LSTM, False), (nn.GRU, True), (nn.SimpleRNN, True)])
def test_fused_path_equals_the_step_by_step_cells(cls, bidirect):
    paddle.seed(3)
    m = cls(3, 4, num_layers=2, direction="bidirect" if bidirect else "forward")
    assert m.could_use_cudnn
    x, sl = _x(3, 6, 3), paddle.to_tensor([6, 2, 4])
    fused, fstates = m(x, sequence_length=sl)
    m.could_use_cudnn = False
    loop, lstates = m(x, sequence_length=sl)
    mask = (np.arange(6)[None, :] < np.array([6, 2, 4])[:, None])[..., None]
    # The fused op zeroes padded steps; the cells leave their raw outputs there (as Paddle does).
    np.testing.assert_allclose(fused.numpy(), loop.numpy() * mask, rtol=1e-5, atol=1e-6)
    fs = list(fstates) if isinstance(fstates, tuple) else [fstates]
    ls = list(lstates) if isinstance(lstates, tuple) else [lstates]
    assert len(fs) == len(ls) == (2 if cls is nn.LSTM else 1)
    for a, b in zip(fs, ls):
        np.testing.assert_allclose(a.numpy(), b.numpy(), rtol=1e-5, atol=1e-6)


def test_lstm_equals_torch_lstm_with_the_same_weights():
    """Paddle's gate order is torch's: the weights copy over unchanged."""
    paddle.seed(4)
    m = nn.LSTM(3, 4, num_layers=2, direction="bidirect")
    ref = torch.nn.LSTM(3, 4, num_layers=2, bidirectional=True, batch_first=True)
    with torch.no_grad():
        for name, p in ref.named_parameters():
            p.copy_(torch.from_numpy(getattr(m, name).numpy()))
    x = _x(2, 5, 3)
    y, (h, c) = m(x)
    ry, (rh, rc) = ref(torch.from_numpy(x.numpy()))
    np.testing.assert_allclose(y.numpy(), ry.detach().numpy(), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(c.numpy(), rc.detach().numpy(), rtol=1e-5, atol=1e-6)


def test_bias_attr_false_runs_with_frozen_zero_biases():
    """Paddle 3.3.1 crashes (segfault) on a network built with bias_ih_attr=False; here the frozen
    zero biases make it well defined: the fused op equals the cells with zero biases."""
    paddle.seed(5)
    m = nn.SimpleRNN(3, 4, bias_ih_attr=False)
    assert "bias_ih_l0" not in m.state_dict() and m[0].cell.bias_ih.stop_gradient
    x = _x(2, 5, 3)
    y, h = m(x)
    m.could_use_cudnn = False
    y2, h2 = m(x)
    np.testing.assert_allclose(y.numpy(), y2.numpy(), rtol=1e-5, atol=1e-6)


def test_training_dropout_between_layers_keeps_shapes_and_differs_from_eval():
    paddle.seed(6)
    m = nn.GRU(3, 4, num_layers=2, dropout=0.5)
    x = _x(2, 5, 3)
    y_train, _ = m(x)
    m.eval()
    y_eval, h = m(x)
    assert y_train.shape == y_eval.shape == [2, 5, 4] and h.shape == [2, 2, 4]
    assert not np.allclose(y_train.numpy(), y_eval.numpy())


def test_static_mode_records_one_rnn_op_and_runs_through_the_executor():
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            x = paddle.static.data("x", [2, 5, 3], "float32")
            y, (h, c) = nn.LSTM(3, 4, direction="bidirect")(x)
            y2, _ = nn.RNN(nn.GRUCell(3, 4))(x)
            loss = paddle.mean(y) + paddle.mean(y2)
            paddle.optimizer.SGD(0.1).minimize(loss)
        types = [op.type for op in main.global_block().ops]
        assert types.count("rnn") == 1
        exe = paddle.static.Executor()
        exe.run(start)
        out = exe.run(main, feed={"x": np.ones([2, 5, 3], "float32")}, fetch_list=[y, h, loss])
        assert out[0].shape == (2, 5, 8) and out[1].shape == (2, 2, 4)
        assert np.isfinite(out[2]).all()
    finally:
        paddle.disable_static()



def test_seq2seq_with_attention_trains_with_paddles_losses():
    # GRU encoder + attention GRUCell decoder, Adam, 6 steps from paddle.seed: Paddle's printout.
    got, want = training_golden("seq2seq_attention")
    np.testing.assert_allclose(got["out"], want["out"], rtol=2e-5)
    assert len(got["stdout"].splitlines()) == len(want["stdout"].splitlines()) == 6
