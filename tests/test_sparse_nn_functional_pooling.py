"""paddle.sparse.nn.functional.max_pool3d and MaxPool3D (paddle_compat/_sparse/nn/functional/
pooling.py) against Paddle 3.3.1's goldens, and its gradient (every stored maximum gets it)."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

F = paddle.sparse.nn.functional


@pytest.mark.parametrize("case", case_ids("pool_"))
def test_golden(case):
    check(case)


def test_gradient_reaches_the_maxima():
    x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [0, 0], [0, 0]], [[1.0], [3.0]],
                                        [1, 2, 2, 2, 1], stop_gradient=False)
    out = F.max_pool3d(x, 2)
    assert out.values().numpy().tolist() == [[3.0]]
    out.backward()
    np.testing.assert_array_equal(x.grad.values().numpy(), [[0.0], [1.0]])


def test_csr_input_is_refused():
    with pytest.raises(ValueError, match="SparseCooTensor"):
        F.max_pool3d(paddle.to_tensor([[1.0, 0]]).to_sparse_csr(), 2)
