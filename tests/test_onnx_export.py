"""paddle.onnx.export (paddle_compat/_onnx/export.py): a clear ImportError without onnx/onnxscript;
with them, the exported graph computes what the layer computes."""
import builtins
import os

import numpy as np
import pytest

import paddle_compat as paddle


def test_missing_packages_are_named(tmp_path, monkeypatch):
    real = builtins.__import__

    def no_onnx(name, *args, **kwargs):
        if name in ("onnx", "onnxscript"):
            raise ImportError(name)
        return real(name, *args, **kwargs)
    monkeypatch.setattr(builtins, "__import__", no_onnx)
    with pytest.raises(ImportError, match="onnx, onnxscript.*paddle.jit.save"):
        paddle.onnx.export(paddle.nn.Linear(2, 2), str(tmp_path / "m"))


def test_export_matches_the_layer(tmp_path):
    onnx = pytest.importorskip("onnx")
    pytest.importorskip("onnxscript")
    from onnx.reference import ReferenceEvaluator
    paddle.seed(3)
    net = paddle.nn.Sequential(paddle.nn.Linear(3, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 2))
    paddle.onnx.export(net, str(tmp_path / "m"),
                       input_spec=[paddle.static.InputSpec([None, 3], "float32", "x")])
    assert sorted(os.listdir(tmp_path)) == ["m.onnx"]
    model = onnx.load(str(tmp_path / "m.onnx"))
    x = np.random.RandomState(0).rand(5, 3).astype("float32")
    out = ReferenceEvaluator(model).run(None, {model.graph.input[0].name: x})[0]
    np.testing.assert_allclose(out, net(paddle.to_tensor(x)).numpy(), rtol=1e-5, atol=1e-6)
