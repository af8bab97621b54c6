"""Tests for paddle.autograd.PyLayer / PyLayerContext / saved_tensors_hooks / backward.

Three layers:
* replay of what real Paddle 3.3.1 printed and raised (conformance/goldens/pylayer_*.json, written
  by conformance/record/record_pylayer.py): the documented examples and behaviour probes;
* unit tests of each rule with Paddle's exception classes and texts (pytest.raises(match=...));
* memory stays flat over 10 000 steps. The hypothesis properties (PyLayer versions of built-in
  ops equal them; gradcheck) are in test_py_layer_properties.py.
The unit tests build tensors with torch ops through from_torch/to_torch, so they depend only on
the PyLayer machinery, not on which paddle ops exist.
"""
import gc
import json
import os
import re
import sys
import weakref

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._tensor import Tensor
from paddle_compat.autograd import PyLayer, PyLayerContext
from paddle_compat.autograd.py_layer import once_differentiable

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
T, W = paddle.to_torch, paddle.from_torch


def op(fn):
    """A paddle-level op made of a torch function (keeps the graph, as apply_op does)."""
    return lambda *xs: W(fn(*[T(x) for x in xs]))


tanh, exp, square, total = op(torch.tanh), op(torch.exp), op(torch.square), op(torch.sum)
mul, add = op(torch.mul), op(torch.add)


def leaf(values, dtype=torch.float32, requires_grad=True):
    return W(torch.tensor(values, dtype=dtype, requires_grad=requires_grad))


# ------------------------------------------------------------------------------------------------
# Replay of Paddle's recorded output
# ------------------------------------------------------------------------------------------------
KNOWN = {
    "pylayer_examples::pylayer_saved_tensors_hooks_ops":
        (True, "torch's mul saves `other` before `self`, so pack/unpack print b before a"),
    "pylayer_behaviour::static_mode_apply":
        (True, "paddle_compat raises NotImplementedError pointing to static_pylayer; Paddle fails "
               "with a confusing ValueError"),
    "pylayer_behaviour::wrong_shape_grad":
        (True, "torch's engine rejects a grad whose shape differs from its input; Paddle "
               "accumulates it silently (x.grad then has the wrong shape)"),
}


def _golden_params():
    params = []
    for fname in ("pylayer_examples", "pylayer_behaviour"):
        with open(os.path.join(ROOT, "conformance", "goldens", fname + ".json")) as f:
            cases = json.load(f)
        for name, case in sorted(cases.items()):
            key = f"{fname}::{name}"
            marks = []
            if key in KNOWN:
                strict, reason = KNOWN[key]
                marks.append(pytest.mark.xfail(reason=reason, strict=strict))
            params.append(pytest.param(case, id=key, marks=marks))
    return params


def _missing(needs):
    missing = []
    for n in needs:
        if n.startswith("Tensor."):
            if not hasattr(Tensor, n[7:]):
                missing.append(n)
        elif not hasattr(paddle, n):
            missing.append("paddle." + n)
    return missing


@pytest.fixture()
def paddle_alias():
    """`import paddle` gives paddle_compat while a replayed case runs."""
    names = ("paddle", "paddle.autograd", "paddle.autograd.py_layer")
    saved = {n: sys.modules.get(n) for n in names}
    sys.modules["paddle"] = paddle
    sys.modules["paddle.autograd"] = paddle.autograd
    sys.modules["paddle.autograd.py_layer"] = paddle.autograd.py_layer
    yield
    for n, m in saved.items():
        if m is None:
            sys.modules.pop(n, None)
        else:
            sys.modules[n] = m


@pytest.mark.parametrize("case", _golden_params())
def test_replay_matches_paddle(case, paddle_alias):
    from conformance import snippets
    assert not _missing(case["needs"]), f"paddle_compat lacks {_missing(case['needs'])}"

    def reset():
        if hasattr(paddle, "disable_static"):
            paddle.disable_static()

    # Paddle names tensors made by to_tensor generated_tensor_<n> from 0 in a fresh process.
    import itertools
    from paddle_compat import _tensor
    _tensor._generated_names = itertools.count()

    actual = snippets.run_case(case["code"], reset)
    problem = snippets.compare(case, actual, exact=False)
    assert problem is None, problem


