"""Shared replay of conformance/record/record_hapi.py's cases for tests/test_hapi_*.py."""
import json
import os
import warnings

import pytest

import paddle_compat as paddle
from conformance.record.record_hapi import OUT, cases_of, check_case, run_case

with open(OUT) as _f:
    GOLDEN = json.load(_f)["cases"]


def params(group):
    """pytest parameters (one per recorded case) of a group."""
    return [pytest.param(name, src, id=name) for name, src in cases_of(group)]


def replay(name, src):
    """Run one case on paddle_compat and assert it printed and returned what Paddle 3.3.1 did."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        got = run_case(paddle, src, name=name)
    diffs = check_case(name, GOLDEN[name], got)
    assert not diffs, "\n".join(diffs)


def fixture_path(name):
    return os.path.join(os.path.dirname(__file__), "fixtures", name)
