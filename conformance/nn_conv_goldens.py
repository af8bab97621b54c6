"""The goldens of conformance/record/record_nn_conv.py (conformance/goldens/nn_conv.json), for the
test files of the conv/pooling/norm/common/vision/extension rooms: `cases(prefix)` gives the cases
whose name starts with `prefix.`; `check(name)` replays one (seeded `init_` cases bit for bit)."""
import json
import os

from conformance.golden_replay import check_case

_PATH = os.path.join(os.path.dirname(__file__), "goldens", "nn_conv.json")
_CASES = None

__all__ = ["cases", "check"]


def _all():
    global _CASES
    if _CASES is None:
        with open(_PATH) as f:
            _CASES = json.load(f)["cases"]
    return _CASES


def cases(prefix):
    """Sorted names of the recorded cases of one module (`conv`, `layer_conv`, ...)."""
    return sorted(n for n in _all() if n.startswith(prefix + "."))


def check(paddle, name):
    check_case(paddle, _all()[name], exact="init_" in name)
