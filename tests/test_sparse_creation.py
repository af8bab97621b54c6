"""paddle.sparse.sparse_coo_tensor / sparse_csr_tensor (paddle_compat/_sparse/creation.py) against
Paddle 3.3.1's goldens (conformance/goldens/sparse.json), plus the checks paddle_compat adds."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._sparse_goldens import GOLDEN, case_ids, check, record

S = paddle.sparse


@pytest.mark.parametrize("case", case_ids("coo_", "csr_"))
def test_golden(case):
    check(case)


def test_goldens_cover_every_recorded_case():
    assert set(record.CASES) == set(GOLDEN["cases"])


def test_face_modules_reexport_the_same_functions():
    assert paddle.sparse.creation.sparse_coo_tensor is S.sparse_coo_tensor
    assert paddle.sparse.creation.sparse_csr_tensor is S.sparse_csr_tensor


def test_tensor_inputs_keep_their_values_and_the_leaf_takes_grad():
    idx = paddle.to_tensor([[0, 2], [1, 0]], dtype="int32")
    vals = paddle.to_tensor([1.5, -2.0])
    x = S.sparse_coo_tensor(idx, vals, [3, 2], stop_gradient=False)
    assert not x.stop_gradient and x.is_sparse_coo()
    np.testing.assert_array_equal(x.to_dense().numpy(), [[0, 1.5], [0, 0], [-2.0, 0]])
    S.sin(x).backward()
    g = x.grad
    assert g.is_sparse()
    np.testing.assert_allclose(g.values().numpy(), np.cos([1.5, -2.0]), rtol=1e-6)


def test_negative_indices_and_bad_csr_contents_are_value_errors():
    # Paddle builds corrupt tensors here (no check); paddle_compat refuses them.
    with pytest.raises(ValueError, match="non-negative"):
        S.sparse_coo_tensor([[0, -1]], [1.0, 2.0], [3])
    with pytest.raises(ValueError, match="non-decreasing"):
        S.sparse_csr_tensor([0, 2, 1, 2], [0, 1], [1.0, 2.0], [3, 2])
    with pytest.raises(ValueError, match=r"cols must be in \[0, 2\)"):
        S.sparse_csr_tensor([0, 1, 2], [0, 5], [1.0, 2.0], [2, 2])


def test_csr_with_unsorted_columns_is_stored_in_csr_order():
    x = S.sparse_csr_tensor([0, 2, 2], [2, 0], [5.0, 7.0], [2, 3])
    assert x.cols().numpy().tolist() == [0, 2]
    assert x.values().numpy().tolist() == [7.0, 5.0]
