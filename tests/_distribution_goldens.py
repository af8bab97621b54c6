"""Shared replay of conformance/record/record_distribution.py's cases for tests/test_distribution*.py."""
import json
import math
import os
import warnings

import pytest

import paddle_compat as paddle
from conformance.record import record_distribution as record

with open(os.path.join(os.path.dirname(os.path.abspath(record.__file__)), "..", "goldens",
                       "distribution.json")) as _f:
    GOLDEN = json.load(_f)


def params(prefix, exclude=()):
    """pytest parameters, one per recorded case whose name starts with `prefix`."""
    return [pytest.param(name, id=name) for name in sorted(GOLDEN["cases"])
            if name.startswith(prefix) and not name.startswith(tuple(exclude))]


def _close(a, b, tol):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= tol * max(1.0, abs(b))
    return a == b


def assert_same(ours, expected, where, tol=1e-5):
    """A result described by record_ops_math.describe equals Paddle's: errors by class and message,
    tensors by dtype, shape, stop_gradient and values (relative tolerance `tol`)."""
    assert ours["kind"] == expected["kind"], (where, ours, expected)
    kind = expected["kind"]
    if kind == "error":
        assert ours["type"] == expected["type"], (where, ours, expected)
        assert ours["message"] == expected["message"], (where, ours, expected)
    elif kind == "tensor":
        for key in ("dtype", "shape", "stop_gradient"):
            assert ours[key] == expected[key], (where, key, ours, expected)
        assert _close(ours["values"], expected["values"], tol), (where, ours, expected)
    elif kind == "seq":
        assert len(ours["items"]) == len(expected["items"]), (where, ours, expected)
        for a, b in zip(ours["items"], expected["items"]):
            assert_same(a, b, where, tol)
    else:
        assert ours["value"] == expected["value"], (where, ours, expected)


def replay(name):
    """Run one recorded case on paddle_compat and compare it with Paddle 3.3.1's result."""
    entry = GOLDEN["cases"][name]
    assert entry["expr"] == record.CASES[name], "golden out of date: re-run the recorder"
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = record.run_case(paddle, entry["expr"])
    assert_same(got, entry["result"], name)
