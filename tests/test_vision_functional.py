"""paddle.vision.transforms.functional (_vision/transforms/functional.py and its PIL, cv2 and Tensor
backends functional_pil.py, functional_cv2.py, functional_tensor.py) against goldens recorded from
Paddle 3.3.1 (conformance/record/record_vision_transforms.py): every function on each backend, its
argument errors, and Tensor images of other dtypes and ranks."""
import json

import numpy as np
import pytest

import paddle_compat as paddle
import paddle_compat.vision.transforms as T
import paddle_compat.vision.transforms.functional as F

from ._vision_transforms_goldens import (GOLDEN, IMAGES, case_ids, check_backend_case,
                                         check_result, record)


@pytest.mark.parametrize("case_id", case_ids(record.FUNCTIONAL))
def test_function_matches_paddle(case_id):
    check_backend_case(case_id)


@pytest.mark.parametrize("name", sorted(GOLDEN["tensor_cases"]))
def test_tensor_case_matches_paddle(name):
    u = paddle.to_tensor(IMAGES["rgb"].transpose(2, 0, 1).copy())
    fn = record.TENSOR_CASES[name]
    got = record.run(paddle, T, F, lambda T_, F_, p, x: fn(T_, F_, p, x), u)
    check_result(got, GOLDEN["tensor_cases"][name], name)


def test_every_function_is_recorded():
    recorded = {cid.split("/")[0] for cid in GOLDEN["cases"]}
    for name in F.__all__:
        assert any(r == name or r.startswith(name + "_") for r in recorded), \
            f"{name} has no golden case"


def test_cv2_backend_without_opencv_names_the_package(monkeypatch):
    import sys
    monkeypatch.setitem(sys.modules, "cv2", None)     # `import cv2` now raises ImportError
    with pytest.raises(ImportError, match=r"pip install opencv-python"):
        F.hflip(IMAGES["rgb"].copy())
    # numpy-only functions keep working without OpenCV
    assert F.crop(IMAGES["rgb"], 0, 0, 2, 2).shape == (2, 2, 3)
    np.testing.assert_allclose(F.normalize(IMAGES["rgb"].astype("float32"), [1.0] * 3,
                                           [2.0] * 3, "HWC")[0, 0],
                               (IMAGES["rgb"][0, 0] - 1.0) / 2.0)


@pytest.mark.parametrize("case_id", sorted(GOLDEN["pil_mode_cases"]))
def test_pil_mode_case_matches_paddle(case_id):
    from PIL import Image
    name, mode = case_id.split("/")
    img = Image.fromarray(IMAGES["rgb"]).convert(mode)
    got = record.run(paddle, T, F, record.PIL_MODE_CASES[name], img)
    check_result(got, GOLDEN["pil_mode_cases"][case_id], case_id)


with open(record.STATIC_GOLDEN) as _f:
    STATIC_GOLDEN = json.load(_f)

# Where Paddle 3.3.1's static graph fails with an internal error, paddle_compat computes the
# transform (normalize) or raises its own TypeError naming the function (docs/vision.md).
_STATIC_DIFFERS = {"normalize": None, "to_grayscale": TypeError, "adjust_brightness": TypeError,
                   "adjust_hue": TypeError, "rotate": TypeError}


@pytest.mark.parametrize("name", sorted(STATIC_GOLDEN))
def test_static_variable_case_matches_paddle(name):
    gold = STATIC_GOLDEN[name]
    image = record.static_image()
    got = record.static_case(paddle, T, F, image, gold["src"])
    if "error" in gold:
        assert name in _STATIC_DIFFERS, name
        if _STATIC_DIFFERS[name] is None:         # computed: equal to dynamic mode's result
            want = eval(gold["src"], {"paddle": paddle, "T": T, "F": F,
                                      "x": paddle.to_tensor(image)}).numpy()
            np.testing.assert_allclose(np.array(got["out"], "float32"), want, rtol=1e-6)
        else:
            assert got["error"][0] == _STATIC_DIFFERS[name].__name__, got
            assert "of a static Variable is not supported" in got["error"][1]
        return
    assert "error" not in got, got["error"]
    assert got["shape"] == gold["shape"]
    np.testing.assert_allclose(np.array(got["out"], "float32"), np.array(gold["out"], "float32"),
                               rtol=1e-5, atol=1e-6)
