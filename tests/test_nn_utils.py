"""Tests of paddle_compat/nn/utils (clip_grad_norm_, parameters_to_vector, ...)."""
import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.nn as nn


def test_nn_utils_clip_grad_norm_and_vectors():
    w = paddle.create_parameter([2], "float32", default_initializer=nn.initializer.Constant(1.0))
    (w * paddle.to_tensor([3.0, 4.0])).sum().backward()
    total = nn.utils.clip_grad_norm_([w], max_norm=1.0)
    assert float(total) == pytest.approx(5.0)
    np.testing.assert_allclose(w.grad.numpy(), [3 / (5 + 1e-6), 4 / (5 + 1e-6)], rtol=1e-6)
    nn.utils.clip_grad_value_([w], 0.7)
    np.testing.assert_allclose(w.grad.numpy(), [0.6, 0.7], rtol=1e-5)
    v = nn.utils.parameters_to_vector([w])
    assert v.stop_gradient is False and v.numpy().tolist() == [1.0, 1.0]
    nn.utils.vector_to_parameters(paddle.to_tensor([5.0, 6.0]), [w])
    assert w.numpy().tolist() == [5.0, 6.0]
    with pytest.raises(ValueError, match="norm_type only support"):
        nn.utils.clip_grad_norm_([w], 1.0, norm_type=3)

PREFIXES = ("wn_", "sn_")
EXACT = set()


# ---- goldens recorded from Paddle 3.3.1 (conformance/record/record_nn_utils.py) -----------------
import json as _json  # noqa: E402
import os as _os  # noqa: E402

import pytest as _pytest  # noqa: E402

from conformance.golden_replay import check_case as _check_case  # noqa: E402

_GOLDEN = _os.path.join(_os.path.dirname(__file__), "..", "conformance", "goldens", "nn_utils.json")
_CASES = _json.load(open(_GOLDEN))["cases"]


@_pytest.mark.parametrize("name", sorted(n for n in _CASES if n.startswith(PREFIXES)))
def test_case_matches_paddle(name):
    _check_case(paddle, _CASES[name], exact=name in EXACT)
