"""paddle.sparse.nn.BatchNorm / SyncBatchNorm (paddle_compat/_sparse/nn/layer/norm.py) against
Paddle 3.3.1's goldens (SyncBatchNorm has no CPU kernel in Paddle 3.3.1: checked against
BatchNorm, which it equals in one process)."""
import numpy as np
import pytest

import paddle_compat as paddle
from tests._sparse_goldens import case_ids, check

nn = paddle.sparse.nn


@pytest.mark.parametrize("case", case_ids("norm_"))
@pytest.mark.filterwarnings("ignore:When training")
def test_golden(case):
    check(case)


@pytest.mark.filterwarnings("ignore:When training")
def test_sync_batch_norm_equals_batch_norm_and_converts():
    x = paddle.to_tensor(np.random.RandomState(0).randn(1, 2, 2, 2, 3).astype("float32"))
    x = x.to_sparse_coo(4)
    a, b = nn.BatchNorm(3), nn.SyncBatchNorm(3)
    np.testing.assert_allclose(a(x).values().numpy(), b(x).values().numpy(), rtol=1e-6)
    model = paddle.nn.Sequential(nn.SubmConv3D(3, 3, 3), nn.BatchNorm(3))
    converted = nn.SyncBatchNorm.convert_sync_batchnorm(model)
    assert isinstance(converted[1], nn.SyncBatchNorm)
    assert converted[1].weight is model[1].weight


def test_training_warns_like_paddle():
    x = paddle.to_tensor(np.ones((1, 1, 1, 2, 2), "float32")).to_sparse_coo(4)
    with pytest.warns(UserWarning, match="always track global mean and variance"):
        nn.BatchNorm(2)(x)
