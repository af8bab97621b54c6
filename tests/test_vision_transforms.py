"""paddle.vision.transforms (the classes of _vision/transforms/transforms.py and the functions of
_vision/transforms/functional*.py) against goldens recorded from Paddle 3.3.1 on the PIL, numpy/cv2
and Tensor backends (conformance/record/record_vision_transforms.py). The recorder's own case table
is replayed here on paddle_compat, seeded the same way, so random transforms are compared value for
value. Cases on the cv2 backend skip when OpenCV is not installed."""
import importlib.util
import json
import os
import re

import numpy as np
import pytest
from PIL import Image

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
    import cv2  # noqa: F401
    HAVE_CV2 = True
except ImportError:
    HAVE_CV2 = False


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


def _check_result(got, want, where):
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


def _case(case_id):
    name, image_name, backend = case_id.split("/")
    table = record.FUNCTIONAL if name in record.FUNCTIONAL else record.CLASSES
    spec = table[name]
    return spec[0], image_name, backend, (spec[2] if len(spec) > 2 else 1)


@pytest.mark.parametrize("case_id", sorted(GOLDEN["cases"]))
def test_backend_case_matches_paddle(case_id):
    fn, image_name, backend, repeats = _case(case_id)
    if backend == "cv2" and not HAVE_CV2:
        want = GOLDEN["cases"][case_id]
        # Without OpenCV, cases Paddle ran through cv2 must raise the ImportError naming it.
        got = record.run(paddle, T, F, fn, record.as_backend(paddle, backend, IMAGES[image_name]),
                         repeats)
        if "error" in got and got["error"] == "ImportError":
            assert "opencv-python" in got["message"]
            pytest.skip("opencv-python is not installed")
        _check_result(got, want, case_id)
        return
    img = record.as_backend(paddle, backend, IMAGES[image_name])
    got = record.run(paddle, T, F, fn, img, repeats)
    _check_result(got, GOLDEN["cases"][case_id], case_id)


@pytest.mark.parametrize("name", sorted(GOLDEN["ctor_errors"]))
def test_constructor_checks_match_paddle(name):
    want = GOLDEN["ctor_errors"][name]
    try:
        record.CTOR_ERRORS[name](T, F, paddle)
        got = {"error": None}
    except Exception as e:
        got = {"error": type(e).__name__, "message": str(e).split("\n")[0][:300]}
    if want["error"] is None:
        assert got["error"] is None, got
    else:
        assert got["error"] == want["error"], (got, want)
        assert _clean(want["message"]) in got["message"], (got, want)


@pytest.mark.parametrize("name", sorted(GOLDEN["tensor_cases"]))
def test_tensor_case_matches_paddle(name):
    u = paddle.to_tensor(IMAGES["rgb"].transpose(2, 0, 1).copy())
    fn = record.TENSOR_CASES[name]
    got = record.run(paddle, T, F, lambda T_, F_, p, x: fn(T_, F_, p, x), u)
    _check_result(got, GOLDEN["tensor_cases"][name], name)


def test_every_transform_and_function_is_recorded():
    recorded = {cid.split("/")[0].split("_")[0] for cid in GOLDEN["cases"]}
    recorded |= {cid.split("/")[0] for cid in GOLDEN["cases"]}
    for name in T.__all__ + ["adjust_saturation"]:
        if name in ("BaseTransform",):
            continue
        assert any(r == name or r.startswith(name) for r in recorded), f"{name} has no golden case"


def test_cv2_backend_without_opencv_names_the_package(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "cv2", None)     # `import cv2` now raises ImportError
    with pytest.raises(ImportError, match=r"pip install opencv-python"):
        F.hflip(IMAGES["rgb"].copy())
    # numpy-only functions keep working without OpenCV
    assert F.crop(IMAGES["rgb"], 0, 0, 2, 2).shape == (2, 2, 3)


def test_compose_reports_the_failing_transform(capsys):
    with pytest.raises(ValueError):
        T.Compose([T.CenterCrop(2), T.Transpose((0, 1, 2, 3))])(Image.fromarray(IMAGES["rgb"]))
    assert "fail to perform transform [" in capsys.readouterr().out


def test_compose_repr():
    assert repr(T.Compose([T.CenterCrop(2)])).startswith("Compose(\n    <")


def test_random_transforms_follow_python_random_state():
    img = Image.fromarray(IMAGES["rgb"])
    flip = T.RandomHorizontalFlip(0.5)
    record.seed_all(paddle, 3)
    first = [np.asarray(flip(img)).tolist() for _ in range(6)]
    record.seed_all(paddle, 3)
    again = [np.asarray(flip(img)).tolist() for _ in range(6)]
    assert first == again
    import random
    random.seed(3)
    draws = [random.random() < 0.5 for _ in range(6)]
    flipped = [f != IMAGES["rgb"].tolist() for f in first]
    assert flipped == draws
