"""Shared by the paddle.vision dataset tests: replay conformance/record/record_vision_datasets.py's
cases on paddle_compat once per session and compare each with the golden Paddle 3.3.1 recorded."""
import atexit
import functools
import importlib.util
import json
import os
import re
import shutil
import tempfile

import numpy as np

import paddle_compat as paddle
import paddle_compat.vision as vision

ROOT = os.path.join(os.path.dirname(__file__), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "vision_datasets.json")))
_spec = importlib.util.spec_from_file_location(
    "record_vision_datasets",
    os.path.join(ROOT, "conformance", "record", "record_vision_datasets.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)


@functools.lru_cache(maxsize=None)
def replay():
    tmp = tempfile.mkdtemp()
    atexit.register(shutil.rmtree, tmp, True)
    return record.cases(paddle, vision, tmp)


def case_ids(prefix):
    return sorted(k for k in GOLDEN["cases"] if k.startswith(prefix))


def _norm(message):
    message = re.sub(r"/tmp/[^/\s]+", "<tmp>", message)
    return re.sub(r"\s*\(at /paddle/.*$", "", message).strip()


def compare(got, want, where="case"):
    """Assert `got` (paddle_compat) equals `want` (Paddle): structure, kinds, dtypes, shapes,
    values (float tolerance 1e-5), error classes and messages."""
    if isinstance(want, dict) and "error" in want and set(want) == {"error", "message"}:
        assert isinstance(got, dict) and "error" in got, f"{where}: Paddle raised {want}, got {got}"
        assert got["error"] == want["error"], f"{where}: {got} != Paddle's {want}"
        assert _norm(want["message"]) in _norm(got["message"]), f"{where}: {got} != {want}"
        return
    if isinstance(want, dict):
        assert isinstance(got, dict), f"{where}: {got!r} is not a dict like Paddle's"
        assert sorted(got) == sorted(want), f"{where}: keys {sorted(got)} != {sorted(want)}"
        for key in want:
            if key in ("data", "head"):
                np.testing.assert_allclose(np.array(got[key], "float64"),
                                           np.array(want[key], "float64"), rtol=1e-5, atol=2e-5,
                                           err_msg=f"{where}.{key}")
            elif key in ("sum", "sumsq"):
                np.testing.assert_allclose(got[key], want[key], rtol=1e-6, err_msg=f"{where}.{key}")
            else:
                compare(got[key], want[key], f"{where}.{key}")
        return
    if isinstance(want, list):
        assert isinstance(got, list) and len(got) == len(want), f"{where}: {got} != {want}"
        for i, (g, w) in enumerate(zip(got, want)):
            compare(g, w, f"{where}[{i}]")
        return
    if isinstance(want, str):
        assert _norm(got) == _norm(want), f"{where}: {got!r} != Paddle's {want!r}"
        return
    assert got == want, f"{where}: {got!r} != Paddle's {want!r}"


def _have_cv2():
    try:
        import cv2  # noqa: F401
        return True
    except ImportError:
        return False


def check(case_id):
    got = replay()[case_id]
    if not _have_cv2() and isinstance(got, dict) and got.get("error") == "ImportError":
        # Paddle ran this case through OpenCV; without it paddle_compat must say what to install.
        assert "pip install opencv-python" in got["message"], got
        import pytest
        pytest.skip("opencv-python is not installed")
    compare(got, GOLDEN["cases"][case_id], case_id)
