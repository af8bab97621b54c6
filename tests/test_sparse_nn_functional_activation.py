"""paddle.sparse.nn.functional relu / relu6 / leaky_relu / softmax and their layers
(paddle_compat/_sparse/nn/functional/activation.py, nn/layer/activation.py) against Paddle 3.3.1's
goldens, plus softmax's gradient against torch's dense softmax over the stored elements."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

F = paddle.sparse.nn.functional


@pytest.mark.parametrize("case", case_ids("act_"))
def test_golden(case):
    check(case)


def test_softmax_gradient_matches_a_dense_softmax_over_the_stored_elements():
    d = np.array([[0, 1.0, 2.0], [3.0, 0, -1.0]], "float32")
    x = paddle.to_tensor(d).to_sparse_csr()
    x.stop_gradient = False
    w = paddle.to_tensor([1.0, 2.0, 3.0, 4.0])
    (F.softmax(x).values() * w).sum().backward()
    rows = [torch.tensor([1.0, 2.0], requires_grad=True), torch.tensor([3.0, -1.0], requires_grad=True)]
    loss = (torch.softmax(rows[0], 0) * torch.tensor([1.0, 2.0])).sum() + \
        (torch.softmax(rows[1], 0) * torch.tensor([3.0, 4.0])).sum()
    loss.backward()
    np.testing.assert_allclose(x.grad.values().numpy(),
                               torch.cat([rows[0].grad, rows[1].grad]).numpy(), rtol=1e-5,
                               atol=1e-7)


def test_softmax_other_axis_is_not_implemented():
    x = paddle.to_tensor([[0, 1.0], [2.0, 0]]).to_sparse_coo(2)
    with pytest.raises(NotImplementedError, match="axis=-1"):
        F.softmax(x, axis=0)
