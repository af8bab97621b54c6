"""paddle.vision.datasets.DatasetFolder / ImageFolder (_vision/datasets/folder.py): an image tree
built by the recorder (png, jpg, bmp, upper-case extension, nested folder, a text file), read under
both image backends and compared with Paddle 3.3.1."""
import numpy as np
import pytest

import paddle_compat.vision as vision
from paddle_compat.vision.datasets import DatasetFolder
from paddle_compat._vision.datasets.folder import has_valid_extension

from ._vision_goldens import case_ids, check, record


@pytest.mark.parametrize("case_id", case_ids("folder/") + case_ids("imagefolder/"))
def test_matches_paddle(case_id):
    check(case_id)


def test_has_valid_extension():
    assert has_valid_extension("a/B.JPG", [".jpg"])
    assert not has_valid_extension("a/b.txt", (".jpg",))
    with pytest.raises(AssertionError, match="`extensions` must be list or tuple."):
        has_valid_extension("a.jpg", ".jpg")


def test_cv2_backend_loads_rgb_arrays(tmp_path):
    pytest.importorskip("cv2")
    root = record.write_folder(str(tmp_path))
    vision.set_image_backend("cv2")
    try:
        sample, target = DatasetFolder(root)[0]
    finally:
        vision.set_image_backend("pil")
    assert isinstance(sample, np.ndarray) and sample.dtype == np.uint8 and sample.shape[2] == 3
    assert target == 0
