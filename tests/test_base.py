"""paddle.base / paddle.fluid (paddle_compat/base/, paddle_compat/_base/).

Names: conformance/goldens/base_names.json, recorded from Paddle 3.3.1 by
conformance/record/record_base_names.py.
"""
import importlib
import json
import os

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAMES = json.load(open(os.path.join(ROOT, "conformance", "goldens", "base_names.json")))
# fluid names Paddle 3.3.1 dropped from paddle.base, kept for old fluid scripts (docs/differences.md)
FLUID_EXTRAS = {"paddle.base": {"data", "optimizer"}, "paddle.base.dygraph": {"to_variable"},
                "paddle.base.dygraph.base": {"to_variable"},
                "paddle.base.layers": {"fc", "py_func", "cross_entropy", "mean", "reduce_mean",
                                       "accuracy", "reshape", "softmax_with_cross_entropy",
                                       "data", "relu", "softmax", "tanh", "sigmoid"}}


@pytest.fixture(autouse=True)
def _mode():
    old = STATE.static
    yield
    STATE.static = old


@pytest.mark.parametrize("module", sorted(NAMES))
def test_exported_names_are_paddles(module):
    m = importlib.import_module(module.replace("paddle", "paddle_compat", 1))
    extra = set(m.__all__) - set(NAMES[module]) - FLUID_EXTRAS.get(module, set())
    assert not extra, f"{module} exports names Paddle 3.3.1 does not have there: {extra}"
    for name in m.__all__:
        assert getattr(m, name) is not None


def test_fluid_is_base_and_data_keeps_the_static_default():
    import paddle_compat.fluid as fluid
    assert fluid is paddle.base
    paddle.disable_static()
    x = fluid.data("x", [2, 3], "float32")
    assert not paddle.in_dynamic_mode() and x.name == "x"
    paddle.disable_static()
    with fluid.dygraph.guard():
        with pytest.raises(AssertionError, match="only supported in static graph mode"):
            fluid.data("y", [2], "float32")
        t = fluid.dygraph.to_variable(np.array([1.0, 2.0], "float32"))
        assert paddle.in_dynamic_mode() and t.numpy().tolist() == [1.0, 2.0]


def test_framework_helpers():
    fw = paddle.base.framework
    paddle.disable_static()
    tracer = fw._dygraph_tracer()
    assert tracer is not None and tracer._has_grad
    with paddle.no_grad():
        assert not tracer._has_grad
    assert fw.in_dygraph_mode() and fw.in_dynamic_or_pir_mode() and not fw.in_pir_mode()
    paddle.enable_static()
    assert fw._dygraph_tracer() is None and not fw.in_dygraph_mode()
    assert fw.grad_var_name("x") == "x@GRAD"
    assert str(fw._current_expected_place()) == "Place(cpu)"
    assert fw.convert_np_dtype_to_dtype_(np.float32) == paddle.float32


def test_calc_gradient_is_gradients():
    paddle.enable_static()
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.base.framework.program_guard(main, start):
        x = paddle.static.data("x", [3], "float32")
        x.stop_gradient = False
        y = paddle.mean(x * x)
        (g,) = paddle.base.backward.calc_gradient(y, x)
    exe = paddle.base.Executor(paddle.base.CPUPlace())
    (gv,) = exe.run(main, feed={"x": np.array([1, 2, 3], "float32")}, fetch_list=[g])
    np.testing.assert_allclose(gv, [2 / 3, 4 / 3, 2.0], rtol=1e-6)


def test_cpu_places_and_cuda_places(monkeypatch):
    # Paddle 3.3.1: CPU_NUM=3 -> three Place(cpu); cpu_places(2) -> two; without CPU_NUM it
    # prints "!!! The default number of CPU_NUM=1." and gives one.
    monkeypatch.setenv("CPU_NUM", "3")
    assert [str(p) for p in paddle.static.cpu_places()] == ["Place(cpu)"] * 3
    assert [str(p) for p in paddle.static.cpu_places(2)] == ["Place(cpu)"] * 2
    monkeypatch.delenv("CPU_NUM")
    assert len(paddle.base.cpu_places()) == 1
    import torch
    if not torch.cuda.is_available():
        with pytest.raises(AssertionError, match="Not compiled with CUDA"):
            paddle.static.cuda_places()
    else:
        assert [str(p) for p in paddle.static.cuda_places([0])] == ["Place(gpu:0)"]


def test_fetch_var_and_copy_param_info_from():
    paddle.enable_static()
    main, start = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, start):
        x = paddle.static.data("x", [2, 3], "float32")
        y = paddle.static.nn.fc(x, 4, weight_attr=paddle.ParamAttr(name="w", learning_rate=0.5))
    scope = paddle.static.Scope()
    with paddle.static.scope_guard(scope):
        paddle.base.Executor(paddle.CPUPlace()).run(start)
        w = paddle.base.executor._fetch_var("w")
        assert w.shape == (3, 4) and w.dtype == np.float32
        with pytest.raises(AssertionError, match="Cannot find nope in scope"):
            paddle.base.executor._fetch_var("nope")
    test = main.clone(for_test=True)
    plain = paddle.static.Program()
    with paddle.static.program_guard(plain):
        paddle.static.data("x", [2, 3], "float32")
        plain.global_block().create_var(name="w", shape=(3, 4), dtype="float32",
                                        persistable=True)
    plain._copy_param_info_from(main)
    p = plain.global_block().var("w")
    assert p.is_parameter and p.optimize_attr["learning_rate"] == 0.5
    assert test.global_block().var("w").is_parameter
    with pytest.raises(TypeError, match="needs to pass in a source Program"):
        plain._copy_param_info_from(3)


def test_base_has_the_flag_functions():
    before = paddle.base.get_flags(["FLAGS_use_stride_kernel"])
    paddle.base.set_flags({"FLAGS_use_stride_kernel": True})
    assert paddle.base.get_flags("FLAGS_use_stride_kernel") == {"FLAGS_use_stride_kernel": True}
    paddle.base.set_flags(before)
