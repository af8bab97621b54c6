"""Properties of paddle.autograd.PyLayer (paddle_compat/_autograd/py_layer.py): for random shapes
and dtypes, PyLayer versions of tanh/exp/softmax/matmul give the outputs and gradients of the
built-in ops, and torch.autograd.gradcheck / gradgradcheck pass on float64.
"""
import pytest
import torch
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle
from paddle_compat.autograd import PyLayer

T, W = paddle.to_torch, paddle.from_torch


def op(fn):
    """A paddle-level op made of a torch function (keeps the graph, as apply_op does)."""
    return lambda *xs: W(fn(*[T(x) for x in xs]))


total = op(torch.sum)


# ------------------------------------------------------------------------------------------------
# Properties: PyLayer versions of built-in ops agree with them
# ------------------------------------------------------------------------------------------------
def _unary(name, f, df):
    class U(PyLayer):
        @staticmethod
        def forward(ctx, x):
            y = W(f(T(x)))
            ctx.save_for_backward(x, y)
            return y

        @staticmethod
        def backward(ctx, dy):
            x, y = ctx.saved_tensor()
            return W(df(T(x), T(y), T(dy)))
    U.__name__ = name
    return U


PyTanh = _unary("PyTanh", torch.tanh, lambda x, y, dy: dy * (1 - y * y))
PyExp = _unary("PyExp", torch.exp, lambda x, y, dy: dy * y)
PySoftmax = _unary("PySoftmax", lambda x: torch.softmax(x, -1),
                   lambda x, y, dy: y * (dy - (dy * y).sum(-1, keepdim=True)))


class PyMatmul(PyLayer):
    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return W(T(x) @ T(w))

    @staticmethod
    def backward(ctx, dy):
        x, w = ctx.saved_tensor()
        return W(T(dy) @ T(w).mT), W(T(x).mT @ T(dy))


_BUILTIN = {"PyTanh": "tanh", "PyExp": "exp", "PySoftmax": "softmax"}


def _builtin(layer):
    # paddle's own op when it exists (ops-math), else the torch op it is built on.
    name = _BUILTIN[layer.__name__]
    if name == "softmax":
        fn = getattr(getattr(paddle, "nn", None), "functional", None)
        fn = getattr(fn, "softmax", None)
        return fn or op(lambda t: torch.softmax(t, -1))
    return getattr(paddle, name, None) or op(getattr(torch, name))


shapes = st.lists(st.integers(1, 5), min_size=1, max_size=3)
float_dtypes = st.sampled_from([torch.float32, torch.float64])


@settings(max_examples=25, deadline=None)
@given(shape=shapes, dtype=float_dtypes, layer=st.sampled_from([PyTanh, PyExp, PySoftmax]),
       seed=st.integers(0, 2 ** 16))
def test_unary_pylayers_match_builtin(shape, dtype, layer, seed):
    g = torch.Generator().manual_seed(seed)
    base = torch.randn(shape, generator=g, dtype=dtype)
    x1, x2 = W(base.clone().requires_grad_()), W(base.clone().requires_grad_())
    w = torch.randn(shape, generator=g, dtype=dtype)
    y1, y2 = layer.apply(x1), _builtin(layer)(x2)
    tol = dict(rtol=1e-5, atol=1e-6) if dtype == torch.float32 else dict(rtol=1e-12, atol=1e-12)
    torch.testing.assert_close(T(y1), T(y2), **tol)
    (T(y1) * w).sum().backward()
    (T(y2) * w).sum().backward()
    torch.testing.assert_close(T(x1.grad), T(x2.grad), **tol)


@settings(max_examples=20, deadline=None)
@given(m=st.integers(1, 4), k=st.integers(1, 4), n=st.integers(1, 4), dtype=float_dtypes,
       seed=st.integers(0, 2 ** 16))
def test_matmul_pylayer_matches_builtin(m, k, n, dtype, seed):
    g = torch.Generator().manual_seed(seed)
    a, b = torch.randn(m, k, generator=g, dtype=dtype), torch.randn(k, n, generator=g, dtype=dtype)
    xa, xb = W(a.clone().requires_grad_()), W(b.clone().requires_grad_())
    ya, yb = W(a.clone().requires_grad_()), W(b.clone().requires_grad_())
    out1, out2 = PyMatmul.apply(xa, xb), paddle.matmul(ya, yb)
    tol = dict(rtol=1e-5, atol=1e-5) if dtype == torch.float32 else {}
    torch.testing.assert_close(T(out1), T(out2), **tol)
    total(out1).backward()
    total(out2).backward()
    torch.testing.assert_close(T(xa.grad), T(ya.grad), **tol)
    torch.testing.assert_close(T(xb.grad), T(yb.grad), **tol)


@pytest.mark.parametrize("layer", [PyTanh, PyExp, PySoftmax])
def test_gradcheck_float64(layer):
    x = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda t: T(layer.apply(W(t))), (x,))
    assert torch.autograd.gradgradcheck(lambda t: T(layer.apply(W(t))), (x,))


def test_gradcheck_matmul_float64():
    a = torch.randn(2, 3, dtype=torch.float64, requires_grad=True)
    b = torch.randn(3, 4, dtype=torch.float64, requires_grad=True)
    assert torch.autograd.gradcheck(lambda p, q: T(PyMatmul.apply(W(p), W(q))), (a, b))
