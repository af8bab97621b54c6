"""paddle.nn against goldens recorded from real Paddle 3.3.1 (conformance/goldens/nn.json, written by
conformance/record/record_nn.py): layer/functional outputs and gradients, seeded initial weights and
dropout masks (bit-exact), Layer naming/state_dict/repr, and error classes and messages."""
import json
import os
import re

import numpy as np
import pytest

import paddle_compat as paddle
from conformance.record.record_nn import run_case

_GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "nn.json")
CASES = json.load(open(_GOLDEN))["cases"]

# Bit-exact cases: values drawn from the Paddle-exact generator or plain assignments.
EXACT = {name for name in CASES if name.startswith(("init_", "dropout_", "create_parameter"))
         and name != "init_truncated_normal"}


def _paddle_message_core(msg):
    """Paddle's message without C++ source locations and the '[operator < x > error]' trailer."""
    msg = re.sub(r" \(at [^)]*\)", "", msg)
    return msg.strip().splitlines()[0].strip()


def _compare(got, want, exact, path="out"):
    if isinstance(want, dict) and "values" in want:
        assert isinstance(got, dict) and "values" in got, f"{path}: expected a Tensor, got {got!r}"
        assert got["shape"] == want["shape"], f"{path}: shape {got['shape']} != {want['shape']}"
        assert got["dtype"] == want["dtype"], f"{path}: dtype {got['dtype']} != {want['dtype']}"
        g, w = np.array(got["values"], dtype=float), np.array(want["values"], dtype=float)
        if exact:
            np.testing.assert_array_equal(g, w, err_msg=path)
        else:
            np.testing.assert_allclose(g, w, rtol=2e-5, atol=2e-6, err_msg=path)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got!r} != {want!r}"
        for i, (a, b) in enumerate(zip(got, want)):
            _compare(a, b, exact, f"{path}[{i}]")
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6), path
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


@pytest.mark.parametrize("name", sorted(CASES))
def test_nn_case_matches_paddle(name):
    case = CASES[name]
    want = case["result"]
    got = run_case(paddle, case["code"])
    if "error" in want:
        assert "error" in got, f"expected {want['error']}: {want['message'][:200]}, got {got}"
        assert got["error"] == want["error"], got["message"]
        assert _paddle_message_core(want["message"]) in got["message"]
        return
    assert "error" not in got, got
    exact = name in EXACT
    _compare(got["out"], want["out"], exact)
    if "grads" in want:
        _compare(got["grads"], want["grads"], False, "grads")


def test_goldens_cover_the_must_show_items():
    """The issue's must-show items are present in the goldens (so the replay above checks them)."""
    for needed in ("init_linear_seeded", "linear_layer_err_width", "ce_err_label_batch",
                   "dropout_upscale_mask", "conv2d_err_channels"):
        assert needed in CASES
    assert CASES["init_linear_seeded"]["result"]["out"][0]["shape"] == [4, 3]
