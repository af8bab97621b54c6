"""Tests for paddle_compat/_ops/linalg.py: recorded Paddle 3.3.1 goldens (values, shapes, dtypes,
error classes and messages), then properties against numpy and gradient checks."""
import numpy as np
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from conformance.record.record_ops_manip import load_cases, replay

# Paddle 3.3.1 reports a two-entry axis with an out-of-range entry as "axis's size is 3" (a
# wrong count); paddle_compat names the bad axis instead. Same exception class.
DEVIATIONS = {"norm_err_axis": "class-only"}

CASES = load_cases("linalg")


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_golden(case):
    replay(case, DEVIATIONS)
