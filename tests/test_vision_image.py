"""paddle.vision.set_image_backend / get_image_backend / image_load (_vision/image.py)."""
import pytest

import paddle_compat.vision as vision

from ._vision_goldens import case_ids, check


@pytest.mark.parametrize("case_id", case_ids("image_load/") + ["errors/set_image_backend",
                                                                "errors/image_load"])
def test_matches_paddle(case_id):
    check(case_id)


def test_backend_round_trip():
    assert vision.get_image_backend() == "pil"
    vision.set_image_backend("tensor")
    try:
        assert vision.get_image_backend() == "tensor"
    finally:
        vision.set_image_backend("pil")
    with pytest.raises(ValueError, match=r"Expected backend are one of \['pil', 'cv2', 'tensor'\]"):
        vision.set_image_backend("PIL")
