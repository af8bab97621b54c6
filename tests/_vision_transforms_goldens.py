"""Shared by tests/test_vision_transforms.py and tests/test_vision_functional.py: the goldens of
conformance/record/record_vision_transforms.py, its case table, and the comparison with Paddle."""
import importlib.util
import json
import os
import re

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.vision.transforms as T
import paddle_compat.vision.transforms.functional as F

ROOT = os.path.join(os.path.dirname(__file__), "..")
GOLDEN = json.load(open(os.path.join(ROOT, "conformance", "goldens", "vision_transforms.json")))
_spec = importlib.util.spec_from_file_location(
    "record_vision_transforms",
    os.path.join(ROOT, "conformance", "record", "record_vision_transforms.py"))
record = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(record)

IMAGES = {k: np.array(v, dtype="uint8") for k, v in GOLDEN["images"].items()}
try:
    import cv2
    HAVE_CV2 = True
except ImportError:
    cv2 = None
    HAVE_CV2 = False
import PIL  # noqa: E402

# The versions the goldens were recorded with. The pil and cv2 backends return those libraries'
# own results, and the resampling ones (warps, resizes) change with the library's version: OpenCV
# 5.0 samples warpAffine/warpPerspective at other points than 4.13, Pillow 12.3 resizes a few
# pixels differently from 13.0 (Paddle run with those versions gives exactly what paddle_compat
# gives with them). With another version those value cases are skipped and say why; every other
# case (their error cases too) is still compared exactly.
_RECORDED = GOLDEN.get("library_versions", {})
_RESAMPLING = ("affine", "perspective", "rotate", "resize", "resized_crop", "RandomAffine",
               "RandomPerspective", "RandomRotation", "RandomResizedCrop", "Resize", "Compose")
_INSTALLED = {"cv2": cv2.__version__ if HAVE_CV2 else None, "pil": PIL.__version__}


def _clean(message):
    # Paddle's C++ errors end with "(at /paddle/...)"; the text before it is what must match.
    return re.sub(r"\s*\(at /paddle/.*$", "", message).strip()


def _check_value(got, want, where):
    assert got["kind"] == want["kind"], f"{where}: kind {got['kind']} != Paddle's {want['kind']}"
    if want["kind"] == "tuple":
        assert len(got["items"]) == len(want["items"]), where
        for i, (g, w) in enumerate(zip(got["items"], want["items"])):
            _check_value(g, w, f"{where}[{i}]")
        return
    if want["kind"] == "pil":
        assert (got["mode"], got["size"]) == (want["mode"], want["size"]), where
        np.testing.assert_array_equal(np.array(got["data"]), np.array(want["data"]), err_msg=where)
        return
    assert got["dtype"] == want["dtype"], f"{where}: dtype {got['dtype']} != {want['dtype']}"
    assert got["shape"] == want["shape"], f"{where}: shape {got['shape']} != {want['shape']}"
    np.testing.assert_allclose(np.array(got["data"], dtype="float64"),
                               np.array(want["data"], dtype="float64"), rtol=1e-5, atol=2e-5,
                               err_msg=where)


def check_result(got, want, where):
    """Assert paddle_compat's encoded result equals Paddle's (values, or error class + message)."""
    if "error" in want:
        assert "error" in got, f"{where}: Paddle raised {want['error']}: {want['message']}, " \
                               f"paddle_compat returned a value"
        assert got["error"] == want["error"], f"{where}: {got} != Paddle's {want}"
        assert _clean(want["message"]) in got["message"], f"{where}: {got} != Paddle's {want}"
        return
    assert "error" not in got, f"{where}: paddle_compat raised {got}"
    assert len(got["outputs"]) == len(want["outputs"])
    for i, (g, w) in enumerate(zip(got["outputs"], want["outputs"])):
        _check_value(g, w, f"{where} call {i}")


def case_ids(table):
    return sorted(cid for cid in GOLDEN["cases"] if cid.split("/")[0] in table)


def check_backend_case(case_id):
    """Replay one recorded (case, image, backend) on paddle_compat and compare with Paddle."""
    name, image_name, backend = case_id.split("/")
    spec = record.FUNCTIONAL.get(name) or record.CLASSES[name]
    recorded, installed = _RECORDED.get(backend), _INSTALLED.get(backend)
    if installed and recorded and installed != recorded and name.startswith(_RESAMPLING) \
            and "error" not in GOLDEN["cases"][case_id]:
        pytest.skip(f"{name} resamples with {backend} {installed}; the goldens were recorded "
                    f"with {backend} {recorded}, whose sampling differs")
    repeats = spec[2] if len(spec) > 2 else 1
    img = record.as_backend(paddle, backend, IMAGES[image_name])
    got = record.run(paddle, T, F, spec[0], img, repeats)
    if backend == "cv2" and not HAVE_CV2 and got.get("error") == "ImportError":
        # Without OpenCV, cases Paddle ran through cv2 must raise the ImportError naming it.
        assert "opencv-python" in got["message"], got
        pytest.skip("opencv-python is not installed")
    check_result(got, GOLDEN["cases"][case_id], case_id)
