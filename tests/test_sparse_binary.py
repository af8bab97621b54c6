"""paddle.sparse binary ops (paddle_compat/_sparse/binary.py) against Paddle 3.3.1's goldens, and
matmul / masked_matmul / mv (GPU-only kernels in Paddle 3.3.1) against numpy."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

S = paddle.sparse
A = np.array([[0, 1.0, 0], [2.0, 0, 0], [0, 0, -3.0]], "float32")
B = np.array([[0, 4.0, 5], [0, 0, 0], [6, 0, 0.0]], "float32")


@pytest.mark.parametrize("case", case_ids("add_", "subtract_", "multiply_", "divide_", "binary_"))
def test_golden(case):
    check(case)


@pytest.mark.parametrize("fmt", ["coo", "csr"])
def test_matmul_sparse_dense_gives_dense(fmt):
    x = paddle.to_tensor(A)
    x = x.to_sparse_coo(2) if fmt == "coo" else x.to_sparse_csr()
    out = S.matmul(x, paddle.to_tensor(B))
    assert not out.is_sparse()
    np.testing.assert_allclose(out.numpy(), A @ B)


@pytest.mark.parametrize("fmt", ["coo", "csr"])
def test_matmul_sparse_sparse_gives_sparse_of_that_format(fmt):
    conv = (lambda t: t.to_sparse_coo(2)) if fmt == "coo" else (lambda t: t.to_sparse_csr())
    out = S.matmul(conv(paddle.to_tensor(A)), conv(paddle.to_tensor(B)))
    assert out.is_sparse_csr() == (fmt == "csr")
    np.testing.assert_allclose(out.to_dense().numpy(), A @ B)


def test_batched_matmul_and_its_gradient():
    rng = np.random.RandomState(1)
    a = rng.rand(2, 3, 4).astype("float32") * (rng.rand(2, 3, 4) > 0.5)
    b = rng.rand(2, 4, 2).astype("float32")
    y = paddle.to_tensor(b, stop_gradient=False)
    out = S.matmul(paddle.to_tensor(a).to_sparse_csr(), y)
    np.testing.assert_allclose(out.numpy(), a @ b, rtol=1e-6)
    out.sum().backward()
    np.testing.assert_allclose(y.grad.numpy(), np.broadcast_to(a.sum(1)[..., None], b.shape),
                               rtol=1e-6)


def test_masked_matmul_reads_the_product_at_the_mask():
    rng = np.random.RandomState(2)
    x, y = rng.rand(3, 4).astype("float32"), rng.rand(4, 3).astype("float32")
    mask = paddle.to_tensor(A).to_sparse_csr()
    out = S.masked_matmul(paddle.to_tensor(x), paddle.to_tensor(y), mask)
    assert out.is_sparse_csr()
    np.testing.assert_allclose(out.to_dense().numpy(), (x @ y) * (A != 0), rtol=1e-6)
    with pytest.raises(NotImplementedError, match=r"kernel of \(masked_matmul\)"):
        S.masked_matmul(paddle.to_tensor(x), paddle.to_tensor(y), paddle.to_tensor(A).to_sparse_coo(2))


def test_mv_and_shape_errors():
    v = np.array([1.0, 2.0, 3.0], "float32")
    for x in (paddle.to_tensor(A).to_sparse_coo(2), paddle.to_tensor(A).to_sparse_csr()):
        np.testing.assert_allclose(S.mv(x, paddle.to_tensor(v)).numpy(), A @ v)
    with pytest.raises(ValueError, match="mv needs"):
        S.mv(paddle.to_tensor(A).to_sparse_coo(2), paddle.to_tensor(v[:2]))
    with pytest.raises(ValueError, match="cannot be multiplied"):
        S.matmul(paddle.to_tensor(A).to_sparse_coo(2), paddle.to_tensor(B[:2]))


def test_sparse_plus_dense_is_dense():
    out = S.add(paddle.to_tensor(A).to_sparse_coo(2), paddle.to_tensor(B))
    np.testing.assert_allclose(out.numpy(), A + B)


def test_union_gradient_flows_to_both_operands():
    x = S.sparse_coo_tensor([[0, 1], [1, 0]], [1.0, 2.0], [2, 2], stop_gradient=False)
    y = S.sparse_coo_tensor([[0, 1], [1, 1]], [3.0, 4.0], [2, 2], stop_gradient=False)
    S.multiply(x, y).to_dense().sum().backward()
    np.testing.assert_allclose(x.grad.to_dense().numpy(), [[0, 3.0], [0, 0]])
    np.testing.assert_allclose(y.grad.to_dense().numpy(), [[0, 1.0], [0, 0]])


def test_multiply_docstring_example_keeps_negative_zeros():
    # Paddle's own example: a stored -1 times a missing element is a stored -0., and to_dense
    # writes it as -0. (torch's to_dense would add it to 0. and lose the sign).
    x = paddle.to_tensor([[0, -1, 0, 2], [0, 0, -3, 0], [4, 5, 0, 0]], "float32")
    y = paddle.to_tensor([[0, 0, 0, -2], [0, 2, -3, 0], [2, 3, 4, 8]], "float32")
    z = S.multiply(x.to_sparse_csr(), y.to_sparse_csr()).to_dense()
    assert str(z) == ("Tensor(shape=[3, 4], dtype=float32, place=Place(cpu), stop_gradient=True,\n"
                      "       [[ 0., -0.,  0., -4.],\n"
                      "        [ 0.,  0.,  9.,  0.],\n"
                      "        [ 8., 15.,  0.,  0.]])")
