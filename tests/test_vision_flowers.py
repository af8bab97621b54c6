"""paddle.vision.datasets.Flowers (_vision/datasets/flowers.py): the tgz + level-5 MAT-files built
by the recorder, compared with Paddle 3.3.1 (which read them with scipy.io.loadmat)."""
import os

import numpy as np
import pytest

from paddle_compat.dataset import common
from paddle_compat.vision.datasets import Flowers

from ._vision_goldens import case_ids, check, record


@pytest.mark.parametrize("case_id", case_ids("flowers/") + case_ids("errors/flowers"))
def test_matches_paddle(case_id):
    check(case_id)


def test_uncompressed_mat_files_and_cache_lookup(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    record.write_flowers(str(tmp_path / "flowers"), compress=False)
    ds = Flowers(mode="test")
    assert len(ds) == 2
    img, label = ds[1]
    assert img.size == (7, 6) and label.dtype == np.int64 and label.shape == (1,)
    assert os.path.isdir(tmp_path / "flowers" / "102flowers" / "jpg")


def test_missing_files_are_named_together(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError) as info:
        Flowers()
    message = str(info.value)
    for name in ("102flowers.tgz", "imagelabels.mat", "setid.mat"):
        assert name in message
    assert "52808999861908f626f3c1f4e79d11fa" in message
    assert "http://paddlemodels.bj.bcebos.com/flowers/setid.mat" in message


def test_archive_members_outside_the_folder_are_refused(tmp_path):
    import io
    import tarfile
    data, labels, setid = record.write_flowers(str(tmp_path / "f"))
    evil = str(tmp_path / "evil.tgz")
    with tarfile.open(evil, "w:gz") as tar:
        info = tarfile.TarInfo("../escaped.txt")
        info.size = 2
        tar.addfile(info, io.BytesIO(b"hi"))
    with pytest.raises(tarfile.OutsideDestinationError):
        Flowers(evil, labels, setid)
    assert not (tmp_path / "escaped.txt").exists()
