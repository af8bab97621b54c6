"""paddle.amp.debugging's tensor checker, layer check and operator statistics against Paddle
3.3.1's recorded output (conformance/goldens/amp_debugging.json, recorded by
conformance/record/record_amp_debugging.py, whose case functions replay here on paddle_compat:
printed lines, exception class and message)."""
import importlib.util
import json
import os

import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "amp_debugging.json")))
_spec = importlib.util.spec_from_file_location(
    "record_amp_debugging",
    os.path.join(ROOT, "conformance", "record", "record_amp_debugging.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.fixture(scope="module")
def ours():
    layer = record.case_layer(paddle)     # the recorder's order (see its main)
    return {"layer": layer, "checker": record.case_checker(paddle),
            "stats": record.case_stats(paddle)}


@pytest.mark.parametrize("group,name", [(g, n) for g in ("layer", "checker", "stats")
                                        for n in sorted(GOLDEN[g])])
def test_against_paddle(ours, group, name):
    assert ours[group][name] == GOLDEN[group][name]


def test_observers_removed_after_use(ours):
    d = paddle.amp.debugging
    d.disable_tensor_checker()
    assert not STATE.observed
    with d.collect_operator_stats():
        assert STATE.observed
    assert not STATE.observed


def test_compare_accuracy_names_the_api():
    with pytest.raises(NotImplementedError, match="paddle.amp.debugging.compare_accuracy"):
        paddle.amp.debugging.compare_accuracy("a", "b", "c.xlsx")


def test_bad_stack_height_limit():
    d = paddle.amp.debugging
    cfg = d.TensorCheckerConfig(enable=True, stack_height_limit="1")
    with pytest.raises(ValueError, match="stack_height_limit must be int"):
        d.enable_tensor_checker(cfg)
    assert not STATE.observed
