"""Replay every snippet case under paddle_compat and compare with real Paddle's recorded output.

Goldens: conformance/goldens/cases/<topic>.json, written by conformance/record/record_cases.py under
real Paddle 3.3.1. A case listed in XFAIL is a known, documented difference (docs/differences.md).
"""
import contextlib
import os
import sys

import pytest

import paddle_compat
from conformance import snippets

_FLUID = ("paddle_compat provides the legacy paddle.fluid alias that Paddle 3.3.1 removed: Paddle "
          "stops at `import paddle.fluid` (ModuleNotFoundError), paddle_compat runs the code")
XFAIL = {   # "topic::case" -> reason (a known difference; the owner named in the reason fixes it)
    "seeds/framework_design_tutorial::ir_example": _FLUID,
    "seeds/framework_design_tutorial::create_var_fluid": _FLUID,
    "seeds/framework_design_tutorial::mnist_py_func_network": _FLUID,
}


def _reset():
    """Each case starts as in a fresh process (the recorder resets Paddle the same way)."""
    from paddle_compat import _unique_name
    from paddle_compat._static import builder
    paddle_compat.disable_static()
    paddle_compat.set_default_dtype("float32")
    paddle_compat.set_device("cpu")
    _unique_name.switch()
    builder._MAIN[0] = paddle_compat.static.Program()
    builder._STARTUP[0] = paddle_compat.static.Program()
    builder._NAME_SCOPE_COUNTS[0] = {}
    from paddle_compat._static.py_func import PyFuncRegistry
    PyFuncRegistry._register_funcs.clear()      # callable ids restart, as in a fresh process


@contextlib.contextmanager
def case_face(env):
    """The static face a case file's `# env:` line asks for (FLAGS_enable_pir_api=0: the legacy
    IR; Paddle's default otherwise), as the recorder's child process had it."""
    from paddle_compat._mode import STATE
    old = STATE.pir
    value = env.get("FLAGS_enable_pir_api")
    STATE.pir = True if value is None else value.strip().lower() not in ("0", "false", "off",
                                                                         "no", "")
    try:
        yield
    finally:
        STATE.pir = old


def _params():
    params = []
    for topic in snippets.case_files():
        if not os.path.exists(snippets.golden_path(topic)):
            raise RuntimeError(f"conformance/cases/{topic}.py has no recorded goldens: run "
                               f"conformance/record/record_cases.py {topic} with real Paddle")
        env, cases = snippets.load_case_file(snippets.case_path(topic))
        for name, flags, code in cases:
            key = f"{topic}::{name}"
            marks = [pytest.mark.xfail(reason=XFAIL[key], strict=True)] if key in XFAIL else []
            params.append(pytest.param(topic, name, flags, code, env, id=key, marks=marks))
    return params


@pytest.fixture(scope="module", autouse=True)
def _alias():
    # The cases `import paddle`; the alias is removed again afterwards unless it was there before,
    # so tests that run later (test_alias, test_check) see the interpreter as they expect it.
    had = sys.modules.get("paddle") is paddle_compat
    paddle_compat.install_alias()
    yield
    if not had:
        paddle_compat.uninstall_alias()


@pytest.mark.parametrize("topic,name,flags,code,env", _params())
def test_case_matches_paddle(topic, name, flags, code, env):
    exact = "exact" in flags
    expected = snippets.load_goldens(topic).get(name)
    assert expected is not None, f"{topic}::{name} has no golden: re-record {topic}"
    _reset()
    with case_face(env):
        actual = snippets.run_case(code, _reset)
    if "paddle-fails" in flags:
        # Paddle 3.3.1 itself fails this documented example: check that it still does (else drop
        # the flag) and compare with the output the documentation shows.
        assert expected["error"], f"{topic}::{name}: Paddle runs it now: remove `paddle-fails`"
        expected = {"stdout": snippets.documented_output(code), "error": None}
    problem = snippets.compare(expected, actual, exact)
    assert problem is None, problem