# ------------------------------------------------------------------------------------------------
# Public surface
# ------------------------------------------------------------------------------------------------
def test_public_names():
    assert paddle.autograd.Function is PyLayer
    assert paddle.autograd.PyLayerContext is PyLayerContext
    assert callable(paddle.autograd.saved_tensors_hooks) and callable(paddle.autograd.backward)
    assert paddle.autograd.grad is paddle.grad and paddle.autograd.no_grad is paddle.no_grad


class CusTanh(PyLayer):
    @staticmethod
    def forward(ctx, x):
        y = tanh(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, dy):
        y, = ctx.saved_tensor()
        return mul(dy, add(W(torch.ones_like(T(y))), mul(square(y), W(torch.tensor(-1.0)))))


def test_cus_tanh_gradient_and_node():
    x = leaf([0.5, -1.0, 2.0], torch.float64)
    y = CusTanh.apply(x)
    assert isinstance(y, Tensor) and y.stop_gradient is False
    assert type(T(y).grad_fn).__name__ == "CusTanhBackward"
    total(y).backward()
    expected = 1 - np.tanh([0.5, -1.0, 2.0]) ** 2
    np.testing.assert_allclose(x.grad.numpy(), expected, rtol=1e-12)


def test_leaf_grad_flag_follows_paddle():
    # Paddle: a leaf's grad keeps the stop_gradient of the first grad tensor that reached it.
    x = leaf([0.5], torch.float64)
    total(CusTanh.apply(x)).backward()          # grad computed by ops in backward -> True
    assert getattr(T(x).grad, "_pd_stop_gradient", False) is True
    z = leaf([0.5])
    total(_layer(lambda dy: dy).apply(z)).backward()   # incoming grad passed through -> False
    assert getattr(T(z).grad, "_pd_stop_gradient", False) is False


def test_leaf_grad_flag_for_every_input_is_decided_when_backward_runs():
    # Read off Paddle 3.3.1: with two inputs each leaf's grad takes the flag of the grad that
    # reached it first; a grad dropped between forward and backward counts as "first" again.
    class Mul(PyLayer):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, b)
            return a * b

        @staticmethod
        def backward(ctx, dy):
            a, b = ctx.saved_tensor()
            return dy * b, dy * a

    a = paddle.to_tensor([2.0], stop_gradient=False)
    b = paddle.to_tensor([3.0], stop_gradient=False)
    Mul.apply(a, b).sum().backward()
    assert (a.grad.stop_gradient, b.grad.stop_gradient) == (True, True)
    y = Mul.apply(a, b)
    a.clear_gradient(False)
    y.sum().backward()
    assert (a.grad.stop_gradient, b.grad.stop_gradient) == (True, True)
    assert a.grad.numpy().tolist() == [3.0] and b.grad.numpy().tolist() == [4.0]
    passed = _layer(lambda dy: (dy, dy * 2), n_inputs=2)
    c = paddle.to_tensor([2.0], stop_gradient=False)
    d = paddle.to_tensor([3.0], stop_gradient=False)
    passed.apply(c, d).sum().backward()
    assert (c.grad.stop_gradient, d.grad.stop_gradient) == (False, True)


def test_node_does_not_keep_non_leaf_inputs_alive():
    # The graph keeps what backward needs (CusTanh saves only its output); an intermediate input
    # must be freed with its last reference, as a torch.autograd.Function's input would be.
    x = leaf([0.5, -1.0])
    h = mul(x, W(torch.tensor(2.0)))
    ref = weakref.ref(T(h))
    y = CusTanh.apply(h)
    del h
    gc.collect()
    assert ref() is None
    total(y).backward()
    np.testing.assert_allclose(x.grad.numpy(), 2 * (1 - np.tanh([1.0, -2.0]) ** 2), rtol=1e-6)


