"""paddle.vision.transforms' classes (_vision/transforms/transforms.py) against goldens recorded
from Paddle 3.3.1 on the PIL, numpy/cv2 and Tensor backends (conformance/record/
record_vision_transforms.py). The recorder's own case table is replayed here, seeded the same way,
so random transforms are compared value for value. Cases on the cv2 backend skip when OpenCV is
not installed."""
import random

import numpy as np
import pytest
from PIL import Image

import paddle_compat as paddle
import paddle_compat.vision.transforms as T
import paddle_compat.vision.transforms.functional as F

from ._vision_transforms_goldens import GOLDEN, IMAGES, case_ids, check_backend_case, record


@pytest.mark.parametrize("case_id", case_ids(record.CLASSES))
def test_transform_matches_paddle(case_id):
    check_backend_case(case_id)


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
        assert want["message"] in got["message"], (got, want)


def test_every_transform_class_is_recorded():
    recorded = {cid.split("/")[0] for cid in GOLDEN["cases"]}
    for name in T.__all__:
        if name[0].isupper() and name != "BaseTransform":
            assert any(r == name or r.startswith(name + "_") for r in recorded), \
                f"{name} has no golden case"


def test_compose_reports_the_failing_transform(capsys):
    with pytest.raises(ValueError):
        T.Compose([T.CenterCrop(2), T.Transpose((0, 1, 2, 3))])(Image.fromarray(IMAGES["rgb"]))
    assert "fail to perform transform [" in capsys.readouterr().out


def test_compose_repr():
    assert repr(T.Compose([T.CenterCrop(2)])).startswith("Compose(\n    <")


def test_random_flip_follows_python_random():
    img = Image.fromarray(IMAGES["rgb"])
    flip = T.RandomHorizontalFlip(0.5)
    record.seed_all(paddle, 3)
    first = [np.asarray(flip(img)).tolist() for _ in range(6)]
    random.seed(3)
    draws = [random.random() < 0.5 for _ in range(6)]
    assert [f != IMAGES["rgb"].tolist() for f in first] == draws
