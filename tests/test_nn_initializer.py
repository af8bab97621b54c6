"""paddle_compat/_nn/initializer.py: Orthogonal, Dirac and Bilinear against goldens recorded from
Paddle 3.3.1 (conformance/goldens/nn_utils.json, written by conformance/record/record_nn_utils.py)
-- Dirac and Bilinear bit for bit, Orthogonal (a seeded normal draw through QR) to float rounding --
and Orthogonal's defining property. (The other initializers' goldens are in nn.json.)"""
import numpy as np

import paddle_compat as paddle

PREFIXES = ("init_",)
EXACT = {"init_dirac", "init_dirac_groups", "init_bilinear", "init_bilinear_3"}


def test_orthogonal_rows_or_columns_are_orthonormal_times_gain():
    paddle.seed(3)
    w = paddle.nn.Linear(6, 4, weight_attr=paddle.nn.initializer.Orthogonal(1.5)).weight.numpy()
    np.testing.assert_allclose(w.T @ w, 2.25 * np.eye(4), atol=1e-5)


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


def test_lazy_guard_defers_the_initializer_until_initialize():
    paddle.seed(5)
    with paddle.LazyGuard():
        lazy = paddle.nn.Linear(4, 3)
    assert not lazy.weight._is_initialized() and not lazy.weight.numpy().any()
    paddle.seed(5)
    eager = paddle.nn.Linear(4, 3)
    paddle.seed(5)
    lazy.weight.initialize()
    lazy.weight.initialize()            # a second call changes nothing
    assert lazy.weight._is_initialized()
    np.testing.assert_array_equal(lazy.weight.numpy(), eager.weight.numpy())
    assert paddle.nn.Linear(2, 2).weight._is_initialized()     # outside the guard: as before