def test_ctx_type_and_attributes():
    seen = {}

    class Probe(PyLayer):
        @staticmethod
        def forward(ctx, x, func=None):
            seen["type"] = type(ctx).__name__
            seen["is_ctx"] = isinstance(ctx, PyLayerContext) and not isinstance(ctx, PyLayer)
            seen["before"] = ctx.saved_tensor()
            ctx.save_for_backward(x, 3, "s", None)
            ctx.save_for_backward(x, 4)          # the last call wins
            ctx.func = func
            return mul(x, W(torch.tensor(2.0)))

        @staticmethod
        def backward(ctx, dy):
            saved = ctx.saved_tensor()
            seen["saved"] = (saved[0] is X, saved[1], ctx.func, ctx.name())
            return dy

    X = leaf([1.0, 2.0])
    total(Probe.apply(X, func=len)).backward()
    assert seen["type"] == "Probe_backward" and seen["is_ctx"]
    assert seen["before"] is None
    assert seen["saved"] == (True, 4, len, "GradNodePyLayer_Probe")


# ------------------------------------------------------------------------------------------------
# Inputs: positional, kwargs in call order, list slots, non-Tensors
# ------------------------------------------------------------------------------------------------
class KW(PyLayer):
    @staticmethod
    def forward(ctx, x1, x2, k=1):
        assert k == 3
        return add(x1, x2)

    @staticmethod
    def backward(ctx, dy):
        return mul(dy, W(torch.tensor(10.0))), mul(dy, W(torch.tensor(100.0)))


def test_kwargs_follow_call_site_order():
    # Paddle's quirk: grads map to the kwargs in the order they were written at the call.
    a, b = leaf([1.0]), leaf([1.0])
    total(KW.apply(x2=b, k=3, x1=a)).backward()
    assert a.grad.numpy().tolist() == [100.0] and b.grad.numpy().tolist() == [10.0]


def test_mixed_positional_and_keyword_call_puts_positional_slots_first():
    # Paddle 3.3.1: KW.apply(a, x2=b, k=3) gives a.grad == [10.], b.grad == [100.] (positional
    # Tensors take the first backward outputs, then the keyword Tensors in call order).
    a, b = leaf([1.0]), leaf([1.0])
    total(KW.apply(a, x2=b, k=3)).backward()
    assert a.grad.numpy().tolist() == [10.0] and b.grad.numpy().tolist() == [100.0]
    a, b = leaf([1.0]), leaf([1.0])
    total(KW.apply(a, k=3, x2=b)).backward()
    assert a.grad.numpy().tolist() == [10.0] and b.grad.numpy().tolist() == [100.0]


def test_list_input_is_one_slot_and_non_tensors_pass_through():
    class LI(PyLayer):
        @staticmethod
        def forward(ctx, xs, w, k=None, name="n"):
            assert isinstance(xs, list) and k == 7 and name == "n"
            return add(mul(xs[0], w), xs[1])

        @staticmethod
        def backward(ctx, dy):
            two = W(torch.tensor(2.0))
            return [mul(dy, two), dy], None

    a, b, w = leaf([1.0]), leaf([1.0]), leaf([3.0], requires_grad=False)
    total(LI.apply([a, b], w, k=7)).backward()
    assert a.grad.numpy().tolist() == [2.0] and b.grad.numpy().tolist() == [1.0]


def test_list_slot_grad_errors():
    class LI(PyLayer):
        @staticmethod
        def forward(ctx, xs):
            return add(xs[0], xs[1])

        @staticmethod
        def backward(ctx, dy):
            return RET[0]

    a, b = leaf([1.0]), leaf([1.0])
    RET = [None]
    RET[0] = W(torch.ones(1))
    with pytest.raises(ValueError, match=re.escape("(InvalidArgument) argument must be list or "
                                                   "tuple, but got Tensor")):
        total(LI.apply([a, b])).backward()
    RET[0] = [W(torch.ones(1))]
    with pytest.raises(SystemError, match=re.escape("(Fatal) Rank of grad_output_tensors should "
                                                    "be less than")):
        total(LI.apply([a, b])).backward()


