"""paddle.nn.quant against Paddle 3.3.1's CPU wheel (conformance/goldens/nn_quant.json,
recorded by conformance/record/record_nn_quant.py, whose cases replay here on paddle_compat):
the argument checks and "kernel not registered" errors, and Stub as an identity layer."""
import importlib.util
import json
import os

import pytest

import paddle_compat as paddle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "nn_quant.json")))
_spec = importlib.util.spec_from_file_location(
    "record_nn_quant", os.path.join(ROOT, "conformance", "record", "record_nn_quant.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.fixture(scope="module")
def ours():
    return record.cases(paddle)


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_against_paddle(ours, name):
    assert ours[name] == GOLDEN["cases"][name]


def test_quantize_layout_not_reproduced_is_a_clear_error():
    w = paddle.ones([4, 2], dtype="float16")
    with pytest.raises(NotImplementedError, match="paddle.nn.quant.weight_quantize"):
        paddle.nn.quant.weight_quantize(w, arch=80)


def test_stub_passes_gradients():
    x = paddle.to_tensor([1.0, -2.0], stop_gradient=False)
    paddle.nn.quant.Stub()(x).sum().backward()
    assert x.grad.numpy().tolist() == [1.0, 1.0]
