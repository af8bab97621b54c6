"""paddle.compat.nn's layers (paddle_compat/_compat/nn/layers.py).

Paddle 3.3.1's behaviour is replayed from conformance/goldens/tensor_api.json (recorded by
conformance/record/record_tensor_api.py, cases named `compat_nn_layers:...`)."""
import pytest

from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", _api.cases("compat_nn_layers"))
def test_golden(case):
    _api.check(case)
