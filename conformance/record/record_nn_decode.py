"""Record goldens of paddle.nn.BeamSearchDecoder and paddle.nn.dynamic_decode (Paddle:
nn/decode.py) from real Paddle: seeded models decoded with beam search (GRU and LSTM cells,
embedding and output functions, finished beams, max_step_num, time-major outputs, lengths), and a
user Decoder that does not track its own finished flags (impute_finished, sequence lengths).

Run with the oracle interpreter (Paddle 3.3.1, CPU), from the repository root:
    PADDLE_PY conformance/record/record_nn_decode.py
It rewrites conformance/goldens/nn_decode.json; tests/test_nn_decode.py replays it.
"""
import json
import os
import sys
import warnings

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", ".."))
from conformance.record.record_nn import run_case  # noqa: E402

GRU = ("SEED(3); emb = nn.Embedding(10, 4); proj = nn.Linear(6, 10); cell = nn.GRUCell(4, 6); "
       "dec = nn.BeamSearchDecoder(cell, start_token=0, end_token=1, beam_size=3, embedding_fn=emb, "
       "output_fn=proj); enc = T(A(2, 6)); ")
SMALL = ("SEED(21); emb = nn.Embedding(4, 3); proj = nn.Linear(5, 4); cell = nn.SimpleRNNCell(3, 5); "
         "dec = nn.BeamSearchDecoder(cell, 0, 2, 2, embedding_fn=emb, output_fn=proj); enc = T(A(3, 5, seed=4) * 3); ")
USER = """
class Greedy(paddle.nn.decode.Decoder if hasattr(paddle.nn, 'decode') else object):
    def __init__(self, cell, emb, proj):
        self.cell, self.emb, self.proj = cell, emb, proj
    def initialize(self, inits):
        b = inits.shape[0]
        fin = paddle.full([b], False, dtype='bool')
        return self.emb(paddle.zeros([b], dtype='int64')), inits, fin
    def step(self, time, inputs, states):
        out, new = self.cell(inputs, states)
        ids = paddle.argmax(self.proj(out), axis=-1)
        return (out, ids), new, self.emb(ids), ids == 1
    def finalize(self, outputs, final_states, sequence_lengths):
        raise NotImplementedError
SEED(31); emb = nn.Embedding(5, 3); proj = nn.Linear(4, 5); cell = nn.GRUCell(3, 4)
"""

CASES = [
    ("beam_gru_lengths", GRU + "o, s, l = nn.dynamic_decode(dec, inits=enc, max_step_num=6, return_length=True); "
                               "out = [o, l, s.log_probs, s.finished, s.lengths, s.cell_states, type(s).__name__]"),
    ("beam_gru_time_major", GRU + "o, s = nn.dynamic_decode(dec, inits=enc, max_step_num=3, output_time_major=True); "
                                  "out = [o, s.log_probs]"),
    ("beam_finishing", SMALL + "o, s, l = nn.dynamic_decode(dec, enc, max_step_num=10, return_length=True); "
                               "out = [o, l, s.finished, s.log_probs]"),
    ("beam_lstm_states", "SEED(5); emb = nn.Embedding(6, 3); proj = nn.Linear(4, 6); cell = nn.LSTMCell(3, 4); "
                         "dec = nn.BeamSearchDecoder(cell, 0, 5, 2, embedding_fn=emb, output_fn=proj); "
                         "h = T(A(2, 4)); c = T(A(2, 4, seed=1)); "
                         "o, s = nn.dynamic_decode(dec, inits=(h, c), max_step_num=4); "
                         "out = [o, s.cell_states[0], s.cell_states[1], s.lengths]"),
    ("beam_initialize_step", GRU + "x, st, fin = dec.initialize(enc); out0, st1, nxt, fin1 = dec.step(paddle.full([1], 0, 'int64'), x, st); "
                                   "out = [x, st.log_probs, st.cell_states, fin, out0.scores, out0.predicted_ids, out0.parent_ids, "
                                   "st1.log_probs, st1.lengths, nxt, fin1, type(out0).__name__]"),
    ("beam_tile_merge", "out = nn.BeamSearchDecoder.tile_beam_merge_with_batch(T(A(2, 3, 2)), 3)"),
    ("beam_grad_through_scores", GRU + "enc.stop_gradient = False; o, s = nn.dynamic_decode(dec, inits=enc, max_step_num=2); "
                                       "out = s.log_probs; wrt = [enc]"),
    ("user_decoder", USER + "(o, ids), s, l = nn.dynamic_decode(Greedy(cell, emb, proj), T(A(3, 4)), max_step_num=5, return_length=True); "
                             "out = [o, ids, s, l]"),
    ("user_decoder_impute", USER + "(o, ids), s, l = nn.dynamic_decode(Greedy(cell, emb, proj), T(A(3, 4)), max_step_num=5, "
                                    "impute_finished=True, return_length=True, output_time_major=True); out = [o, ids, s, l]"),
]


def main():
    warnings.filterwarnings("ignore")
    os.environ.setdefault("GLOG_minloglevel", "3")
    import paddle
    goldens = {"paddle_version": paddle.__version__, "cases": {}}
    for name, code in CASES:
        goldens["cases"][name] = {"code": code, "result": run_case(paddle, code)}
    path = os.path.join(os.path.dirname(__file__), "..", "goldens", "nn_decode.json")
    tmp = path + ".tmp"
    with open(tmp, "w") as f:
        json.dump(goldens, f, indent=1, sort_keys=True)
    os.replace(tmp, path)
    print(f"wrote {len(CASES)} cases to {os.path.normpath(path)}", file=sys.stderr)


if __name__ == "__main__":
    main()
