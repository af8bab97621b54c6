"""paddle.jit.set_verbosity / set_code_level (paddle_compat/_jit/logging_utils.py).

Paddle 3.3.1's behaviour is replayed from conformance/goldens/tensor_api.json (recorded by
conformance/record/record_tensor_api.py, cases named `jit:...`)."""
import pytest

from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", _api.cases("jit"))
def test_golden(case):
    _api.check(case)
