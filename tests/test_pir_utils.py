"""paddle.pir_utils guards and the FLAGS_enable_pir_api mode (paddle_compat/_static/pir_utils.py,
_mode.py) against Paddle 3.3.1 (conformance/goldens/pir.json, case `guards`)."""
import os
import subprocess
import sys

import pytest

from tests import _pir_goldens as G

CASES = ["guards"]


@pytest.mark.parametrize("case,key", G.params(CASES, {}))
def test_pir_golden(case, key):
    G.check(case, key)


@pytest.mark.parametrize("flag,expected", [(None, "True"), ("0", "False"), ("1", "True"),
                                           ("false", "False")])
def test_flag_is_read_from_the_environment_at_import(flag, expected):
    env = dict(os.environ)
    env.pop("FLAGS_enable_pir_api", None)
    if flag is not None:
        env["FLAGS_enable_pir_api"] = flag
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env["PYTHONPATH"] = root
    code = ("import paddle_compat as paddle; paddle.enable_static(); "
            "print(paddle.framework.use_pir_api(), paddle.framework.in_pir_mode())")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split() == [expected, expected]
