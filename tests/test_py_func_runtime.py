"""py_func's run-time paths: the one-input one-output fast path gives what the general path gives,
and output gradients are the callable's own copies (a reused buffer only when nothing holds it)."""
import warnings

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._static import py_func as P


pytestmark = pytest.mark.usefixtures("static_mode")


def _build(func, backward_func, shape=(2, 3), out_shape=None, skip_x=True):
    """A one-in one-out py_func op; returns (program, its kernel, its spec)."""
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", list(shape), "float32")
        x.stop_gradient = False
        y = main.current_block().create_var(name="y", dtype="float32",
                                            shape=list(out_shape or shape))
        paddle.static.py_func(func, x, y, backward_func=backward_func,
                              skip_vars_in_backward_input=x if skip_x else None)
    kernel = main.global_block().ops[-1].opdef.kernel
    spec = next(c.cell_contents for c in kernel.__closure__
                if isinstance(c.cell_contents, P._OpSpec))
    return main, kernel, spec


def _fresh(y):
    return np.tanh(np.asarray(y))


_FORWARDS = {
    "fresh": _fresh,
    "alias": lambda x: np.asarray(x),                  # aliases the input: copied
    "list": lambda x: [np.tanh(x)],                    # a list is several (here one) outputs
    "dense": lambda x: x,                              # the DenseTensor itself
    "readonly": lambda x: np.lib.stride_tricks.as_strided(np.tanh(x), writeable=False),
    "reversed": lambda x: np.tanh(x)[::-1],            # negative strides: torch needs a copy
    "float64": lambda x: np.tanh(x).astype("float64"),  # declared float32: warned, kept
    "shape": lambda x: np.tanh(x).reshape(3, 2),       # declared [2, 3]: warned, kept
}

_BACKWARDS = {
    "fresh": lambda y, dy: np.array(dy) * (1 - np.square(y)),
    "dy": lambda y, dy: dy,                            # the out-grad DenseTensor itself
    "np.array(dy)": lambda y, dy: np.array(dy),        # the out-grad's buffer, zero copy
    "inplace": lambda y, dy: np.multiply(np.asarray(dy), 3, out=np.asarray(dy)),
    "flat": lambda y, dy: (np.array(dy) * (1 - np.square(y))).reshape(-1),
    "float64": lambda y, dy: (np.array(dy) * (1 - np.square(y))).astype("float64"),
    "tuple": lambda y, dy: (np.array(dy) * 2,),
    "setitem": lambda y, dy: dy.__setitem__(Ellipsis, 5) or dy,
}


def _run_both(func, backward_func, x_value, gout, **kw):
    """The op through its kernel (fast path) and the same op through the general Function;
    returns [(output, input grad, warnings, grad_fn name)] for each."""
    results = []
    for general in (False, True):
        _, kernel, spec = _build(func, backward_func, **kw)
        x = x_value.clone().requires_grad_(True)
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            out = P._PyFunc.apply(spec, x)[0] if general else kernel([x])[0]
        (g,) = torch.autograd.grad(out, x, gout)
        results.append((out.detach(), g, [str(m.message) for m in w], type(out.grad_fn).__name__))
    return results


@pytest.mark.parametrize("variant", sorted(_FORWARDS))
def test_fast_forward_equals_general(variant):
    x_value = torch.linspace(-2, 2, 6).reshape(2, 3)
    (fo, fg, fw, fname), (go, gg, gw, gname) = _run_both(
        _FORWARDS[variant], _BACKWARDS["fresh"] if variant in ("fresh", "float64") else
        (lambda y, dy: np.ones([2, 3], "float32")), x_value,
        torch.ones(fo_shape := (2, 3) if variant != "shape" else (3, 2)))
    assert (fname, gname) == ("_PyFunc1Backward", "_PyFuncBackward")
    assert fo.dtype == go.dtype and fo.shape == go.shape and torch.equal(fo, go)
    assert torch.equal(fg, gg)
    assert fw == gw and len(fw) == (variant in ("float64", "shape"))
    assert tuple(fo.shape) == fo_shape


def test_fast_forward_never_aliases_the_input():
    x = torch.linspace(-2, 2, 6).reshape(2, 3)
    for name in ("alias", "dense", "readonly", "reversed"):
        _, kernel, _ = _build(_FORWARDS[name], None)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            (out,) = kernel([x])
        assert out.untyped_storage().data_ptr() != x.untyped_storage().data_ptr(), name
        out.add_(1)
        assert torch.equal(x, torch.linspace(-2, 2, 6).reshape(2, 3)), name


@pytest.mark.parametrize("variant", sorted(_BACKWARDS))
def test_fast_backward_equals_general(variant):
    x_value = torch.linspace(-2, 2, 6).reshape(2, 3)
    gout = torch.linspace(0.5, 1, 6).reshape(2, 3)
    (fo, fg, fw, fname), (go, gg, gw, gname) = _run_both(_fresh, _BACKWARDS[variant], x_value,
                                                         gout)
    assert (fname, gname) == ("_PyFunc1Backward", "_PyFuncBackward")
    assert torch.equal(fo, go) and fg.dtype == gg.dtype == torch.float32
    assert torch.equal(fg, gg)
    # the caller's grad_outputs tensor is never edited, whatever backward_func does to dy
    assert torch.equal(gout, torch.linspace(0.5, 1, 6).reshape(2, 3))


