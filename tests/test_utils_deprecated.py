"""paddle.utils.deprecated (paddle_compat/_utils/deprecated.py), replayed from
conformance/goldens/tensor_api.json (cases `utils:deprecated...`), and its warning."""
import warnings

import pytest

import paddle_compat as paddle
from paddle_compat._utils.deprecated import VisibleDeprecationWarning
from tests import _tensor_api_goldens as _api


@pytest.mark.parametrize("case", [c for c in _api.cases("utils") if "deprecated" in c])
def test_golden(case):
    _api.check(case)


def test_level1_warns_once_per_call_and_keeps_the_result():
    @paddle.utils.deprecated(update_to="paddle.new_api", since="2.0", level=1)
    def old(x):
        return x + 1
    with warnings.catch_warnings(record=True) as seen:
        warnings.simplefilter("always")
        assert old(1) == 2
    assert len(seen) == 1 and seen[0].category is VisibleDeprecationWarning
    assert 'Please use "paddle.new_api" instead.' in str(seen[0].message)


def test_a_future_since_does_not_warn():
    @paddle.utils.deprecated(since="99.0", level=1)
    def later():
        return 3
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert later() == 3
