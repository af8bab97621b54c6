"""paddle.vision.datasets.Cifar10 / Cifar100 (_vision/datasets/cifar.py): real python-version
tarballs built by the recorder, compared with Paddle 3.3.1's samples; the restricted unpickler and
the cache lookup."""
import io
import os
import pickle
import tarfile

import numpy as np
import pytest

from paddle_compat.dataset import common
from paddle_compat.vision.datasets import Cifar10, Cifar100

from ._vision_goldens import case_ids, check, record


@pytest.mark.parametrize("case_id", case_ids("cifar") + case_ids("errors/cifar"))
def test_matches_paddle(case_id):
    check(case_id)


class _Boom:
    def __reduce__(self):
        return (os.system, ("echo pwned",))


def test_a_batch_that_would_run_code_is_refused(tmp_path):
    path = tmp_path / "cifar-10-python.tar.gz"
    payload = pickle.dumps({b"data": np.zeros((1, 3072), "uint8"), b"labels": [_Boom()]})
    with tarfile.open(path, "w:gz") as tar:
        info = tarfile.TarInfo("cifar-10-batches-py/data_batch_1")
        info.size = len(payload)
        tar.addfile(info, io.BytesIO(payload))
    with pytest.raises(pickle.UnpicklingError,
                       match="paddle.vision.datasets.Cifar10 refused to unpickle the global "
                             "'posix.system'"):
        Cifar10(str(path))


def test_download_finds_the_tarball_in_paddles_cache(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    os.makedirs(tmp_path / "cifar")
    record.write_cifar(str(tmp_path / "cifar" / "cifar-100-python.tar.gz"), 100)
    ds = Cifar100(mode="test", backend="cv2")
    img, label = ds[0]
    assert img.shape == (32, 32, 3) and img.dtype == np.float32
    assert label.dtype == np.int64 and label.shape == ()


def test_missing_tarball_names_file_url_md5_and_folder(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path))
    with pytest.raises(RuntimeError) as info:
        Cifar10()
    message = str(info.value)
    assert "cifar-10-python.tar.gz" in message and "c58f30108f718f92721af3b95e74349a" in message
    assert "https://dataset.bj.bcebos.com/cifar/cifar-10-python.tar.gz" in message
    assert os.path.join(str(tmp_path), "cifar") in message
