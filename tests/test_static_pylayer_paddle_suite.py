"""Paddle's own static_pylayer unit tests (test/legacy_test/test_static_pylayer.py, the classes that
do not need the pruning harness), restated for paddle_compat.

Each test builds the same program and checks the same numbers as its Paddle counterpart, taking
the legacy-IR branch Paddle's tests take outside PIR (fetching by `name` / `grad_name`). The prune
classes (TestStaticPyLayerPrune, TestStaticPyLayerExecutorAutoPrune) exercise Executor pruning,
which is not part of this API.
"""
import functools
import importlib

import numpy as np
import pytest

import paddle_compat
from paddle_compat import _unique_name
from paddle_compat._mode import STATE

_FALLBACKS = ("paddle_compat._ops.math", "paddle_compat._ops.stat",
              "paddle_compat._ops.creation", "paddle_compat._ops.logic")


class _Paddle:
    """`import paddle` as paddle_compat, reaching ops whose exports other parts have not added."""

    def __getattr__(self, name):
        if hasattr(paddle_compat, name):
            return getattr(paddle_compat, name)
        for mod in _FALLBACKS:
            m = importlib.import_module(mod)
            if hasattr(m, name):
                return getattr(m, name)
        raise AttributeError(name)


paddle = _Paddle()
for _m in _FALLBACKS:
    importlib.import_module(_m)
append_backward = paddle_compat.static.append_backward


@pytest.fixture(autouse=True)
def _static():
    _unique_name.switch()
    old = STATE.static
    paddle.enable_static()
    yield
    STATE.static = old


def _place():
    return paddle.CUDAPlace(0) if paddle.is_compiled_with_cuda() else paddle.CPUPlace()


def _programs():
    return paddle.static.Program(), paddle.static.Program()


# ---- TestStaticPyLayerInputOutput ------------------------------------------------------------------
def test_return_single_var():
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.static.data(name="X", shape=[1], dtype="float32")
        out = paddle.static.nn.static_pylayer(lambda x: 3 * x, [data])
    exe = paddle.static.Executor(_place())
    ret, = exe.run(main, feed={"X": np.array([2.0], np.float32)}, fetch_list=[out])
    np.testing.assert_allclose(np.asarray(ret), np.array([6.0], np.float32), rtol=1e-05)


def test_return_0d_tensor():
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.full(shape=[], dtype="float32", fill_value=2.0)
        out = paddle.static.nn.static_pylayer(lambda x: 3 * x, [data])
    ret, = paddle.static.Executor(_place()).run(main, fetch_list=[out])
    np.testing.assert_allclose(np.asarray(ret), np.array(6.0, np.float32), rtol=1e-05)
    assert ret.shape == ()


def test_0d_tensor_backward():
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.full(shape=[], dtype="float32", fill_value=-2.0)
        data.stop_gradient = False
        out = paddle.static.nn.static_pylayer(lambda x: 3 * x, [data], lambda dy: -5 * dy)
        append_backward(out, [data])
    ret, x_grad = paddle.static.Executor(_place()).run(
        main, fetch_list=[out.name, data.grad_name])
    np.testing.assert_allclose(np.asarray(ret), np.array(-6.0), rtol=1e-05)
    assert ret.shape == ()
    np.testing.assert_allclose(np.asarray(x_grad), np.array(-5.0), rtol=1e-05)
    assert x_grad.shape == ()


def test_return_var_type():
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        d1 = paddle.full(shape=[2, 4], dtype="float32", fill_value=-2.0)
        d2 = paddle.full(shape=[4, 5], dtype="float32", fill_value=10.0)
        o1, o2 = paddle.static.nn.static_pylayer(lambda a, b: (3 * a, -2 * b), [d1, d2])
    r1, r2 = paddle.static.Executor(_place()).run(main, fetch_list=[o1, o2])
    np.testing.assert_allclose(np.asarray(r1), np.full((2, 4), -6.0, np.float32), rtol=1e-05)
    np.testing.assert_allclose(np.asarray(r2), np.full((4, 5), -20.0, np.float32), rtol=1e-05)


def test_return_forward_none():
    def forward_fn(x):
        3 * x                       # computes something, returns nothing

    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.full(shape=(1, 3), dtype="float32", fill_value=-2.0)
        out = paddle.static.nn.static_pylayer(forward_fn, [data])
    paddle.static.Executor(_place()).run(main)
    assert out is None


