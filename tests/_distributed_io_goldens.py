"""Shared by tests/test_distributed_io.py and tests/test_incubate_distributed_fleet_utils.py: the
goldens conformance/record/record_distributed_io.py recorded from Paddle 3.3.1 (GOLD), the
recorder itself (its program builders), and the legacy static mode both run in."""
import importlib.util
import os

import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLD = os.path.join(ROOT, "conformance", "goldens", "distributed_io")


def recorder():
    spec = importlib.util.spec_from_file_location(
        "record_distributed_io", os.path.join(ROOT, "conformance", "record",
                                              "record_distributed_io.py"))
    rec = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(rec)
    return rec


@pytest.fixture
def legacy():
    old = STATE.static, STATE.pir
    paddle.enable_static()
    STATE.pir = False
    try:
        yield
    finally:
        STATE.static, STATE.pir = old
