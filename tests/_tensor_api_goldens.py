"""Replay of recorded Paddle 3.3.1 goldens whose cases are named `<module>:<case>`:
conformance/goldens/tensor_api.json (conformance/record/record_tensor_api.py; `cases(module)` and
`check(case)`, used by tests/test_ops_<module>.py and the small modules' tests) and any other
golden of the same form through `Goldens(name)` (device.json, replayed by tests/test_device.py)."""
import importlib.util
import json
import math
import os
import re

import paddle_compat as paddle

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")


class Goldens:
    """One golden file (conformance/goldens/<name>.json) and its recorder
    (conformance/record/record_<name>.py)."""

    def __init__(self, name):
        with open(os.path.join(ROOT, "conformance", "goldens", name + ".json")) as f:
            self.golden = json.load(f)
        spec = importlib.util.spec_from_file_location(
            "record_" + name, os.path.join(ROOT, "conformance", "record", f"record_{name}.py"))
        self.record = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(self.record)

    def cases(self, module):
        """The recorded case names of one module, sorted."""
        return sorted(c for c in self.golden["cases"] if c.split(":", 1)[0] == module)

    def check(self, case):
        """Run one recorded case here and compare it with Paddle's recorded result."""
        if case in XFAIL:
            import pytest
            pytest.xfail(XFAIL[case])
        entry = self.golden["cases"][case]
        assert entry["expr"] == self.record.CASES[case], "golden out of date: re-run the recorder"
        assert_same(self.record.run_case(paddle, entry["expr"]), entry["result"], case)



# Paddle behaviours paddle_compat does not copy (each one is in the op's docstring)
XFAIL = {
    "math:sinc_": "Paddle 3.3.1's sinc_ returns a new Tensor object; paddle_compat returns x itself",
    "math:sinc__method": "Paddle 3.3.1's Tensor.sinc_ returns a new Tensor object; paddle_compat "
                         "returns x itself",
}




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
        # Paddle's text first; paddle_compat may stop early (kernel dtype lists) or add the fix
        theirs, mine = _norm(expected["message"]), _norm(ours["message"])
        assert theirs.startswith(mine) or mine.startswith(theirs), (where, ours, expected)
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


TENSOR_API = Goldens("tensor_api")
GOLDEN, record = TENSOR_API.golden, TENSOR_API.record
cases, check = TENSOR_API.cases, TENSOR_API.check
