"""Shared by the paddle.sparse tests: replay conformance/record/record_sparse.py's cases on
paddle_compat and compare each with the golden Paddle 3.3.1 recorded (conformance/goldens/
sparse.json): kinds, formats, dtypes, shapes, stop_gradient, indices/crows/cols exactly, values
within float32 rounding, error classes and messages exactly, and the printed text of every sparse
result with its numbers compared within the same tolerance (float32 math libraries differ in the
last bit, e.g. tanh)."""
import importlib.util
import json
import math
import os
import re

import paddle_compat as paddle

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "sparse.json"),
                       encoding="utf-8"))
_spec = importlib.util.spec_from_file_location(
    "record_sparse", os.path.join(ROOT, "conformance", "record", "record_sparse.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

# Paddle 3.3.1's sparse BatchNorm flips its running statistics to stop_gradient=False (its in-place
# kernel does); paddle_compat keeps them stop_gradient=True buffers (docs/numerics.md).
STATS_STOP_GRADIENT = {"norm_bn_eval", "norm_bn_train", "norm_bn_train_momentum", "norm_bn_2d"}

_NUM = re.compile(r"-?(?:\d+\.\d*(?:e[+-]\d+)?|\d+\.|nan|inf\.?)")


def case_ids(*prefixes):
    return sorted(k for k in GOLDEN["cases"] if k.startswith(prefixes))


def _close(a, b, tol=2e-6):
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y, tol) for x, y in zip(a, b))
    if isinstance(a, bool) or isinstance(b, bool):
        return a == b
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        if isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b):
            return True
        return a == b or abs(a - b) <= tol * max(1.0, abs(b))
    return a == b


def _same_repr(ours, theirs):
    """Printed texts equal up to last-bit differences of the printed floats."""
    if ours == theirs:
        return True
    if _NUM.sub("#", ours) != _NUM.sub("#", theirs):
        return False
    def nums(s):
        return [float(n.rstrip(".")) if n.rstrip(".") not in ("", "-") else 0.0
                for n in _NUM.findall(s)]
    return _close(nums(ours), nums(theirs), 1e-6)


def assert_same(ours, expected, where, skip_stop_gradient=False):
    assert ours["kind"] == expected["kind"], (where, ours, expected)
    kind = expected["kind"]
    if kind == "error":
        assert ours["type"] == expected["type"], (where, ours, expected)
        assert ours["message"] == expected["message"], (where, ours, expected)
    elif kind in ("tensor", "sparse"):
        keys = ["dtype", "shape", "format", "indices", "crows", "cols"]
        if not skip_stop_gradient:
            keys.append("stop_gradient")
        for key in keys:
            assert ours.get(key) == expected.get(key), (where, key, ours, expected)
        assert _close(ours["values"], expected["values"]), (where, ours, expected)
        if kind == "sparse":
            assert _same_repr(ours["repr"], expected["repr"]), \
                (where, ours["repr"], expected["repr"])
    elif kind == "seq":
        assert len(ours["items"]) == len(expected["items"]), where
        for i, (a, b) in enumerate(zip(ours["items"], expected["items"])):
            assert_same(a, b, where, skip_stop_gradient and i > 0)
    else:
        assert ours["value"] == expected["value"], (where, ours, expected)


def check(case):
    entry = GOLDEN["cases"][case]
    assert entry["expr"] == record.CASES[case], "golden out of date: re-run the recorder"
    assert_same(record.run_case(paddle, entry["expr"]), entry["result"], case,
                skip_stop_gradient=case in STATS_STOP_GRADIENT)