def test_wrong_structure_exception():
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        d1 = paddle.static.data(name="data_1", shape=[2, 4], dtype="float32")
        d2 = paddle.static.data(name="data_2", shape=[6], dtype="float32")
        d2.stop_gradient = False
        three = lambda a, b: (3 * a, -b, paddle.mean(b))      # noqa: E731
        with pytest.raises(ValueError) as e:
            paddle.static.nn.static_pylayer(three, [d1, d2], backward_fn=None)
        assert ("``stop_gradient`` attr of all inputs to ``forward_fn`` are expected to be True, "
                "when ``backward_fn == None``") in str(e.value)
        with pytest.raises(TypeError):
            out = paddle.static.nn.static_pylayer(three, [d1, d2],
                                                  backward_fn=lambda da, db: (3 * da, -db))
            append_backward(out, [d1, d2])


# ---- TestControlFlowNestedStaticPyLayer ------------------------------------------------------------
def test_cond_inside_static_pylayer():
    cond = getattr(paddle.static.nn, "cond", None)
    if cond is None:
        pytest.skip("paddle.static.nn.cond is not provided by paddle_compat")

    def forward_fn(i, a):
        return i, cond(i < 5.0, lambda: paddle.add(a, a), lambda: paddle.subtract(a, a))

    def backward_fn(diout, daout):
        scaled = daout * 3.0
        return scaled, cond(diout < 5.0, lambda: -1 * daout, lambda: daout * daout)

    main, start = _programs()
    with paddle.static.program_guard(main, start):
        i = paddle.static.data(name="i", shape=[1], dtype="float32")
        i.stop_gradient = False
        a = 2.0 * i
        out_i, out_a = paddle.static.nn.static_pylayer(forward_fn, [i, a], backward_fn)
        out = out_i + out_a
        loss = paddle.exp(out)
        append_backward(loss, [i, a, out_i, out_a, out])
    exe = paddle.static.Executor(_place())
    for feed_i in range(10):
        ea = 2.0 * feed_i
        eo = feed_i + (ea + ea if feed_i < 5 else 0.0)
        eog = np.exp(eo)
        ea_grad = -eog if eog < 5 else eog * eog
        ei_grad = 3 * eog + 2 * ea_grad
        ret = exe.run(main, feed={"i": np.full((1,), feed_i, np.float32)},
                      fetch_list=[out.name, out.grad_name, out_i.grad_name, out_a.grad_name,
                                  a.grad_name, i.grad_name])
        for got, want in zip(ret, [eo, eog, eog, eog, ea_grad, ei_grad]):
            np.testing.assert_allclose(np.asarray(got), want, rtol=1e-05)


# ---- TestStaticPyLayerBackward -----------------------------------------------------------------------
def test_identity_backward():
    shape = (2, 4)
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.static.data(name="X", shape=shape, dtype="float32")
        data.stop_gradient = False
        out = paddle.static.nn.static_pylayer(lambda x: x, [data], lambda dy: dy)
        loss = paddle.mean(out)
        append_backward(loss, [data])
    x = np.random.default_rng(123).random(shape).astype(np.float32)
    ret, x_grad = paddle.static.Executor(_place()).run(
        main, feed={"X": x}, fetch_list=[out.name, data.grad_name])
    np.testing.assert_allclose(np.asarray(ret), x, rtol=1e-05)
    n = functools.reduce(lambda p, q: p * q, shape)
    np.testing.assert_allclose(np.asarray(x_grad), np.full(shape, 1.0 / n, np.float32),
                               rtol=1e-05)


def test_static_pylayer_backward():
    shape = (3, 4)
    main, start = _programs()
    with paddle.static.program_guard(main, start):
        data = paddle.full(shape=shape, dtype="float32", fill_value=-2.0)
        data.stop_gradient = False
        out = paddle.static.nn.static_pylayer(lambda x: 3 * x, [data],
                                              lambda dy: paddle.tanh(dy))
        loss = paddle.mean(out)
        append_backward(loss, [data])
    ret, x_grad = paddle.static.Executor(_place()).run(
        main, fetch_list=[out.name, data.grad_name])
    np.testing.assert_allclose(np.asarray(ret), np.full(shape, -6.0, np.float32), rtol=1e-05)
    n = functools.reduce(lambda p, q: p * q, shape)
    np.testing.assert_allclose(np.asarray(x_grad),
                               np.full(shape, np.tanh(1.0 / n), np.float32), rtol=1e-05)
