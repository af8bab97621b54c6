"""Tests for paddle_compat/_ops/creation.py: creation ops and the conversion / in-place / hook
Tensor methods. Paddle's exact dtypes and messages are replayed from goldens in test_ops_math.py."""
import numpy as np
import pytest
from hypothesis import given, settings, strategies as st

import paddle_compat as paddle


@pytest.fixture
def float64_default():
    paddle.set_default_dtype("float64")
    yield
    paddle.set_default_dtype("float32")


def test_default_dtype_follows_set_default_dtype(float64_default):
    assert paddle.zeros([2]).dtype == paddle.float64
    assert paddle.full([2], 1).dtype == paddle.float64
    assert paddle.arange(0.0, 1.0, 0.5).dtype == paddle.float64
    assert paddle.eye(2).dtype == paddle.float64
    assert paddle.linspace(0, 1, 3).dtype == paddle.float64
    assert paddle.arange(3).dtype == paddle.int64


@pytest.mark.parametrize("shape", [[2, 3], (2, 3), 4, [], [0, 2]])
def test_shape_forms(shape):
    expected = [shape] if isinstance(shape, int) else list(shape)
    for fn in (paddle.zeros, paddle.ones, paddle.empty):
        assert fn(shape).shape == expected
    assert paddle.full(shape, 7.0).shape == expected


def test_shape_tensor_forms():
    assert paddle.zeros(paddle.to_tensor([2, 3])).shape == [2, 3]
    assert paddle.ones([paddle.to_tensor(2), 3]).shape == [2, 3]
    with pytest.raises(TypeError, match=r"full\(\): argument \(position 1\) must be list of int, "
                                        r"but got float at pos 1"):
        paddle.zeros([2, 1.5])


def test_values_and_like_ops():
    x = paddle.to_tensor([[1, 2], [3, 4]], dtype="int32")
    np.testing.assert_array_equal(paddle.ones_like(x).numpy(), np.ones((2, 2), "int32"))
    np.testing.assert_array_equal(paddle.zeros_like(x).numpy(), np.zeros((2, 2), "int32"))
    np.testing.assert_array_equal(paddle.full_like(x, 9).numpy(), np.full((2, 2), 9, "int32"))
    assert paddle.empty_like(x, dtype="float64").dtype == paddle.float64
    assert paddle.full([1], float("-inf")).item() == float("-inf")


@settings(max_examples=30, deadline=None)
@given(start=st.integers(-20, 20), end=st.integers(-20, 20),
       step=st.integers(-5, 5).filter(lambda s: s != 0))
def test_arange_matches_numpy(start, end, step):
    out = paddle.arange(start, end, step)
    np.testing.assert_array_equal(out.numpy(), np.arange(start, end, step))
    assert out.dtype == paddle.int64


@settings(max_examples=20, deadline=None)
@given(start=st.floats(-5, 5), stop=st.floats(-5, 5), num=st.integers(1, 10))
def test_linspace_logspace_match_numpy(start, stop, num):
    np.testing.assert_allclose(paddle.linspace(start, stop, num, dtype="float64").numpy(),
                               np.linspace(start, stop, num), atol=1e-12)
    np.testing.assert_allclose(paddle.logspace(start, stop, num, base=2.0, dtype="float64").numpy(),
                               np.logspace(start, stop, num, base=2.0), rtol=1e-10)


@settings(max_examples=20, deadline=None)
@given(rows=st.integers(1, 5), cols=st.integers(1, 5), diag=st.integers(-3, 3))
def test_eye_tril_triu_match_numpy(rows, cols, diag):
    np.testing.assert_array_equal(paddle.eye(rows, cols).numpy(), np.eye(rows, cols))
    a = np.arange(rows * cols, dtype="float32").reshape(rows, cols)
    x = paddle.to_tensor(a)
    np.testing.assert_array_equal(paddle.tril(x, diag).numpy(), np.tril(a, diag))
    np.testing.assert_array_equal(paddle.triu(x, diag).numpy(), np.triu(a, diag))
    np.testing.assert_array_equal(x.tril(diag).numpy(), np.tril(a, diag))


