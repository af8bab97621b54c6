"""Replay one golden case recorded with conformance/record/record_nn.py's `run_case` (the recorders
record_nn_rnn.py and record_nn_transformer.py use it too) under paddle_compat and compare: tensors by
shape, dtype and values (bit for bit when `exact`), plain data by equality, errors by class and by
Paddle's message core (without C++ source locations)."""
import re

import numpy as np
import pytest

from conformance.record.record_nn import run_case

__all__ = ["message_core", "compare", "check_case"]


def message_core(msg):
    """Paddle's message without C++ source locations, first line only."""
    msg = re.sub(r" \(at [^)]*\)", "", msg)
    return msg.strip().splitlines()[0].strip()


def compare(got, want, exact, path="out", rtol=2e-5, atol=2e-6):
    if isinstance(want, dict) and "values" in want:
        assert isinstance(got, dict) and "values" in got, f"{path}: expected a Tensor, got {got!r}"
        assert got["shape"] == want["shape"], f"{path}: shape {got['shape']} != {want['shape']}"
        assert got["dtype"] == want["dtype"], f"{path}: dtype {got['dtype']} != {want['dtype']}"
        g, w = np.array(got["values"], dtype=float), np.array(want["values"], dtype=float)
        if exact:
            np.testing.assert_array_equal(g, w, err_msg=path)
        else:
            np.testing.assert_allclose(g, w, rtol=rtol, atol=atol, err_msg=path)
    elif isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{path}: {got!r} != {want!r}"
        for i, (a, b) in enumerate(zip(got, want)):
            compare(a, b, exact, f"{path}[{i}]", rtol, atol)
    elif isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-6), path
    else:
        assert got == want, f"{path}: {got!r} != {want!r}"


def check_case(paddle, case, exact=False, rtol=2e-5, atol=2e-6):
    """Run `case` ({'code', 'result'}) under `paddle` and compare with the recorded result."""
    want = case["result"]
    got = run_case(paddle, case["code"])
    if "error" in want:
        assert "error" in got, f"expected {want['error']}: {want['message'][:200]}, got {got}"
        assert got["error"] == want["error"], got["message"]
        assert message_core(want["message"]) in got["message"]
        return
    assert "error" not in got, got
    compare(got["out"], want["out"], exact, rtol=rtol, atol=atol)
    if "grads" in want:
        compare(got["grads"], want["grads"], False, "grads", rtol=rtol, atol=atol)
