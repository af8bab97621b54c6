"""paddle.compat's torch-style functions (paddle_compat/_compat/compat.py).

Paddle 3.3.1's behaviour is replayed from conformance/goldens/tensor_api.json (recorded by
conformance/record/record_tensor_api.py, cases named `compat:...`)."""
import pytest

import paddle_compat as paddle
from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", _api.cases("compat"))
def test_golden(case):
    _api.check(case)


@pytest.mark.parametrize("api", ["median", "nanmedian"])
def test_median_writes_out_pairs_as_torch(api):
    # Paddle 3.3.1's example: out=(values, indices) with dim receives both
    x = paddle.to_tensor([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])
    values, indices = paddle.zeros([3]), paddle.zeros([3], dtype="int64")
    ret = getattr(paddle.compat, api)(x, dim=1, out=(values, indices))
    assert values.numpy().tolist() == [2.0, 5.0, 8.0] and indices.numpy().tolist() == [1, 1, 1]
    assert ret.values is values and ret.indices is indices
    whole = paddle.zeros([])
    assert getattr(paddle.compat, api)(x, out=whole) is whole and float(whole) == 5.0
