"""paddle.static.gradients / append_backward (paddle_compat/_static/backward.py): gradients with
respect to a target_gradients variable (double backward).

Goldens: conformance/goldens/static_gradients.json, recorded from Paddle 3.3.1 in legacy mode by
conformance/record/record_static_gradients.py; the same snippets run here on paddle_compat.
"""
import importlib.util
import json
import os
import sys

import pytest

import paddle_compat as paddle
from paddle_compat import _unique_name

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "static_gradients.json")))
sys.path.insert(0, os.path.join(ROOT, "conformance", "record"))
_spec = importlib.util.spec_from_file_location(
    "record_static_gradients",
    os.path.join(ROOT, "conformance", "record", "record_static_gradients.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)
sys.path.pop(0)


@pytest.fixture(autouse=True)
def _fresh_names():
    _unique_name.switch()
    paddle.disable_static()
    yield
    paddle.disable_static()


@pytest.mark.parametrize("name", sorted(record.CASES))
def test_case_matches_paddle(name):
    assert record.CASES[name] == GOLDEN["cases"][name]
    want = GOLDEN["results"][name]
    got = record.run_case(paddle, record.CASES[name])
    assert sorted(got) == sorted(want)
    for key in want:
        if key == "values":
            for a, b in zip(got[key], want[key]):
                assert a == pytest.approx(b, rel=1e-5), key
        else:
            assert got[key] == want[key], key


def test_strip_and_append_grad_suffix_as_paddle():
    # the cases of Paddle's own test_backward.py (TestStripGradSuffix) and its docstring
    from paddle_compat.base import backward
    cases = (("x@GRAD", "x"), ("x@GRAD@GRAD", "x"), ("x@GRAD@RENAME@1", "x"),
             ("x@GRAD_slice_0@GRAD", "x@GRAD_slice_0"),
             ("grad/grad/x@GRAD@RENAME@block0@1@GRAD", "x"), ("plain", "plain"))
    for name, want in cases:
        assert backward._strip_grad_suffix_(name) == want
    assert backward._append_grad_suffix_("x") == "x@GRAD"