# ------------------------------------------------------------------------------------------------
# Outputs
# ------------------------------------------------------------------------------------------------
def test_output_structure_and_flags():
    grads = {}

    class IO(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return mul(x, W(torch.tensor(2.0))), W(torch.tensor([1, 2])), 5, None, "s"

        @staticmethod
        def backward(ctx, d1, d2):
            grads["int"] = (d2.dtype, d2.numpy().tolist())
            return d1

    class LO(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return [mul(x, W(torch.tensor(2.0)))]

        @staticmethod
        def backward(ctx, d1):
            return d1

    x = leaf([1.0, 2.0])
    r = IO.apply(x)
    assert type(r) is tuple and r[2:] == (5, None, "s")
    assert r[0].stop_gradient is False and r[1].stop_gradient is False   # int output too
    total(r[0]).backward()
    assert grads["int"] == (paddle.int64, [0, 0])                        # materialized zeros
    assert type(LO.apply(x)) is list
    assert IO.apply(leaf([1.0], requires_grad=False))[0].stop_gradient is True
    with paddle.no_grad():
        assert IO.apply(x)[0].stop_gradient is True


def test_no_tensor_output():
    class NoT(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return 3, None, [1, "a"]

    msg = "(InvalidArgument) NoT : At least one output of `PyLayer.forward` is a `Tensor`."
    for x in (leaf([1.0]), leaf([1.0], requires_grad=False)):
        with pytest.raises(ValueError, match=re.escape(msg)):
            NoT.apply(x)


def test_backward_never_runs_without_grad():
    calls = []

    class B(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return mul(x, W(torch.tensor(2.0)))

        @staticmethod
        def backward(ctx, dy):
            calls.append(1)
            return dy

    y = B.apply(leaf([1.0], requires_grad=False))
    y.backward()                                  # silent no-op on a stop_gradient tensor
    assert calls == [] and y.stop_gradient


def test_materialize_grads_and_non_differentiable():
    seen = []

    class M(PyLayer):
        @staticmethod
        def forward(ctx, x, flag):
            ctx.set_materialize_grads(flag)
            return mul(x, W(torch.tensor(3.0))), mul(x, W(torch.tensor(2.0)))

        @staticmethod
        def backward(ctx, g1, g2):
            seen.append(None if g2 is None else g2.numpy().tolist())
            return g1

    class ND(PyLayer):
        @staticmethod
        def forward(ctx, x):
            a, b = add(x, x), add(add(x, x), x)
            ctx.mark_non_differentiable(a)
            return a, b

        @staticmethod
        def backward(ctx, ga, gb):
            seen.append((ga.numpy().tolist(), gb.numpy().tolist()))
            return gb

    x = leaf([1.0], torch.float64)
    total(M.apply(x, True)[0]).backward()
    total(M.apply(x, False)[0]).backward()
    a, b = ND.apply(x)
    assert a.stop_gradient is True and b.stop_gradient is False
    total(b).backward()
    assert seen == [[0.0], None, ([0.0], [1.0])]


# ------------------------------------------------------------------------------------------------
# backward's return value: Paddle's checks
# ------------------------------------------------------------------------------------------------
def _layer(ret, n_inputs=1):
    class L(PyLayer):
        @staticmethod
        def forward(ctx, *xs):
            out = xs[0]
            for x in xs[1:]:
                out = add(out, x)
            return mul(out, W(torch.tensor(2.0)))

        @staticmethod
        def backward(ctx, dy):
            return ret(dy)
    return L


@pytest.mark.parametrize("ret,inputs,exc,text", [
    (lambda dy: (dy, dy), [True], ValueError,
     "(InvalidArgument) GradNodePyLayer_L : The number of outputs of `PyLayer.backward` should "
     "be 1, but received 2."),
    (lambda dy: (dy, dy), [True, False], ValueError,
     "(InvalidArgument) GradNodePyLayer_L's backward function should return None at 1 position, "
     "because it's forward Tensor's stopgradient is true."),
    (lambda dy: 3, [True], ValueError,
     "(InvalidArgument) GradNodePyLayer_L : We can only support Tensor or None for backward "
     "output, , but got int, please check your PyLayer code and make it fits"),
    (lambda dy: dy.numpy(), [True], ValueError, "but got numpy.ndarray, please check"),
    (lambda dy: [dy, dy], [True, True], ValueError, "but got list, please check"),
    (lambda dy: (dy,), [True, True], ValueError,
     "(InvalidArgument) GradNodePyLayer_L's backward function should not return empty at 1 "
     "position."),
    (lambda dy: None, [True, True], ValueError, "should not return empty at 1 position"),
    (lambda dy: (), [True], ValueError, "should not return empty at 0 position"),
])
def test_backward_return_checks(ret, inputs, exc, text):
    xs = [leaf([1.0], requires_grad=rg) for rg in inputs]
    with pytest.raises(exc, match=re.escape(text)):
        total(_layer(ret, len(xs)).apply(*xs)).backward()


def test_none_grad_allowed_for_grad_requiring_input():
    x, y = leaf([1.0]), leaf([1.0])
    total(_layer(lambda dy: (None, dy), 2).apply(x, y)).backward()
    assert x.grad is None and y.grad.numpy().tolist() == [1.0]


def test_user_backward_error_is_oserror_with_user_traceback():
    class Raise(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return mul(x, W(torch.tensor(2.0)))

        @staticmethod
        def backward(ctx, dy):
            raise KeyError("boom")   # marker-line

    with pytest.raises(OSError, match=r"Error message in backward of GradNodePyLayer_Raise\(0x") \
            as info:
        total(Raise.apply(leaf([1.0]))).backward()
    text = str(info.value)
    assert text.startswith("(External) \n{\n    ============================ Error message")
    assert "    KeyError: 'boom'\n    \n    At:\n" in text and __file__ in text
    cause = info.value.__cause__
    assert isinstance(cause, KeyError)
    frames = [f for f in __import__("traceback").extract_tb(cause.__traceback__)]
    assert frames[-1].line.endswith("# marker-line")


def test_missing_backward_and_wrong_arity_are_oserror():
    class NoBack(PyLayer):
        @staticmethod
        def forward(ctx, x):
            return mul(x, W(torch.tensor(2.0)))

    class Arity(NoBack):
        @staticmethod
        def backward(ctx):
            return None

    with pytest.raises(OSError, match="NotImplementedError: You must implement the backward "
                                      "function for PyLayer."):
        total(NoBack.apply(leaf([1.0]))).backward()
    with pytest.raises(OSError, match=r"TypeError: .*backward\(\) takes 1 positional argument"):
        total(Arity.apply(leaf([1.0]))).backward()
    with pytest.raises(NotImplementedError, match="You must implement the forward function"):
        PyLayer.apply(leaf([1.0]))


# ------------------------------------------------------------------------------------------------
# Inplace rules
# ------------------------------------------------------------------------------------------------
class Ident(PyLayer):
    @staticmethod
    def forward(ctx, x, y=None, mark=False):
        if mark:
            ctx.mark_not_inplace(x)
        return x

    @staticmethod
    def backward(ctx, dy):
        return (mul(dy, W(torch.tensor(3.0))),) + ((None,) if NEEDS_Y else ())


NEEDS_Y = False


def test_inplace_leaf_errors():
    x = leaf([1.0, 2.0])
    x.name = "my_x"
    with pytest.raises(ValueError, match=re.escape(
            "(InvalidArgument) Ident : Leaf Var (my_x) that doesn't stop gradient can't use "
            "inplace strategy.")):
        Ident.apply(x)


def test_inplace_non_leaf_bumps_version_and_rebases():
    a = leaf([1.0, 2.0])
    b = mul(a, W(torch.tensor(1.0)))
    c = mul(b, b)                         # saves b at version 0
    out = Ident.apply(b)
    assert out is b and b.stop_gradient is False and T(b)._version == 1
    assert type(T(b).grad_fn).__name__ == "IdentBackward"
    with pytest.raises(RuntimeError, match=re.escape(
            "(PermissionDenied) Tensor '' used in gradient computation has been modified by an "
            "inplace operation. Its version is 1 but the expected version is 0.")) as info:
        paddle.autograd.backward([total(c)])
    assert "received tensor_version:1 != wrapper_version_snapshot:0" in str(info.value)
    total(out).backward()
    assert a.grad.numpy().tolist() == [3.0, 3.0]


def test_mark_not_inplace_returns_new_tensor():
    x = leaf([1.0, 2.0])
    out = Ident.apply(x, mark=True)
    assert out is not x and out.stop_gradient is False and x.is_leaf
    assert T(out).data_ptr() == T(x).data_ptr()
    total(out).backward()
    assert x.grad.numpy().tolist() == [3.0, 3.0]
    with paddle.no_grad():
        o2 = Ident.apply(x, mark=True)
    assert o2 is not x and T(o2).data_ptr() == T(x).data_ptr()


def test_inplace_without_grad_returns_input():
    x = leaf([1.0], requires_grad=False)
    assert Ident.apply(x) is x


# ------------------------------------------------------------------------------------------------
# Double backward, once_differentiable
# ------------------------------------------------------------------------------------------------
def test_double_backward_through_pylayer():
    x = leaf([0.5, -1.0, 2.0], torch.float64)
    g, = paddle.grad(total(CusTanh.apply(x)), x, create_graph=True)
    gg, = paddle.grad(total(g), x)
    t = np.tanh([0.5, -1.0, 2.0])
    np.testing.assert_allclose(g.numpy(), 1 - t ** 2, rtol=1e-12)
    np.testing.assert_allclose(gg.numpy(), -2 * t * (1 - t ** 2), rtol=1e-12)


def test_once_differentiable_runs_backward_without_grad():
    class OD(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return mul(x, x)

        @staticmethod
        @once_differentiable
        def backward(ctx, dy):
            x, = ctx.saved_tensor()
            assert not torch.is_grad_enabled()
            return mul(mul(dy, x), W(torch.tensor(2.0, dtype=torch.float64)))

    x = leaf([3.0], torch.float64)
    g, = paddle.grad(total(OD.apply(x)), x, create_graph=True)
    assert g.numpy().tolist() == [6.0] and g.stop_gradient


# ------------------------------------------------------------------------------------------------
# saved_tensors_hooks, paddle.autograd.backward
# ------------------------------------------------------------------------------------------------
def test_saved_tensors_hooks_pack_at_save_unpack_each_access():
    log = []

    class S(PyLayer):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, (b, b))
            log.append("saved")
            return mul(a, b)

        @staticmethod
        def backward(ctx, dy):
            a, (b, _) = ctx.saved_tensor()
            return mul(dy, b), mul(dy, a)

    def pack(t):
        log.append("pack")
        return t.numpy()

    def unpack(arr):
        log.append("unpack")
        return W(torch.from_numpy(arr))

    a, b = leaf([2.0]), leaf([3.0])
    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        y = S.apply(a, b)
    total(y).backward()
    assert log == ["pack"] * 3 + ["saved"] + ["unpack"] * 3
    assert a.grad.numpy().tolist() == [3.0] and b.grad.numpy().tolist() == [2.0]

    class Bad(S):
        @staticmethod
        def forward(ctx, a, b):
            ctx.save_for_backward(a, 3)
            return mul(a, b)

    with paddle.autograd.saved_tensors_hooks(pack, unpack):
        with pytest.raises(ValueError, match=re.escape(
                "(InvalidArgument) save_for_backward only support Tensor, list of Tensor, tuple "
                "of Tensor.")):
            Bad.apply(a, b)


def test_saved_tensors_hooks_on_builtin_ops():
    packed = []
    a = leaf([2.0])
    with paddle.autograd.saved_tensors_hooks(lambda t: packed.append(t) or T(t).detach(),
                                             lambda t: W(t)):
        y = mul(a, a)
    total(y).backward()
    assert packed and all(isinstance(p, Tensor) for p in packed)
    assert a.grad.numpy().tolist() == [4.0]


def test_autograd_backward_checks():
    x = leaf([[1.0, 2.0]])
    z1, z2 = mul(x, W(torch.tensor(2.0))), mul(x, W(torch.tensor(3.0)))
    paddle.autograd.backward([z1, z2], [W(torch.ones(1, 2)), None], retain_graph=True)
    assert x.grad.numpy().tolist() == [[5.0, 5.0]]
    with pytest.raises(AssertionError, match="tensors cannot be empty"):
        paddle.autograd.backward([])
    with pytest.raises(AssertionError, match="contains duplicate paddle.Tensor object"):
        paddle.autograd.backward([z1, z1])
    with pytest.raises(AssertionError, match="The length of grad_tensors must be equal to tensors"):
        paddle.autograd.backward([z1, z2], [None])
    with pytest.raises(NotImplementedError, match="dump_backward_graph_path"):
        paddle.autograd.backward(z1, dump_backward_graph_path="/tmp/x")


# ------------------------------------------------------------------------------------------------
# Memory: ctx and saved tensors are freed
# ------------------------------------------------------------------------------------------------
def _rss_mb():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2 ** 20


@pytest.mark.skipif(not os.path.exists("/proc/self/statm"), reason="needs /proc")
@pytest.mark.parametrize("steps", [
    2_000,
    pytest.param(10_000, marks=pytest.mark.skipif(
        not os.environ.get("PADDLE_COMPAT_SLOW"), reason="long run: set PADDLE_COMPAT_SLOW=1")),
])
def test_no_leak(steps):
    ctxs = weakref.WeakSet()

    class Leaky(PyLayer):
        @staticmethod
        def forward(ctx, x):
            ctxs.add(ctx)
            y = W(torch.tanh(T(x)))
            ctx.save_for_backward(x, y)     # an input and an output
            ctx.extra = "attr"
            return y

        @staticmethod
        def backward(ctx, dy):
            x, y = ctx.saved_tensor()
            return W(T(dy) * (1 - T(y) ** 2))

    x = leaf(np.ones(256).tolist())
    for _ in range(200):                    # warm up allocator caches
        total(Leaky.apply(x)).backward()
    gc.collect()
    before = _rss_mb()
    gc.disable()                            # refcounting alone must free ctx and saved tensors
    threads = torch.get_num_threads()
    torch.set_num_threads(1)                # tiny ops: intra-op threads only add sync cost
    try:
        for _ in range(steps):
            total(Leaky.apply(x)).backward()
            assert len(ctxs) <= 2
    finally:
        gc.enable()
        torch.set_num_threads(threads)
    gc.collect()
    assert len(ctxs) == 0
    assert _rss_mb() - before < 20


# ------------------------------------------------------------------------------------------------
# Devices, static mode
# ------------------------------------------------------------------------------------------------
@pytest.mark.cuda
def test_cuda_unchanged():
    x = W(torch.tensor([0.5, -1.0], device="cuda", requires_grad=True))
    y = CusTanh.apply(x)
    assert T(y).is_cuda
    total(y).backward()
    torch.testing.assert_close(T(x.grad).cpu(), 1 - torch.tanh(torch.tensor([0.5, -1.0])) ** 2)


def test_static_mode_is_not_supported():
    from paddle_compat._mode import STATE
    STATE.static = True
    try:
        with pytest.raises(NotImplementedError, match="static_pylayer"):
            CusTanh.apply(leaf([1.0]))
    finally:
        STATE.static = False


def test_inside_layer_with_optimizer():
    nn = paddle.nn
    paddle.seed(1)

    class Net(nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = nn.Linear(4, 1)

        def forward(self, x):
            return CusTanh.apply(self.fc(x))

    net = Net()
    opt = paddle.optimizer.SGD(learning_rate=0.5, parameters=net.parameters())
    x = W(torch.randn(16, 4))
    target = W(torch.tanh(T(x).sum(-1, keepdim=True)) * 0.5)
    losses = []
    for _ in range(30):
        loss = W(((T(net(x)) - T(target)) ** 2).mean())
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(T(loss).detach()))
    assert losses[-1] < losses[0] * 0.5


def test_wrong_shaped_grad_is_a_value_error_naming_the_layer_input_and_shapes():
    # Paddle accepts the wrong shape silently; paddle_compat refuses it, in a PyLayer's terms,
    # from every entry to the engine (Tensor.backward, paddle.grad, paddle.autograd.backward).
    class Scale(paddle.autograd.PyLayer):
        @staticmethod
        def forward(ctx, a, k, b):
            return a * k + b.sum()

        @staticmethod
        def backward(ctx, g):
            return g, paddle.ones([7])

    def fresh():
        x = paddle.ones([3])
        y = paddle.ones([2])
        x.stop_gradient = y.stop_gradient = False
        return x, y, Scale.apply(x, 3, y).sum()

    want = ("The backward of PyLayer 'Scale' returned a gradient of shape [7] for its Tensor "
            "input 1, whose shape is [2]")
    x, y, out = fresh()
    with pytest.raises(ValueError, match=re.escape(want)):
        out.backward()
    x, y, out = fresh()
    with pytest.raises(ValueError, match=re.escape(want)):
        paddle.grad(out, [x, y])
    x, y, out = fresh()
    with pytest.raises(ValueError, match=re.escape(want)):
        paddle.autograd.backward([out])
