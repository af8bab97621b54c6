"""Shared by the PIR tests: the goldens recorded by conformance/record/record_pir.py (Paddle 3.3.1's
default PIR face) and the replay of one of its cases under paddle_compat with the PIR face on
(the suite runs with FLAGS_enable_pir_api=0, see conftest.py)."""
import json
import os
import re

import pytest

import paddle_compat as paddle
from paddle_compat import _flags, _unique_name
from paddle_compat._static import builder, name_struct
from paddle_compat._mode import STATE

GOLDEN = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance", "goldens",
                      "pir.json")
with open(GOLDEN, encoding="utf-8") as _f:
    DATA = json.load(_f)

_RESULTS = {}


def normalise(value):
    # The pylayer's backward_function_id counts every PyLayer Paddle made in the process.
    text = json.dumps(value, sort_keys=True)
    return json.loads(re.sub(r"backward_function_id:\d+", "backward_function_id:N", text))


def run(case):
    """The case's `out` under paddle_compat (once per session), in PIR mode as a fresh script
    (fresh default programs, names and struct tree; everything restored afterwards)."""
    if case not in _RESULTS:
        old_static, old_pir = STATE.static, STATE.pir
        old_names = _unique_name.switch()       # PIR names process-wide: start as a fresh script
        old_pir_names = builder._PIR_NAMES      # (layers and parameters: PIR's own generator)
        builder._PIR_NAMES = _unique_name.UniqueNameGenerator()
        old_tree, name_struct._CURRENT[0] = name_struct._CURRENT[0], name_struct._NameStruct()
        old_flag = _flags._VALUES["FLAGS_enable_pir_api"]
        old_programs = builder._MAIN[0], builder._STARTUP[0]
        builder._MAIN[0], builder._STARTUP[0] = paddle.static.Program(), paddle.static.Program()
        STATE.pir = _flags._VALUES["FLAGS_enable_pir_api"] = True
        try:
            ns = {"paddle": paddle}
            exec(DATA["prelude"] + DATA["cases"][case], ns)
            _RESULTS[case] = ns["out"]
        finally:
            STATE.static, STATE.pir = old_static, old_pir
            _unique_name.switch(old_names)
            builder._PIR_NAMES = old_pir_names
            name_struct._CURRENT[0] = old_tree
            _flags._VALUES["FLAGS_enable_pir_api"] = old_flag
            builder._MAIN[0], builder._STARTUP[0] = old_programs
    return _RESULTS[case]


def params(cases, differences):
    """pytest params (case, key) for every recorded key of `cases`; `differences` maps
    (case, key) to the reason paddle_compat differs there (a strict xfail)."""
    out = []
    for case in cases:
        for key in sorted(DATA["results"][case]):
            marks = []
            if (case, key) in differences:
                marks = [pytest.mark.xfail(reason=differences[(case, key)], strict=True)]
            out.append(pytest.param(case, key, id=f"{case}-{key}", marks=marks))
    return out


def check(case, key):
    got = run(case)
    assert key in got, f"{case} did not record {key}"
    assert normalise(got[key]) == normalise(DATA["results"][case][key])
