"""Replay conformance/record/record_jit.py's snippets on paddle_compat against the goldens recorded
from Paddle 3.3.1 (InputSpec, to_static argument handling, jit.save/load errors and layout)."""
import json
import os

import pytest

import paddle_compat as paddle
from conformance.record.record_jit import CASES, run_case

GOLDEN = os.path.join(os.path.dirname(__file__), "..", "conformance", "goldens", "jit.json")
with open(GOLDEN) as _f:
    RECORDED = json.load(_f)["cases"]


@pytest.mark.parametrize("cid,code,match", CASES, ids=[c[0] for c in CASES])
def test_case_matches_paddle(cid, code, match):
    want = RECORDED[cid]
    assert want["code"] == code, "golden is stale: re-run conformance/record/record_jit.py"
    got = run_case(paddle, code)
    assert got["kind"] == want["kind"], (got, want)
    if got["kind"] == "ok":
        assert got["repr"] == want["repr"]
    else:
        assert got["type"] == want["type"]
        if match == "exact":
            assert got["message"] == want["message"]
        else:
            assert got["message"].startswith(want["message"])
