"""paddle_compat/_nn/attention/sdpa.py: SDPBackend and sdpa_kernel against goldens recorded from
Paddle 3.3.1 (conformance/goldens/nn_utils.json, written by conformance/record/record_nn_utils.py),
and the backend table it restores on exit."""
import paddle_compat as paddle
from paddle_compat._nn.attention import sdpa as _sdpa
from paddle_compat.nn.attention import SDPBackend, sdpa_kernel

PREFIXES = ("attn_",)
EXACT = set()


def test_sdpa_kernel_sets_and_restores_the_enabled_backends_and_priority():
    before = _sdpa._cur_sdpa_kernel_backends(with_priority=True)
    with sdpa_kernel([SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH], set_priority=True):
        assert _sdpa._cur_sdpa_kernel_backends(with_priority=True) == [
            SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH]
        assert _sdpa._current_priority[:2] == [SDPBackend.EFFICIENT_ATTENTION, SDPBackend.MATH]
    # the same backends enabled again, in the same priority order (FLASH and EFFICIENT are on
    # where torch sees CUDA, as in a Paddle GPU build)
    assert _sdpa._cur_sdpa_kernel_backends(with_priority=True) == before
    assert SDPBackend.MATH in _sdpa._cur_sdpa_kernel_backends()


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