def test_fast_backward_keeps_the_input_first_when_not_skipped():
    seen = []

    def grad(x, y, dy):
        seen.append((np.array(x).tolist(), np.array(y).tolist()))
        return np.array(dy) * (1 - np.square(y))

    _, kernel, _ = _build(_fresh, grad, shape=[2], skip_x=False)
    x = torch.tensor([0.5, -1.0], requires_grad=True)
    (g,) = torch.autograd.grad(kernel([x])[0], x, torch.ones(2))
    assert seen[0] == ([0.5, -1.0], np.tanh(np.array([0.5, -1.0], "float32")).tolist())
    np.testing.assert_allclose(g.numpy(), 1 - np.tanh([0.5, -1.0]) ** 2, rtol=1e-6)


def test_dynamic_declared_shape_warns_only_on_a_real_mismatch():
    x = torch.ones(2, 3)
    for func, warned in ((_fresh, False), (lambda v: np.ones([2, 4], "float32"), True)):
        _, kernel, _ = _build(func, None, out_shape=[-1, 3])
        with warnings.catch_warnings(record=True) as w:
            warnings.simplefilter("always")
            kernel([x])
            kernel([x])
        assert len([m for m in w if "py_func op" in str(m.message)]) == warned


def test_bfloat16_goes_the_general_way_with_the_same_values():
    def grad(y, dy):
        assert np.asarray(dy).dtype == np.uint16        # Paddle hands bf16 as uint16 bits
        return dy

    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [3], "bfloat16")
        x.stop_gradient = False
        y = main.current_block().create_var(name="y", dtype="bfloat16", shape=[3])
        paddle.static.py_func(lambda v: v, x, y, backward_func=grad,
                              skip_vars_in_backward_input=x)
    kernel = main.global_block().ops[-1].opdef.kernel
    xv = torch.tensor([1.5, -2.0, 3.25], dtype=torch.bfloat16, requires_grad=True)
    (out,) = kernel([xv])
    (g,) = torch.autograd.grad(out, xv, torch.full([3], 0.5, dtype=torch.bfloat16))
    assert out.dtype == g.dtype == torch.bfloat16
    assert out.tolist() == [1.5, -2.0, 3.25] and g.tolist() == [0.5, 0.5, 0.5]


# ---- output gradients: private copies in a reused buffer ----------------------------------------
def _grad_program(backward_func, fetch_y_grad=False):
    main, startup = paddle.static.Program(), paddle.static.Program()
    with paddle.static.program_guard(main, startup):
        x = paddle.static.data("x", [4], "float32")
        x.stop_gradient = False
        y = main.current_block().create_var(name="y", dtype="float32", shape=[4])
        paddle.static.py_func(lambda v: np.array(v) * 2, x, y, backward_func=backward_func,
                              skip_vars_in_backward_input=x)
        w = paddle.static.data("w", [4], "float32")
        gx, gy = paddle.static.gradients([paddle.sum(y * w)], [x, y])
    return main, (gx, gy)


def test_out_grad_is_read_without_copy_and_np_asarray_is_private():
    seen = []

    def grad(y, dy):
        seen.append((dy[...], np.asarray(dy)))
        return np.asarray(dy) * 2

    _, kernel, _ = _build(lambda v: np.array(v) * 1, grad, shape=[3])
    x = torch.ones(3, requires_grad=True)
    dout = torch.full([3], 3.0)
    (g,) = torch.autograd.grad(kernel([x])[0], x, dout)
    view, private = seen[0]
    assert g.tolist() == [6.0] * 3
    assert np.shares_memory(view, dout.numpy()) and not view.flags.writeable
    assert not np.shares_memory(private, dout.numpy()) and private.flags.writeable


def test_returned_out_grad_buffer_is_not_overwritten_by_the_next_run():
    # backward_func returns its out-grad array: the input gradient wraps the op's buffer without
    # a copy, so the next run must not reuse that buffer while the gradient is alive.
    _, kernel, _ = _build(lambda v: np.array(v) * 1, lambda y, dy: np.array(dy), shape=[3])
    x = torch.ones(3, requires_grad=True)
    (g1,) = torch.autograd.grad(kernel([x])[0], x, torch.full([3], 1.0))
    (g2,) = torch.autograd.grad(kernel([x])[0], x, torch.full([3], 7.0))
    assert g1.tolist() == [1.0] * 3 and g2.tolist() == [7.0] * 3


def test_in_place_edits_of_dy_do_not_reach_the_fetched_out_grad():
    def grad(y, dy):
        a = np.asarray(dy)
        a *= 10                               # allowed: np.asarray(dy) is the callable's copy
        dy[0] = -1
        return a

    main, (gx, gy) = _grad_program(grad)
    exe = paddle.static.Executor(paddle.CPUPlace())
    g_x, g_y = exe.run(main, feed={"x": np.ones(4, "float32"),
                                   "w": np.arange(4, dtype="float32")}, fetch_list=[gx, gy])
    assert g_y.tolist() == [0.0, 1.0, 2.0, 3.0]
    # np.asarray(dy) is the callable's own copy (as in Paddle): dy[0] = -1 went into dy's copy
    assert g_x.tolist() == [0.0, 10.0, 20.0, 30.0]


@pytest.mark.cuda
def test_cuda_out_grads_are_host_copies():
    seen = []

    def grad(y, dy):
        a = np.asarray(dy)
        seen.append(type(a))
        a *= 2                                # a host copy: the GPU gradient is untouched
        return a

    _, kernel, _ = _build(lambda v: np.array(v) * 1, grad, shape=[3])
    x = torch.ones(3, device="cuda", requires_grad=True)
    gout = torch.full([3], 3.0, device="cuda")
    (g,) = torch.autograd.grad(kernel([x])[0], x, gout)
    assert g.device.type == "cuda" and g.tolist() == [6.0] * 3
    assert gout.tolist() == [3.0] * 3 and seen == [np.ndarray]
