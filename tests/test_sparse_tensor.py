"""How sparse tensors are carried and printed, and their Tensor methods
(paddle_compat/_sparse/tensor.py): Paddle 3.3.1's goldens for the methods and printing, plus the
autograd paths Paddle 3.3.1 cannot run on CPU, checked against numpy."""
import numpy as np
import pytest
import torch

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

S = paddle.sparse


@pytest.mark.parametrize("case", case_ids("method_"))
def test_golden(case):
    check(case)


def test_printing_matches_paddles_docstring_examples():
    coo = S.sparse_coo_tensor([[0, 1, 2], [1, 2, 0]], [1.0, 2.0, 3.0], [3, 3])
    assert str(coo) == (
        "Tensor(shape=[3, 3], dtype=paddle.float32, place=Place(cpu), stop_gradient=True, \n"
        "       indices=[[0, 1, 2],\n"
        "                [1, 2, 0]], \n"
        "       values=[1., 2., 3.])")
    csr = S.sparse_csr_tensor([0, 2, 3, 5], [1, 3, 2, 0, 1], [1, 2, 3, 4, 5], [3, 4])
    assert repr(csr) == (
        "Tensor(shape=[3, 4], dtype=paddle.int64, place=Place(cpu), stop_gradient=True, \n"
        "       crows=[0, 2, 3, 5], \n"
        "       cols=[1, 3, 2, 0, 1], \n"
        "       values=[1, 2, 3, 4, 5])")


def test_csr_is_carried_as_a_coalesced_torch_coo_tensor():
    x = paddle.to_tensor([[0, 1.0], [2.0, 0]]).to_sparse_csr()
    t = paddle.to_torch(x)
    assert t.layout is torch.sparse_coo and t.is_coalesced()
    assert x.is_sparse_csr() and not x.is_sparse_coo()


def test_duplicates_are_kept_until_coalesce_and_grads_reach_each_stored_value():
    x = S.sparse_coo_tensor([[0, 1, 1], [1, 0, 0]], [1.0, 2.0, 3.0], [2, 2], stop_gradient=False)
    y = S.sin(x)
    np.testing.assert_allclose(y.values().numpy(), np.sin([1.0, 2.0, 3.0]), rtol=1e-6)
    y.to_dense().sum().backward()
    np.testing.assert_allclose(x.grad.values().numpy(), np.cos([1.0, 2.0, 3.0]), rtol=1e-6)
    assert x.grad.indices().numpy().tolist() == [[0, 1, 1], [1, 0, 0]]


def test_dense_methods_on_sparse_errors_are_paddles():
    a = paddle.to_tensor([[0, 1.0]])
    with pytest.raises(SystemError, match="only effective for SparseCooTensor or SparseCsrTensor"):
        a.values()
    assert a.to_dense() is a and not a.is_sparse()
