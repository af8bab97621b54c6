"""paddle.sparse unary ops (paddle_compat/_sparse/unary.py) against Paddle 3.3.1's goldens, plus
the inputs Paddle 3.3.1 cannot run (integer values, the cases its kernels get wrong)."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

S = paddle.sparse
_UNARY = ("sin_", "tan_", "asin_", "atan_", "sinh_", "asinh_", "atanh_", "tanh_", "square_",
          "log1p_", "abs_", "expm1_", "neg_", "deg2rad_", "rad2deg_", "isnan_", "sqrt_", "unary_")


@pytest.mark.parametrize("case", case_ids(*_UNARY))
def test_golden(case):
    check(case)


@pytest.mark.parametrize("api,kernel,supported", [
    ("abs", "abs", "float64, complex128, float32, complex64"),
    ("square", "square", "float64, complex128, float32, complex64"),
    ("log1p", "log1p", "float64, complex128, float32, complex64"),
    ("expm1", "expm1", "float64, complex128, float32, complex64"),
    ("neg", "scale", "float64, float32"), ("rad2deg", "scale", "float64, float32"),
    ("deg2rad", "scale", "float64, float32"), ("pow", "pow", "float64, float32")])
@pytest.mark.parametrize("fmt", ["coo", "csr"])
def test_integer_values_raise_paddles_kernel_error_where_its_kernels_are_float_only(
        api, kernel, supported, fmt):
    # Paddle 3.3.1's CPU messages (the oracle's, for int64 COO and CSR inputs)
    d = paddle.to_tensor([[0, -1], [2, 0]])
    x = d.to_sparse_coo(2) if fmt == "coo" else d.to_sparse_csr()
    args = (2,) if api == "pow" else ()
    want = (f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), int64) of kernel "
            f"`{kernel}_{fmt}` is not registered. Selected wrong DataType `int64`. Paddle support "
            f"following DataTypes: {supported}.")
    with pytest.raises(RuntimeError) as info:
        getattr(S, api)(x, *args)
    assert str(info.value) == want
    # the transcendental ones compute in float32, as Paddle's autocast does
    assert str(S.sin(x).dtype) == "paddle.float32"


def test_sum_over_a_list_of_axes_sums_every_axis():
    a = paddle.to_tensor([[0, 1.0, 0], [2.0, 0, 3.0]])
    out = S.sum(a.to_sparse_coo(2), [0, 1])
    assert float(out.values().numpy()[0]) == 6.0


def test_transpose_of_a_hybrid_coo_permutes_sparse_and_dense_axes_separately():
    d = np.arange(12, dtype="float32").reshape(2, 3, 2)
    h = paddle.to_tensor(d).to_sparse_coo(2)
    out = S.transpose(h, [1, 0, 2])
    np.testing.assert_array_equal(out.to_dense().numpy(), d.transpose(1, 0, 2))
    with pytest.raises(ValueError, match="between the sparse and the dense"):
        S.transpose(h, [2, 0, 1])
    with pytest.raises(ValueError, match="length of perm"):
        S.transpose(h, [0])


def test_slice_and_reshape_follow_numpy():
    d = np.array([[0, 1.0, 0, 4], [2.0, 0, 3.0, 0], [0, 0, 5.0, 6.0]], "float32")
    x = paddle.to_tensor(d).to_sparse_coo(2)
    np.testing.assert_array_equal(S.slice(x, [1], [1], [-1]).to_dense().numpy(), d[:, 1:-1])
    np.testing.assert_array_equal(S.reshape(x, [2, 6]).to_dense().numpy(), d.reshape(2, 6))
    np.testing.assert_array_equal(S.reshape(x.to_sparse_csr(), [6, 2]).to_dense().numpy(),
                                  d.reshape(6, 2))


def test_gradients_of_value_ops_and_sum():
    x = S.sparse_coo_tensor([[0, 1], [1, 0]], [0.5, -2.0], [2, 2], stop_gradient=False)
    S.sum(S.square(x)).backward()
    np.testing.assert_allclose(x.grad.values().numpy(), [1.0, -4.0])


def test_pca_lowrank_on_a_sparse_matrix():
    paddle.seed(3)
    d = np.random.RandomState(0).rand(6, 4).astype("float32")
    d[d < 0.4] = 0
    u, s, v = S.pca_lowrank(paddle.to_tensor(d).to_sparse_coo(2), q=4)   # full rank: exact
    assert u.shape == [6, 4] and s.shape == [4] and v.shape == [4, 4]
    ref = np.linalg.svd(d - d.mean(0), compute_uv=False)
    np.testing.assert_allclose(s.numpy(), ref, rtol=1e-3)
