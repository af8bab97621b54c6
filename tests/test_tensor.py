"""Tensor wrapper: stop_gradient, metadata, grads, conversions, interop (paddle_compat/_tensor.py).

Expected values were checked against real Paddle 3.3.1 (see conformance/goldens for recorded ones).
"""
import copy
import pickle
import warnings

import numpy as np
import pytest
import torch

import paddle_compat as paddle
from paddle_compat._tensor import Size, wrap


def test_stop_gradient_maps_to_requires_grad():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.stop_gradient is True and not paddle.to_torch(x).requires_grad
    x.stop_gradient = False
    assert x.stop_gradient is False and paddle.to_torch(x).requires_grad
    x.stop_gradient = True
    assert x.stop_gradient is True and not paddle.to_torch(x).requires_grad


def test_integer_tensor_accepts_stop_gradient_false():
    i = paddle.to_tensor([1, 2])
    i.stop_gradient = False
    assert i.stop_gradient is False
    assert not paddle.to_torch(i).requires_grad   # torch refuses grads on ints; the flag lives here
    i.stop_gradient = True
    assert i.stop_gradient is True


def test_setting_stop_gradient_on_non_leaf_cuts_the_graph():
    x = paddle.to_tensor([3.0], stop_gradient=False)
    y = paddle.from_torch(paddle.to_torch(x) * 2)
    assert y.stop_gradient is False and not y.is_leaf
    y.stop_gradient = True
    assert y.stop_gradient is True
    assert paddle.to_torch(y).grad_fn is None


def test_shape_is_paddle_size():
    x = paddle.to_tensor(np.zeros((2, 3), dtype="float32"))
    assert isinstance(x.shape, list) and isinstance(x.shape, Size)
    assert x.shape == [2, 3] and x.shape == (2, 3) and x.shape != (3, 2)
    assert repr(x.shape) == "paddle.Size([2, 3])"
    assert all(type(d) is int for d in x.shape)
    assert paddle.to_tensor(1.0).shape == []


def test_size_is_int_and_callable():
    x = paddle.to_tensor(np.zeros((2, 3)))
    assert x.size == 6 and x.size() == 6 and isinstance(x.size, int)
    assert x.ndim == 2 and x.dim() == 2


def test_dtype_place_and_names():
    x = paddle.to_tensor([1.0])
    assert x.dtype is paddle.float32 and str(x.dtype) == "paddle.float32"
    assert repr(x.dtype) == "<DataType.FLOAT32: 10>"
    assert str(x.place) == "Place(cpu)" and x.place == paddle.CPUPlace()
    assert x.name.startswith("generated_tensor_")
    y = wrap(torch.ones(1))
    assert y.name.startswith("eager_tmp_") and y.name == y.name
    assert x.persistable is False
    x.persistable = True
    assert x.persistable is True


def test_backward_accumulates_and_clear_grad_zeroes():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x.grad is None
    y = paddle.from_torch((paddle.to_torch(x) ** 2).sum())
    y.backward(retain_graph=True)
    np.testing.assert_allclose(x.grad.numpy(), [2.0, 4.0])
    assert x.grad.stop_gradient is False        # Paddle 3.x prints a leaf's grad as stop_gradient=False
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), [4.0, 8.0])
    x.clear_grad()
    np.testing.assert_allclose(x.grad.numpy(), [0.0, 0.0])
    x.clear_grad(set_to_zero=False)
    assert x.grad is None


def test_backward_on_non_scalar_uses_ones_and_is_noop_when_stopped():
    x = paddle.to_tensor([[1.0, 2.0], [3.0, 4.0]], stop_gradient=False)
    y = paddle.from_torch(paddle.to_torch(x) * 3)
    y.backward()
    np.testing.assert_allclose(x.grad.numpy(), np.full((2, 2), 3.0))
    z = paddle.to_tensor([1.0])
    z.backward()                                  # silent no-op, as in Paddle
    assert z.grad is None


def test_non_leaf_grad_is_none_without_warning(recwarn):
    x = paddle.to_tensor([1.0], stop_gradient=False)
    y = paddle.from_torch(paddle.to_torch(x) * 2)
    y.backward()
    assert y.grad is None
    assert not [w for w in recwarn if "grad" in str(w.message)]


