"""paddle.incubate.xpu.resnet_block against Paddle 3.3.1's CPU wheel
(conformance/goldens/incubate_xpu_resnet_block.json, recorded by
conformance/record/record_incubate_xpu_resnet_block.py, whose cases replay here): Paddle's
parameters are built and every call raises Paddle's RuntimeError (an XPU-only kernel), with
paddle_compat's message naming what to use instead."""
import importlib.util
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens",
                                     "incubate_xpu_resnet_block.json")))
_spec = importlib.util.spec_from_file_location(
    "record_incubate_xpu_resnet_block",
    os.path.join(ROOT, "conformance", "record", "record_incubate_xpu_resnet_block.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.fixture(scope="module")
def ours():
    return json.loads(json.dumps(record.cases(paddle)))


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_against_paddle(ours, name):
    assert ours[name] == GOLDEN["cases"][name]


def test_error_names_what_to_use():
    b = paddle.incubate.xpu.ResNetBasicBlock(4, 4, 3, 4, 4, 3, 4, 4, 1)
    with pytest.raises(RuntimeError, match=r"XPU.*paddle\.vision\.models\.resnet\.BasicBlock"):
        b(paddle.ones([1, 4, 4, 4]))


def test_filters_are_he_normal():
    paddle.seed(3)
    b = paddle.incubate.xpu.resnet_block.ResNetBasicBlock(16, 32, 3, 32, 32, 3, 16, 32, 1)
    w = b.filter_1.numpy()
    assert abs(w.mean()) < 0.02 and abs(w.std() - np.sqrt(2.0 / (9 * 16))) < 0.02