def test_diag_and_meshgrid():
    v = paddle.to_tensor([1.0, 2.0])
    np.testing.assert_array_equal(paddle.diag(v, offset=-1).numpy(), np.diag([1.0, 2.0], -1))
    a, b = paddle.meshgrid(paddle.to_tensor([1, 2]), paddle.to_tensor([3, 4, 5]))
    ra, rb = np.meshgrid([1, 2], [3, 4, 5], indexing="ij")
    np.testing.assert_array_equal(a.numpy(), ra)
    np.testing.assert_array_equal(b.numpy(), rb)
    c = paddle.complex(paddle.to_tensor([1.0]), paddle.to_tensor([2.0]))
    assert c.dtype == paddle.complex64 and c.numpy()[0] == 1 + 2j


def test_assign_forms_and_output():
    src = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    copy = paddle.assign(src)
    assert copy._t is not src._t and copy.stop_gradient is False
    out = paddle.zeros([2])
    raw = out._t
    assert paddle.assign(np.array([5.0, 6.0], dtype="float32"), output=out) is out
    assert out._t is raw
    np.testing.assert_array_equal(out.numpy(), [5.0, 6.0])
    assert paddle.assign((True, False)).dtype == paddle.bool
    with pytest.raises(TypeError, match="The type of 'x' in assign must be"):
        paddle.assign("abc")


def test_creation_errors():
    with pytest.raises(TypeError, match="num_rows should be a non-negative int"):
        paddle.eye(-1)
    with pytest.raises(ValueError, match="The step of range op should not be 0"):
        paddle.arange(0, 3, 0)
    with pytest.raises(TypeError, match="dtype must be any of"):
        paddle.zeros([2], dtype="foo")
    with pytest.raises(ValueError, match="Input\\(X\\)'s rank must be at least 2 in TrilTriuOp"):
        paddle.triu(paddle.to_tensor([1.0]))


def test_created_on_current_place():
    assert paddle.zeros([1]).place == paddle.CPUPlace()
    assert paddle.arange(2).place == paddle.CPUPlace()


def test_to_cpu_astype_and_sizes():
    x = paddle.to_tensor([1.5, 2.5])
    assert x.to("float64").dtype == paddle.float64
    assert x.to("cpu") is x
    assert x.to(paddle.CPUPlace(), "int32").dtype == paddle.int32
    assert x.to(dtype="float16", device="cpu").dtype == paddle.float16
    assert x.cpu().place == paddle.CPUPlace()
    assert x.astype(paddle.int64).numpy().tolist() == [1, 2]
    assert x.element_size() == 4 and x.is_floating_point()
    assert not x.astype("int8").is_floating_point()
    m = paddle.to_tensor([[[1, 2, 3]]])
    assert m.T.shape == [3, 1, 1] and m.mT.shape == [1, 3, 1]


def test_set_value_and_get_tensor():
    x = paddle.to_tensor([1.0, 2.0])
    raw = x._t
    x.set_value(paddle.to_tensor([7.0, 8.0]))
    assert x._t is raw and x.numpy().tolist() == [7.0, 8.0]
    with pytest.raises(AssertionError, match="Variable dtype not match"):
        x.set_value(np.array([1.0, 2.0]))
    assert np.asarray(x.get_tensor()).tolist() == [7.0, 8.0]


def test_register_hook_gets_and_replaces_gradient():
    w = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
    seen = []

    def hook(g):
        seen.append(g)
        return g * 10

    handle = w.register_hook(hook)
    (w * w).sum().backward()
    assert isinstance(seen[0], paddle.Tensor)
    np.testing.assert_allclose(w.grad.numpy(), [20.0, 40.0])
    assert handle.remove() is True
    w.clear_grad()
    (w * w).sum().backward()
    np.testing.assert_allclose(w.grad.numpy(), [2.0, 4.0])
    with pytest.raises(RuntimeError, match="stop gradient"):
        paddle.to_tensor([1.0]).register_hook(hook)


def test_zero_and_fill_in_place():
    x = paddle.to_tensor([1.0, 2.0])
    assert x.fill_(3.0) is x and x.numpy().tolist() == [3.0, 3.0]
    assert x.zero_() is x and x.numpy().tolist() == [0.0, 0.0]
    leaf = paddle.to_tensor([1.0], stop_gradient=False)
    with pytest.raises(ValueError, match="can't use inplace strategy"):
        leaf.zero_()