def test_numpy_item_tolist_on_tensor_that_needs_grad():
    x = paddle.to_tensor([[1.5, 2.5]], stop_gradient=False)
    assert x.numpy().tolist() == [[1.5, 2.5]]
    assert x.tolist() == [[1.5, 2.5]]
    assert paddle.to_tensor(7).item() == 7
    with pytest.raises(ValueError, match="only one element tensor"):
        x.item()


def test_to_torch_from_torch_share_memory_and_graph():
    raw = torch.zeros(3, requires_grad=True)
    t = paddle.from_torch(raw)
    assert paddle.to_torch(t) is raw
    assert t.stop_gradient is False
    with pytest.raises(TypeError, match="expects a torch.Tensor"):
        paddle.from_torch([1, 2])
    with pytest.raises(TypeError, match="expects a paddle Tensor"):
        paddle.to_torch(raw)


def test_torch_functions_accept_paddle_tensors():
    x = paddle.to_tensor([1.0, 4.0], stop_gradient=False)
    out = torch.sqrt(x)
    assert isinstance(out, torch.Tensor)
    out.sum().backward()
    np.testing.assert_allclose(x.grad.numpy(), [0.5, 0.25])


def test_array_and_dlpack_interop():
    x = paddle.to_tensor([1.0, 2.0])
    a = np.asarray(x)
    assert a.dtype == np.float32 and a.tolist() == [1.0, 2.0]
    assert np.asarray(x, dtype=np.float64).dtype == np.float64
    back = torch.from_dlpack(x)
    assert back.data_ptr() == paddle.to_torch(x).data_ptr()


def test_python_conversions_and_iteration():
    x = paddle.to_tensor([1.0, 2.0, 3.0])
    assert len(x) == 3
    assert [float(r) for r in x] == [1.0, 2.0, 3.0]
    assert int(paddle.to_tensor(5)) == 5 and float(paddle.to_tensor(2.5)) == 2.5
    assert bool(paddle.to_tensor(True))
    with pytest.raises(TypeError, match="0-D"):
        len(paddle.to_tensor(1.0))


def test_pickle_and_deepcopy_keep_data_and_stop_gradient():
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    y = pickle.loads(pickle.dumps(x))
    assert y.numpy().tolist() == [1.0, 2.0] and y.stop_gradient is False and y.dtype is paddle.float32
    z = copy.deepcopy(x)
    assert z.stop_gradient is False and paddle.to_torch(z).data_ptr() != paddle.to_torch(x).data_ptr()


def test_missing_paddle_method_is_attribute_error():
    x = paddle.to_tensor([1.0])
    with pytest.raises(AttributeError):
        x.definitely_not_a_paddle_method


def test_tensor_constructor_is_to_tensor():
    x = paddle.Tensor([1, 2])
    assert x.dtype is paddle.int64 and x.numpy().tolist() == [1, 2]


def test_scalar_conversion_of_a_grad_tensor_is_silent_as_in_paddle():
    # Paddle converts a stop_gradient=False scalar without a word; torch warns unless detached.
    x = paddle.to_tensor(2.5, stop_gradient=False)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert float(x) == 2.5 and int(x) == 2 and complex(x) == 2.5 + 0j


# ---- the numpy boundary: copies, as in Paddle (conformance/goldens/serialization.json) ----------
def test_numpy_asarray_array_are_copies_as_in_paddle():
    import importlib.util
    import json
    import os
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    spec = importlib.util.spec_from_file_location(
        "record_serialization", os.path.join(root, "conformance", "record", "record_serialization.py"))
    record = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(record)
    with open(os.path.join(root, "conformance", "goldens", "serialization.json")) as f:
        want = json.load(f)["cases"]["numpy_copies"]
    assert record.run(paddle, "numpy_copies") == want


def test_writing_into_numpy_leaves_a_parameter_unchanged():
    lin = paddle.nn.Linear(2, 2)
    before = lin.weight.numpy()
    w = lin.weight.numpy()
    w[...] = 0
    np.asarray(lin.weight)[...] = 0
    np.testing.assert_array_equal(lin.weight.numpy(), before)


