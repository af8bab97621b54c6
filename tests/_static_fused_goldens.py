"""Replays the static-mode goldens of conformance/record/record_static_fused.py (paddle.incubate's
fused ops and paddle.nn.quant.quant_layers, recorded from Paddle 3.3.1 in legacy and in PIR mode)
on paddle_compat; shared by the test files of the modules those cases cover."""
import importlib
import importlib.util
import json
import os

import pytest

import paddle_compat as paddle
from paddle_compat import _unique_name
from paddle_compat._mode import STATE

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "static_fused.json")))
_spec = importlib.util.spec_from_file_location(
    "record_static_fused", os.path.join(ROOT, "conformance", "record", "record_static_fused.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

name_struct = importlib.import_module("paddle_compat._static.name_struct")
MODES = ("legacy", "pir")

# Paddle 3.3.1's legacy-mode paddle.matmul raises TypeError ("matmul(): argument (position 1)
# must be Value, but got Variable": it calls the PIR-only binding); paddle_compat's paddle.matmul
# records matmul_v2 in legacy mode, and so do the cases that reach it (docs/differences.md).
LEGACY_MATMUL = {("fused_linear", "legacy"), ("quant_matmul", "legacy")}


def _close(got, want, path):
    if isinstance(got, float) or isinstance(want, float):
        assert got == pytest.approx(want, rel=1e-4, abs=2e-5), path
    elif isinstance(got, (list, tuple)) and isinstance(want, (list, tuple)):
        assert len(got) == len(want), path
        if len(want) == 2 and all(isinstance(w, str) for w in want):   # [class, message]
            assert got[0] == want[0] and want[1] in got[1], (path, got, want)
            return
        for k, (a, b) in enumerate(zip(got, want)):
            _close(a, b, f"{path}[{k}]")
    elif isinstance(want, dict):
        assert sorted(got) == sorted(want), path
        for k in want:
            _close(got[k], want[k], f"{path}.{k}")
    else:
        assert got == want, path


def replay(name, mode, monkeypatch):
    """Run case `name` in `mode` ('legacy' or 'pir') and compare every recorded key."""
    assert record.CASES[name] == GOLDEN["cases"][name], "golden recorded from another snippet"
    want = GOLDEN["results"][mode][name]
    # Paddle's recorder ran each mode in a fresh process, each case under unique_name.guard.
    monkeypatch.setattr(name_struct, "_CURRENT", [name_struct._NameStruct()])
    monkeypatch.setattr(STATE, "pir", mode == "pir")
    _unique_name.switch()
    paddle.disable_static()
    try:
        try:
            got = record.run_case(paddle, record.CASES[name])
        except Exception as e:      # noqa: BLE001 - Paddle's own failure is the golden then
            got = {"error": [type(e).__name__, str(e)]}
    finally:
        paddle.disable_static()
    if (name, mode) in LEGACY_MATMUL:
        failure = want.get("build") or want.get("error")
        assert failure[0] == "TypeError" and "matmul()" in failure[1], failure
        assert got.get("build") is None and "error" not in got, got
        assert "matmul_v2(inputs=" in got["main"], got["main"]
        return
    if "error" in want:
        assert "error" in got, got
        assert got["error"][0] == want["error"][0]
        assert want["error"][1].split(" (at /paddle")[0].strip() in got["error"][1]
        return
    assert sorted(got) == sorted(want), (got, want)
    for key in want:
        if key in ("main", "startup"):
            assert got[key] == want[key], key
        else:
            _close(got[key], want[key], key)


def cases(*prefixes):
    """(name, mode) pairs of the recorded cases whose names start with one of `prefixes`."""
    return [(n, m) for n in sorted(record.CASES) if n.startswith(prefixes) for m in MODES]
