"""Record paddle.nn recurrent-layer goldens (Paddle: nn/layer/rnn.py) from real Paddle.

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_rnn.py
It rewrites conformance/goldens/nn_rnn.json. Cases use record_nn's HELPERS and run_case (the same
conventions: `out`, optional `wrt` for gradients of sum(out[0] * G)); tests/test_nn_layer_rnn.py
replays them under paddle_compat. Seeded cases check Paddle's initial weights bit for bit; the
`*_state_dict` cases record a seeded model's state dict with its outputs, so the test can load a real
Paddle state dict into a differently seeded model and check the outputs.
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

X = "x = P(2, 5, 3, seed=1)\n"
SL = "sl = I([5, 2])\n"
CASES = [
    # ---- seeded initialisation: Paddle's weights, names, state-dict keys ----
    ("init_lstm_seeded", "SEED(1); m = nn.LSTM(3, 4, num_layers=2, direction='bidirect'); "
                         "out = m.parameters()"),
    ("init_gru_seeded", "SEED(2); out = nn.GRU(3, 4).parameters()"),
    ("init_simple_rnn_seeded", "SEED(3); out = nn.SimpleRNN(2, 3, num_layers=2).parameters()"),
    ("init_cells_seeded", "SEED(4); out = [nn.SimpleRNNCell(2, 3).weight_ih, nn.LSTMCell(2, 3).bias_hh, "
                          "nn.GRUCell(2, 3).weight_hh]"),
    ("init_lstm_proj_seeded", "SEED(5); c = nn.LSTMCell(3, 4, proj_size=2); out = [c.weight_hh, c.weight_ho]"),
    ("init_attr_false", "SEED(6); c = nn.GRUCell(2, 3, weight_ih_attr=False, bias_hh_attr=False); "
                        "out = [c.weight_ih, c.bias_hh, c.weight_ih.stop_gradient, c.bias_ih.stop_gradient]"),
    ("rnn_names", "m = nn.LSTM(3, 4, num_layers=2, direction='bidirectional'); "
                  "out = [list(m.state_dict().keys()), [(n, p.name) for n, p in m.named_parameters()], "
                  "len(m.parameters()), [type(l).__name__ for l in m]]"),
    ("rnn_repr", "out = [str(nn.LSTM(3, 4, num_layers=2, direction='bidirect')), "
                 "str(nn.SimpleRNN(3, 4, 2, dropout=0.1, time_major=True, activation='relu')), "
                 "str(nn.GRUCell(3, 4)), str(nn.SimpleRNNCell(3, 4, activation='relu')), "
                 "str(nn.RNN(nn.LSTMCell(2, 3))), str(nn.BiRNN(nn.GRUCell(2, 3), nn.GRUCell(2, 3)))]"),
    # ---- forward and gradients of the networks ----
    ("lstm_fwd_bwd", "SEED(7); m = nn.LSTM(3, 4); " + X.strip() + "; y, (h, c) = m(x); "
                     "out = [y, h, c]; wrt = [x, m.weight_ih_l0, m.bias_hh_l0]"),
    ("lstm_bidirect_2layer", "SEED(8); m = nn.LSTM(3, 4, 2, 'bidirect'); " + X.strip() +
                             "; y, (h, c) = m(x); out = [y, h, c]; wrt = [x, m.weight_hh_l1_reverse]"),
    ("lstm_seq_len", "SEED(9); m = nn.LSTM(3, 4, direction='bidirect'); " + X.strip() + "; " +
                     SL.strip() + "; y, (h, c) = m(x, sequence_length=sl); out = [y, h, c]; "
                     "wrt = [x, m.weight_ih_l0_reverse]"),
    ("lstm_initial_states", "SEED(10); m = nn.LSTM(3, 4, 2); " + X.strip() +
                            "; h0 = P(2, 2, 4, seed=3); c0 = P(2, 2, 4, seed=4); "
                            "y, (h, c) = m(x, (h0, c0)); out = [y, h, c]; wrt = [h0, c0]"),
    ("lstm_time_major", "SEED(11); m = nn.LSTM(3, 4, time_major=True); x = P(5, 2, 3, seed=1); "
                        "y, (h, c) = m(x); out = [y, h, c]; wrt = [x]"),
    ("lstm_proj", "SEED(12); m = nn.LSTM(3, 5, 2, proj_size=2); " + X.strip() +
                  "; y, (h, c) = m(x); out = [y, h, c]; wrt = [x]"),
    ("lstm_eval_dropout", "SEED(13); m = nn.LSTM(3, 4, 2, dropout=0.5); m.eval(); " + X.strip() +
                          "; y, (h, c) = m(x); out = [y, h]"),
    ("gru_fwd_bwd", "SEED(14); m = nn.GRU(3, 4, 2); " + X.strip() + "; y, h = m(x); out = [y, h]; "
                    "wrt = [x, m.weight_hh_l0, m.bias_ih_l1]"),
    ("gru_bidirect_seq_len", "SEED(15); m = nn.GRU(3, 4, direction='bidirectional'); " + X.strip() +
                             "; " + SL.strip() + "; y, h = m(x, sequence_length=sl); out = [y, h]; wrt = [x]"),
    ("gru_initial_state", "SEED(16); m = nn.GRU(3, 4); " + X.strip() +
                          "; h0 = P(1, 2, 4, seed=5); y, h = m(x, h0); out = [y, h]; wrt = [h0]"),
    ("simple_rnn_tanh", "SEED(17); m = nn.SimpleRNN(3, 4, 2); " + X.strip() +
                        "; y, h = m(x); out = [y, h]; wrt = [x, m.weight_ih_l1]"),
    ("simple_rnn_relu_seq", "SEED(18); m = nn.SimpleRNN(3, 4, activation='relu'); " + X.strip() +
                            "; " + SL.strip() + "; y, h = m(x, sequence_length=sl); out = [y, h]; wrt = [x]"),
    ("gru_weight_attr_false", "SEED(19); m = nn.GRU(3, 4, weight_hh_attr=False); " + X.strip() +
                              "; y, h = m(x); out = [y, h]"),
    # ---- cells and the cell runners ----
    ("lstm_cell_step", "SEED(20); c = nn.LSTMCell(3, 4); x = P(2, 3); y, (h, cc) = c(x); "
                       "out = [y, h, cc]; wrt = [x, c.weight_ih]"),
    ("gru_cell_step", "SEED(21); c = nn.GRUCell(3, 4); x = P(2, 3); h0 = P(2, 4, seed=2); "
                      "y, h = c(x, h0); out = [y, h]; wrt = [x, h0]"),
    ("simple_cell_relu", "SEED(22); c = nn.SimpleRNNCell(3, 4, activation='relu'); x = P(2, 3); "
                         "y, h = c(x); out = [y, h]; wrt = [x]"),
    ("lstm_cell_proj_states", "SEED(23); c = nn.LSTMCell(3, 5, proj_size=2); x = P(2, 3); "
                              "y, (h, cc) = c(x, (P(2, 2, seed=1), P(2, 5, seed=2))); out = [y, h, cc]"),
    ("rnn_runner_seq_len", "SEED(24); r = nn.RNN(nn.LSTMCell(3, 4)); " + X.strip() + "; " + SL.strip() +
                           "; y, (h, c) = r(x, sequence_length=sl); out = [y, h, c]; wrt = [x]"),
    ("rnn_runner_reverse", "SEED(25); r = nn.RNN(nn.GRUCell(3, 4), is_reverse=True); " + X.strip() +
                           "; y, h = r(x); out = [y, h]; wrt = [x]"),
    ("birnn_runner", "SEED(26); r = nn.BiRNN(nn.SimpleRNNCell(3, 4), nn.SimpleRNNCell(3, 4)); " +
                     X.strip() + "; " + SL.strip() + "; y, (hf, hb) = r(x, sequence_length=sl); "
                     "out = [y, hf, hb]; wrt = [x]"),
    ("cell_initial_states", "c = nn.LSTMCell(3, 4); s = c.get_initial_states(P(6, 3), init_value=1.5); "
                            "g = nn.GRUCell(3, 2).get_initial_states(P(2, 7, 3), batch_dim_idx=1, dtype='float64'); "
                            "out = [s[0], s[1], g]"),
    # ---- loading a Paddle state dict ----
    ("lstm_state_dict", "SEED(27); m = nn.LSTM(3, 4, 2, 'bidirect'); " + X.strip() +
                        "; y, (h, c) = m(x); sd = m.state_dict(); "
                        "out = [[k for k in sd], [sd[k] for k in sd], y, h]"),
    ("gru_state_dict", "SEED(28); m = nn.GRU(3, 4); " + X.strip() +
                       "; y, h = m(x); sd = m.state_dict(); out = [[k for k in sd], [sd[k] for k in sd], y, h]"),
    # ---- errors ----
    ("err_direction", "out = nn.LSTM(3, 4, direction='x')"),
    ("err_hidden_zero", "out = nn.SimpleRNNCell(3, 0)"),
    ("err_gru_hidden_neg", "out = nn.GRU(3, -1)"),
    ("err_activation_cell", "out = nn.SimpleRNNCell(3, 4, activation='sigmoid')"),
    ("err_activation_net", "out = nn.SimpleRNN(3, 4, activation='sigmoid')"),
    ("err_proj_size", "out = nn.LSTMCell(3, 4, proj_size=4)"),
    ("err_birnn_sizes", "out = nn.BiRNN(nn.GRUCell(3, 4), nn.GRUCell(2, 4))"),
    ("err_cell_state_shape", "out = nn.RNNCellBase().state_shape"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_rnn.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