def test_explicit_interop_stays_zero_copy():
    t = paddle.to_tensor(np.arange(4, dtype="float32"))
    raw = paddle.to_torch(t)
    raw[0] = 9
    assert t.numpy()[0] == 9
    d = torch.utils.dlpack.from_dlpack(t)
    assert d.data_ptr() == raw.data_ptr()
    assert not np.shares_memory(t.numpy(), raw.numpy())


# ---- clear_grad's lazy zeroing: invisible, Paddle's zeros everywhere ----------------------------

def _two_layer_run(hold_grads):
    """Adam over two Linears, the second unused after step 1. hold_grads keeps references to the
    gradients, which forces clear_grad to zero them in place (the eager path)."""
    paddle.seed(0)
    used, unused = paddle.nn.Linear(3, 2), paddle.nn.Linear(3, 2)
    opt = paddle.optimizer.Adam(learning_rate=0.1, parameters=used.parameters() +
                                unused.parameters())
    x = paddle.to_tensor([[1.0, -2.0, 0.5]])
    held = []
    (used(x).sum() + unused(x).sum()).backward()
    for step in range(3):
        if step:
            used(x).sum().backward()
        if hold_grads:
            held = [p.grad for p in opt._parameter_list]
        opt.step()
        opt.clear_grad()
    return [p.numpy() for p in opt._parameter_list], held


def test_clear_grad_is_lazy_but_an_unused_parameter_still_sees_a_zero_gradient():
    lazy, _ = _two_layer_run(hold_grads=False)
    eager, held = _two_layer_run(hold_grads=True)
    for a, b in zip(lazy, eager):
        np.testing.assert_array_equal(a, b)      # Adam moved the unused layer alike in both
    assert all(float(abs(g).sum()) == 0 for g in held)      # held grads were zeroed in place


def test_clear_grad_drops_an_unheld_gradient_and_grad_reads_zeros():
    w = paddle.create_parameter([2, 2], "float32")
    (w * 3).sum().backward()
    w.clear_grad()
    assert paddle.to_torch(w).grad is None          # lazy: no zero-fill pass
    g = w.grad
    assert g is not None and g.numpy().tolist() == [[0, 0], [0, 0]] and not g.stop_gradient
    (w * 3).sum().backward()
    (w * 3).sum().backward()
    assert w.grad.numpy().tolist() == [[6, 6], [6, 6]]
    w.clear_grad(set_to_zero=False)
    assert w.grad is None


def test_lazily_zeroed_gradient_survives_layer_to_and_minimize():
    lin = paddle.nn.Linear(2, 2)
    lin(paddle.ones([1, 2])).sum().backward()
    lin.clear_gradients()
    lin.to(dtype="float64")
    assert lin.weight.grad is not None and lin.weight.grad.dtype == paddle.float64
    lin2 = paddle.nn.Linear(2, 2)
    opt = paddle.optimizer.SGD(parameters=lin2.parameters())
    loss = lin2(paddle.ones([1, 2])).sum()
    loss.backward()
    opt.clear_grad()
    _, pairs = opt.minimize(loss)
    assert len(pairs) == 2 and all(float(abs(g).sum()) == 0 for _, g in pairs)


def test_gradient_is_the_grad_as_numpy():
    x = paddle.to_tensor(5.0, stop_gradient=False)
    assert x.gradient() is None
    paddle.pow(x, 4.0).backward()
    assert isinstance(x.gradient(), np.ndarray) and float(x.gradient()) == 500.0


def test_grad_ivar_is_the_gradient_or_none():
    # Tensor._grad_ivar() (private in Paddle 3.3.1, used by its own tests): None before backward
    # and on a non-leaf, the gradient tensor after (recorded from the oracle: [3., 3.]).
    x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    assert x._grad_ivar() is None
    (x * 3).sum().backward()
    np.testing.assert_array_equal(x._grad_ivar().numpy(), [3.0, 3.0])
    assert x._grad_ivar().stop_gradient is False
    assert (x * 2)._grad_ivar() is None
