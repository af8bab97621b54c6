"""Replay every snippet case under paddle_compat and compare with real Paddle's recorded output.

Goldens: conformance/goldens/cases/<topic>.json, written by conformance/record/record_cases.py under
real Paddle 3.3.1. A case listed in XFAIL is a known, documented difference (docs/differences.md).
"""
import os

import pytest

import paddle_compat
from conformance import snippets

XFAIL = {}   # "topic::case" -> reason


def _reset():
    paddle_compat.disable_static()
    paddle_compat.set_default_dtype("float32")
    paddle_compat.set_device("cpu")


def _params():
    params = []
    for topic in snippets.case_files():
        if not os.path.exists(snippets.golden_path(topic)):
            raise RuntimeError(f"conformance/cases/{topic}.py has no recorded goldens: run "
                               f"conformance/record/record_cases.py {topic} with real Paddle")
        _, cases = snippets.load_case_file(os.path.join(snippets.CASES_DIR, topic + ".py"))
        for name, flags, code in cases:
            key = f"{topic}::{name}"
            marks = [pytest.mark.xfail(reason=XFAIL[key], strict=True)] if key in XFAIL else []
            params.append(pytest.param(topic, name, "exact" in flags, code, id=key, marks=marks))
    return params


@pytest.fixture(scope="module", autouse=True)
def _alias():
    paddle_compat.install_alias()
    yield


@pytest.mark.parametrize("topic,name,exact,code", _params())
def test_case_matches_paddle(topic, name, exact, code):
    expected = snippets.load_goldens(topic).get(name)
    assert expected is not None, f"{topic}::{name} has no golden: re-record {topic}"
    actual = snippets.run_case(code, _reset)
    problem = snippets.compare(expected, actual, exact)
    assert problem is None, problem