def test_static_variable_as_or_inside_a_shape_is_a_clear_not_implemented_error():
    import paddle_compat as paddle
    paddle.enable_static()
    try:
        with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
            n = paddle.static.data("n", [1], "int32")
            s = paddle.static.data("s", [2], "int32")
            for call in (lambda: paddle.zeros([2, n]), lambda: paddle.ones(s),
                         lambda: paddle.full([n, 2], 1.0)):
                with pytest.raises(NotImplementedError, match="static-graph Variable"):
                    call()
    finally:
        paddle.disable_static()


# ---- Paddle 3.x tensor functions of this module (in-place variants, newer ops): the cases
# recorded from Paddle 3.3.1 by conformance/record/record_tensor_api.py --------------------------
from tests import _tensor_api_goldens as _api  # noqa: E402


@pytest.mark.parametrize("case", _api.cases("creation"))
def test_tensor_api_golden(case):
    _api.check(case)


def test_paddle_tensor_is_callable_and_still_the_module():
    """Paddle 3.3: paddle.tensor(data, dtype, device, requires_grad) constructs a Tensor, while
    paddle.tensor.math etc. stay the modules; as_tensor is the same function, asarray's keywords
    are keyword-only."""
    import sys
    x = paddle.tensor([1.0, 2.0], requires_grad=True)
    assert x.stop_gradient is False and x.dtype == paddle.float32
    assert paddle.tensor is sys.modules["paddle_compat.tensor"]
    assert paddle.tensor.math.add is paddle.add and paddle.tensor.search.argwhere is paddle.argwhere
    assert paddle.tensor.triu is paddle.triu and paddle.tensor.math.frexp is paddle.frexp
    assert paddle.as_tensor(1).dtype == paddle.int64 and paddle.as_tensor(1).stop_gradient
    y = paddle.asarray([[0.1, 0.2]], device=paddle.CPUPlace(), requires_grad=True)
    assert y.stop_gradient is False and y.shape == [1, 2]
    with pytest.raises(TypeError):
        paddle.asarray([1], "float32")          # dtype is keyword-only, as in Paddle
    with pytest.raises(RuntimeError, match="Pinning memory is not supported for Place"):
        paddle.tensor([1.0], pin_memory=True)


@pytest.mark.parametrize("api", ["zeros_like", "ones_like", "full_like", "empty_like",
                                 "rand_like", "randn_like"])
def test_like_ops_read_x_place_first_as_paddle(api):
    # Paddle 3.3.1's Python reads x.place first: a numpy array fails with Python's AttributeError.
    args = (np.zeros(2),) + ((1.0,) if api == "full_like" else ())
    with pytest.raises(AttributeError, match=r"^'numpy\.ndarray' object has no attribute 'place'$"):
        getattr(paddle, api)(*args)


# ---- paddle.MmapStorage: conformance/goldens/dtype.json (record_dtype.py) ----
from tests._tensor_api_goldens import Goldens as _Goldens  # noqa: E402

_MMAP = _Goldens("dtype")


@pytest.mark.parametrize("case", _MMAP.cases("creation"))
def test_mmap_storage_matches_paddle(case):
    _MMAP.check(case)


def test_mmap_storage_refuses_reads_past_the_mapping(tmp_path):
    path = tmp_path / "x.pp"
    np.arange(4, dtype="float32").tofile(path)
    s = paddle.MmapStorage(str(path), 16)
    with pytest.raises(ValueError, match="past the 16 bytes mapped"):
        s.get_slice("float32", 0, 5)
    with pytest.raises(ValueError, match="past the 16 bytes mapped"):
        s.get_slice("float32", -4, 0)
    with pytest.raises(ValueError, match="step must be 1"):
        s.get_slice("float32", 0, 2, 2)
    whole = paddle.MmapStorage(str(path), 0)     # nbytes <= 0 maps the whole file
    assert whole.get_slice("float32", 4, 7).numpy().tolist() == [1.0, 2.0, 3.0]


def test_mmap_storage_slice_is_a_copy(tmp_path):
    path = tmp_path / "x.pp"
    np.arange(4, dtype="float32").tofile(path)
    t = paddle.MmapStorage(str(path), 16).get_slice("float32", 0, 4)
    t[0] = 9.0
    assert np.fromfile(path, dtype="float32").tolist() == [0.0, 1.0, 2.0, 3.0]
