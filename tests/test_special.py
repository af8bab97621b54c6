"""paddle.special (paddle_compat/special.py).

Paddle 3.3.1's behaviour is replayed from conformance/goldens/tensor_api.json (recorded by
conformance/record/record_tensor_api.py, cases named `special:...`)."""
import pytest

from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", _api.cases("special"))
def test_golden(case):
    _api.check(case)
