"""Replay of conformance/goldens/incubate.json (conformance/record/record_incubate.py) for the
paddle.incubate test files: `check(case)` runs a recorded case, `check_dense(case)` runs a fused
op on its CUDA path (the kernel gate patched) against the oracle's unfused reference."""

import paddle_compat as paddle
from paddle_compat._incubate import _kernel

from tests._tensor_api_goldens import Goldens, assert_same

INCUBATE = Goldens("incubate")
GOLDEN, record = INCUBATE.golden, INCUBATE.record


def cases(*prefixes):
    """The recorded case names starting with one of `prefixes`, sorted."""
    return sorted(c for c in GOLDEN["cases"] if c.startswith(prefixes))


def dense_cases(*prefixes):
    return sorted(c for c in GOLDEN["dense"] if c.startswith(prefixes))


def check(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case)


def check_dense(case, monkeypatch):
    entry = GOLDEN["dense"][case]
    assert [entry["expr"], entry["reference"]] == record.DENSE[case], "golden out of date"
    monkeypatch.setattr(_kernel, "on_gpu", lambda t: True)
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case)


__all__ = ["cases", "dense_cases", "check", "check_dense", "GOLDEN", "record"]
