"""paddle.sparse.addmm (paddle_compat/_sparse/multiary.py) against numpy: Paddle 3.3.1 has GPU
kernels only (on CPU it raises NotImplementedError), so there is no CPU golden."""
import numpy as np
import pytest

import paddle_compat as paddle

S = paddle.sparse
A = np.array([[0, 1.0, 0], [2.0, 0, 0], [0, 0, -3.0]], "float32")
B = np.array([[0, 4.0, 5], [0, 0, 0], [6, 0, 0.0]], "float32")


@pytest.mark.parametrize("fmt", ["coo", "csr"])
def test_dense_input_sparse_x_dense_y(fmt):
    x = paddle.to_tensor(A).to_sparse_coo(2) if fmt == "coo" else paddle.to_tensor(A).to_sparse_csr()
    out = S.addmm(paddle.to_tensor(B), x, paddle.to_tensor(B), 0.5, 2.0)
    assert not out.is_sparse()
    np.testing.assert_allclose(out.numpy(), 0.5 * B + 2.0 * (A @ B))


def test_all_sparse_gives_sparse_and_format_mismatch_is_paddles_error():
    br = paddle.to_tensor(B).to_sparse_csr()
    out = S.addmm(br, paddle.to_tensor(A).to_sparse_csr(), br, beta=1.0, alpha=-1.0)
    assert out.is_sparse_csr()
    np.testing.assert_allclose(out.to_dense().numpy(), B - A @ B)
    with pytest.raises(NotImplementedError, match=r"kernel of \(addmm\)"):
        S.addmm(paddle.to_tensor(B).to_sparse_coo(2), paddle.to_tensor(A).to_sparse_coo(2),
                paddle.to_tensor(B))
