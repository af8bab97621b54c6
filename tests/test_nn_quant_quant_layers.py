"""paddle.nn.quant.quant_layers against Paddle 3.3.1's CPU wheel
(conformance/goldens/nn_quant_layers.json, recorded by
conformance/record/record_nn_quant_layers.py, whose cases replay here on paddle_compat): forward
values, straight-through gradients, scale / state / accum updates over training steps and in
eval, SGD steps through the Quantized* layers, parameter names and state_dict keys, errors.
Static mode against conformance/goldens/static_fused.json (tests/_static_fused_goldens.py): the
legacy programs and Executor values, and Paddle's PIR-mode errors."""
import importlib.util
import json
import os
import types

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE
from paddle_compat.nn.quant import quant_layers as Q
from tests import _static_fused_goldens as static_fused

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "nn_quant_layers.json")))
_spec = importlib.util.spec_from_file_location(
    "record_nn_quant_layers",
    os.path.join(ROOT, "conformance", "record", "record_nn_quant_layers.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@pytest.fixture(scope="module")
def ours():
    return json.loads(json.dumps(record.cases(paddle)))


def _close(a, b):
    """Equal structure and strings; floats (recorded to 6 decimals) within 2e-6."""
    if isinstance(a, dict) and isinstance(b, dict):
        return a.keys() == b.keys() and all(_close(a[k], b[k]) for k in a)
    if isinstance(a, list) and isinstance(b, list):
        return len(a) == len(b) and all(_close(x, y) for x, y in zip(a, b))
    if isinstance(a, float) and isinstance(b, (int, float)) and not isinstance(b, bool):
        return abs(a - b) <= 2e-6 + 1e-6 * abs(b) or (a != a and b != b)
    return a == b and type(a) is type(b)


@pytest.mark.parametrize("name", sorted(GOLDEN["cases"]))
def test_against_paddle(ours, name):
    assert _close(ours[name], GOLDEN["cases"][name]), (ours[name], GOLDEN["cases"][name])


def test_rounding_is_half_away_from_zero():
    # 0.5 * 127 = 63.5 -> 64 (torch.round would give 63)
    y = Q.FakeQuantAbsMax()(paddle.to_tensor([1.0, 0.5, -0.5]))
    assert y.numpy().tolist() == pytest.approx([1.0, 64 / 127, -64 / 127])


def test_straight_through_gradient_is_not_clipped():
    m = Q.FakeQuantMovingAverageAbsMax()
    m.eval()                                   # stored scale 0.001: everything is clipped
    x = paddle.to_tensor([3.0, -2.0], stop_gradient=False)
    y = m(x)
    assert np.allclose(y.numpy(), [0.001, -0.001])
    (y * paddle.to_tensor([2.0, 3.0])).sum().backward()
    assert x.grad.numpy().tolist() == [2.0, 3.0]


def test_lsq_types_are_a_clear_error():
    with pytest.raises(NotImplementedError, match="lsq_weight"):
        Q.QuantizedLinear(paddle.nn.Linear(2, 2), weight_quantize_type="lsq_weight")


def test_model_parallel_is_a_clear_error():
    col = paddle.distributed.fleet.meta_parallel.ColumnParallelLinear(
        4, 2, mp_group=types.SimpleNamespace(nranks=1, rank=0))
    col.is_mp = True
    with pytest.raises(NotImplementedError, match="QuantizedColumnParallelLinear"):
        Q.QuantizedColumnParallelLinear(col)


@pytest.mark.parametrize("name,mode", static_fused.cases("quant_"))
def test_static_mode_matches_paddle(name, mode, monkeypatch):
    # legacy mode: Paddle's ops, variable names and attributes, and the Executor's values (the
    # straight-through gradient included); PIR mode: the errors Paddle 3.3.1 raises there
    static_fused.replay(name, mode, monkeypatch)


def _static_run(build, feed, runs=1):
    old = STATE.pir
    STATE.pir = False
    paddle.enable_static()
    try:
        main, start = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, start):
            fetch = build()
        exe = paddle.static.Executor()
        exe.run(start)
        return [exe.run(main, feed=feed, fetch_list=fetch) for _ in range(runs)]
    finally:
        paddle.disable_static()
        STATE.pir = old


def test_static_training_updates_the_moving_average_like_dynamic_mode():
    xs = np.linspace(-2, 2, 6).astype("float32").reshape(2, 3)
    layer = Q.FakeQuantMovingAverageAbsMax(moving_rate=0.5)
    dyn = []
    for _ in range(3):
        y = layer(paddle.to_tensor(xs))
        dyn.append([y.numpy(), layer._scale.numpy(), layer._state.numpy(), layer._accum.numpy()])

    def build():
        q = Q.FakeQuantMovingAverageAbsMax(moving_rate=0.5)
        return [q(paddle.static.data("x", [2, 3], "float32")), q._scale, q._state, q._accum]
    got = _static_run(build, {"x": xs}, runs=3)
    for g, d in zip(got, dyn):
        for a, b in zip(g, d):
            np.testing.assert_allclose(a, b, rtol=1e-6)


def test_static_eval_scale_layer_keeps_its_parameters():
    def build():
        q = Q.MovingAverageAbsMaxScale()
        q.eval()
        return [q(paddle.static.data("x", [2, 3], "float32")), q._scale, q._state]
    (out, scale, state), = _static_run(build, {"x": np.full((2, 3), 3.0, "float32")})
    assert out.tolist() == [[3.0] * 3] * 2 and scale.tolist() == [0.0] and state.tolist() == [0.0]


def test_face_names_match_paddle():
    assert sorted(Q.__all__) == sorted(
        ["FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax",
         "QuantizedConv2D", "QuantizedConv2DTranspose", "QuantizedLinear",
         "MovingAverageAbsMaxScale", "MAOutputScaleLayer", "FakeQuantMAOutputScaleLayer",
         "QuantStub", "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear",
         "QuantizedMatmul"])
    assert paddle.nn.quant.quant_layers is Q
