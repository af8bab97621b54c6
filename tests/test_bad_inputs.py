"""The bad-input table (conformance/bad_inputs.py) replayed under paddle_compat and compared with
what Paddle 3.3.1 did (conformance/goldens/bad_inputs.json, recorded by
conformance/record/record_bad_inputs.py): the exception class and the first line of its message,
or the value of `out` (floats to 1e-6 relative, NaN/Inf exactly)."""
import json
import math
import os

import pytest

import paddle_compat as paddle
from conformance import bad_inputs as table

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "bad_inputs.json")
with open(GOLDEN) as f:
    RECORDED = json.load(f)["cases"]

# Same exception class as Paddle, another message: Paddle's text would be no clearer, or it
# prints garbage.
MESSAGE_DIFFERS = {
    "linalg/matmul_0d": "Paddle's message prints uninitialised dimensions ([81] and [0])",
    "linalg/norm_bad_p": "Paddle's message complains about the axis; paddle_compat names the bad p",
    "layer/layerlist_append_int": "Paddle's AssertionError has no message; paddle_compat names the "
                                  "received type",
    "pooling/max_pool3d_4d_input": "Paddle words it through the kernel-size arithmetic; "
                                   "paddle_compat names the expected rank",
    "rnn/lstm_cell_wrong_input": "Paddle multiplies by W^T and names dimension [1] of Y; "
                                 "paddle_compat's cell names the same mismatch as dimension [0]",
    "attention/sdpa_rank_2": "Paddle fails unpacking a shape (a Python message); paddle_compat "
                             "names the expected 4-D layout",
    "random/randperm_negative": "Paddle's message says nothing of n; paddle_compat appends it",
}

# Declared differences (docs/differences.md): paddle_compat does not copy these Paddle behaviours.
DECLARED = {
    "stat/amax_empty": "Paddle returns uninitialised memory for amax of an empty tensor; "
                       "paddle_compat raises Paddle's max() error",
    "stat/argmax_empty": "Paddle returns an index into an empty tensor; paddle_compat raises",
    "manipulation/slice_bad_axes": "Paddle ignores an out-of-range axis of slice; paddle_compat "
                                   "raises",
    "conv/conv2d_kernel_too_big": "Paddle returns an empty tensor for a kernel larger than the "
                                  "padded input; paddle_compat raises",
    "math/scale_str": "Paddle accepts scale='a'; paddle_compat raises TypeError",
    "inf/logsumexp": "Paddle gives NaN for logsumexp([inf, 1]) (inf - inf); paddle_compat gives "
                     "inf, the right value",
    "pooling/adaptive_avg_pool2d_3d": "Paddle fails with a Python unpacking error; paddle_compat "
                                      "names the expected rank",
    "layer/conv2d_zero_kernel": "Paddle runs a convolution with a 0x0 kernel (zeros out); "
                                "paddle_compat raises ValueError",
}


def _same(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_same(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, float) and not isinstance(a, bool):
        return math.isclose(a, b, rel_tol=1e-6, abs_tol=1e-6)
    return a == b


def _check(case_id):
    expected = RECORDED[case_id]
    got = table.run_case(paddle, table.CASES[case_id])
    if "error" in expected:
        assert "error" in got, f"{case_id}: Paddle raised {expected['error']}, we returned {got}"
        assert got["error"][0] == expected["error"][0], (case_id, got, expected)
        if case_id not in MESSAGE_DIFFERS:
            assert got["error"][1] == expected["error"][1], (case_id, got, expected)
    else:
        assert "value" in got, f"{case_id}: Paddle returned {expected['value']}, we raised {got}"
        e, g = expected["value"], got["value"]
        assert e.keys() == g.keys() and all(_same(e[k], g[k]) for k in e), (case_id, g, e)


@pytest.mark.parametrize("case_id", [c for c in table.CASES if c not in DECLARED])
def test_case_matches_paddle(case_id):
    _check(case_id)


@pytest.mark.parametrize("case_id", sorted(DECLARED))
def test_declared_difference_still_differs(case_id):
    with pytest.raises(AssertionError):     # once it matches, remove it from DECLARED
        _check(case_id)


def test_every_case_recorded_and_every_family_covered():
    assert set(RECORDED) == set(table.CASES)
    families = {c.split("/")[0] for c in table.CASES}
    assert {"creation", "to_tensor", "math", "manipulation", "search", "logic", "linalg", "stat",
            "activation", "conv", "pooling", "loss", "norm", "nan", "inplace",
            "framework"} <= families


def test_kernel_error_translation_keeps_unknown_errors():
    from paddle_compat._ops._checks import kernel_error
    exc = RuntimeError("some other torch failure")
    assert kernel_error("elementwise_add", (), {}, exc) is exc
