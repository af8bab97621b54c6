"""paddle.utils.require_version (paddle_compat/_utils/require_version.py), replayed from
conformance/goldens/tensor_api.json (cases `utils:require_version...`)."""
import pytest

from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", [c for c in _api.cases("utils") if "require_version" in c])
def test_golden(case):
    _api.check(case)
