"""paddle_compat/_nn/decode.py: BeamSearchDecoder and dynamic_decode against goldens recorded from
Paddle 3.3.1 (conformance/goldens/nn_decode.json, written by conformance/record/record_nn_decode.py)
-- seeded models decoded end to end (ids, scores, lengths, states), a user Decoder with
impute_finished -- plus the static-mode refusal."""
import json
import os

import pytest

import paddle_compat as paddle
import paddle_compat.nn as nn
from conformance.golden_replay import check_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "nn_decode.json")
CASES = json.load(open(_GOLDEN))["cases"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_decode_case_matches_paddle(name):
    check_case(paddle, CASES[name])


def test_dynamic_decode_refuses_static_mode_with_a_clear_error():
    cell = nn.GRUCell(2, 3)
    dec = nn.BeamSearchDecoder(cell, 0, 1, 2, embedding_fn=nn.Embedding(4, 2),
                               output_fn=nn.Linear(3, 4))
    paddle.enable_static()
    try:
        with pytest.raises(NotImplementedError, match="run the decoding in dynamic mode"):
            nn.dynamic_decode(dec, paddle.static.data("h", [2, 3], "float32"))
    finally:
        paddle.disable_static()


def test_beam_search_outputs_are_named_tuples():
    out = nn.BeamSearchDecoder.OutputWrapper(1, 2, 3)
    assert (out.scores, out.predicted_ids, out.parent_ids) == (1, 2, 3) and out._fields[0] == "scores"
    st = nn.BeamSearchDecoder.StateWrapper(1, 2, 3, 4)
    assert st.lengths == 4 and type(st).__name__ == "StateWrapper"
