"""paddle.get_flags / set_flags / disable_signal_handler, check_shape and the root constants (paddle_compat/_base/framework.py, _ops/_checks.py, the face).

Paddle 3.3.1's behaviour is replayed from conformance/goldens/tensor_api.json (recorded by
conformance/record/record_tensor_api.py, cases named `framework:...`)."""
import pytest

from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", _api.cases("framework"))
def test_golden(case):
    _api.check(case)
