"""Replay of conformance/goldens/tensor_api.json (recorded from Paddle 3.3.1 by
conformance/record/record_tensor_api.py): each tests/test_ops_<module>.py replays the cases named
`<module>:...` through `cases(module)` and `check(case)`."""
import importlib.util
import json
import math
import os
import re

import paddle_compat as paddle

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "tensor_api.json")))
_spec = importlib.util.spec_from_file_location(
    "record_tensor_api", os.path.join(ROOT, "conformance", "record", "record_tensor_api.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


# Paddle behaviours paddle_compat does not copy (each one is in the op's docstring)
XFAIL = {
    "math:sinc_": "Paddle 3.3.1's sinc_ returns a new Tensor object; paddle_compat returns x itself",
    "math:sinc__method": "Paddle 3.3.1's Tensor.sinc_ returns a new Tensor object; paddle_compat "
                         "returns x itself",
}


def cases(module):
    """The recorded case names of one _ops module, sorted."""
    return sorted(c for c in GOLDEN["cases"] if c.split(":", 1)[0] == module)


def _close(a, b):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= 1e-5 * max(1.0, abs(b))
    return a == b


def _norm(msg):
    return re.sub(r"(generated_tensor|eager_tmp)_\d+", "NAME", msg)


def assert_same(ours, expected, where):
    assert ours["kind"] == expected["kind"], (where, ours, expected)
    kind = expected["kind"]
    if kind == "error":
        assert ours["type"] == expected["type"], (where, ours, expected)
        assert _norm(expected["message"]).startswith(_norm(ours["message"])), (where, ours,
                                                                               expected)
        assert len(ours["message"]) > 20 or ours["message"] == expected["message"], where
    elif kind == "tensor":
        for key in ("dtype", "shape", "stop_gradient"):
            assert ours[key] == expected[key], (where, key, ours, expected)
        assert _close(ours["values"], expected["values"]), (where, ours, expected)
    elif kind == "seq":
        assert len(ours["items"]) == len(expected["items"]), (where, ours, expected)
        for a, b in zip(ours["items"], expected["items"]):
            assert_same(a, b, where)
    else:
        assert ours["value"] == expected["value"] or str(ours["value"]) == str(
            expected["value"]), (where, ours, expected)


def check(case):
    """Run one recorded case here and compare it with Paddle's recorded result."""
    if case in XFAIL:
        import pytest
        pytest.xfail(XFAIL[case])
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case)
