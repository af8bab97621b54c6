"""paddle.vision.datasets.MNIST / FashionMNIST (_vision/datasets/mnist.py): real gzip idx files
built by the recorder, read under both image backends and compared with Paddle 3.3.1's samples;
the cache lookup and its error; the DataLoader tutorial."""
import gzip
import os
import struct

import numpy as np
import pytest

import paddle_compat as paddle
from paddle_compat.dataset import common
from paddle_compat.vision.datasets import MNIST, FashionMNIST
from paddle_compat.vision.transforms import Compose, Normalize

from ._vision_goldens import case_ids, check, record


@pytest.mark.parametrize("case_id", case_ids("mnist/") + case_ids("fashion/")
                         + case_ids("errors/mnist") + case_ids("dataloader/"))
def test_matches_paddle(case_id):
    check(case_id)


@pytest.fixture
def data_home(tmp_path, monkeypatch):
    monkeypatch.setattr(common, "DATA_HOME", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_download_finds_files_in_paddles_cache(data_home):
    record.write_mnist(str(data_home / "mnist"), "t10k", n=7, seed=1)
    ds = MNIST(mode="test")
    images, labels = record.mnist_arrays(7, 1)
    assert len(ds) == 7
    img, label = ds[3]
    np.testing.assert_array_equal(np.asarray(img), images[3])
    assert label.dtype == np.int64 and label.shape == (1,) and label[0] == labels[3]


def test_fashion_uses_its_own_cache_folder(data_home):
    record.write_mnist(str(data_home / "fashion-mnist"), "train", n=3, seed=2)
    ds = FashionMNIST(mode="train", backend="cv2")
    img, _ = ds[0]
    assert img.dtype == np.float32 and img.shape == (28, 28)


def test_missing_files_raise_one_error_naming_each(data_home):
    with pytest.raises(RuntimeError) as info:
        MNIST(mode="train")
    message = str(info.value)
    # Paddle 3.3.1 offline: RuntimeError('Cannot download <url> within retry limit 3')
    assert message.startswith("Cannot download https://dataset.bj.bcebos.com/mnist/"
                              "train-images-idx3-ubyte.gz within retry limit 3\n")
    for name, md5 in (("train-images-idx3-ubyte.gz", MNIST.TRAIN_IMAGE_MD5),
                      ("train-labels-idx1-ubyte.gz", MNIST.TRAIN_LABEL_MD5)):
        assert name in message and md5 in message
    assert "https://dataset.bj.bcebos.com/mnist/train-images-idx3-ubyte.gz" in message
    assert str(data_home / "mnist") in message


def test_only_the_missing_file_is_named(data_home, tmp_path):
    image_path, _ = record.write_mnist(str(tmp_path / "own"), "t10k", n=2)
    with pytest.raises(RuntimeError) as info:
        MNIST(image_path=image_path, mode="test")
    assert "t10k-labels-idx1-ubyte.gz" in str(info.value)
    assert "images" not in str(info.value).split("\n", 1)[1]


def test_uncompressed_idx_files_are_read(tmp_path):
    images, labels = record.mnist_arrays(4, 3)
    img_path, lab_path = tmp_path / "i", tmp_path / "l"
    img_path.write_bytes(struct.pack(">IIII", 2051, 4, 28, 28) + images.tobytes())
    lab_path.write_bytes(struct.pack(">II", 2049, 4) + labels.tobytes())
    ds = MNIST(str(img_path), str(lab_path), backend="cv2")
    np.testing.assert_array_equal(ds[2][0], images[2].astype("float32"))


def test_bad_magic_is_a_clear_error(tmp_path):
    path = tmp_path / "bad.gz"
    with gzip.open(path, "wb") as f:
        f.write(struct.pack(">IIII", 1234, 1, 28, 28) + bytes(784))
    with pytest.raises(ValueError, match="not MNIST idx files"):
        MNIST(str(path), str(path))


def test_truncated_file_is_a_clear_error(tmp_path):
    img, lab = tmp_path / "i", tmp_path / "l"
    img.write_bytes(struct.pack(">IIII", 2051, 5, 28, 28) + bytes(784 * 2))
    lab.write_bytes(struct.pack(">II", 2049, 5) + bytes(5))
    with pytest.raises(ValueError, match="truncated"):
        MNIST(str(img), str(lab))


def test_dataloader_tutorial_batches(tmp_path):
    image_path, label_path = record.write_mnist(str(tmp_path), "train", n=10)
    ds = MNIST(image_path, label_path, mode="train",
               transform=Compose([Normalize(mean=[127.5], std=[127.5], data_format="CHW")]))
    loader = paddle.io.DataLoader(ds, batch_size=4, shuffle=True, drop_last=True)
    batches = list(loader)
    assert len(batches) == 2
    x, y = batches[0]
    assert isinstance(x, paddle.Tensor) and x.shape == [4, 1, 28, 28] and x.dtype == paddle.float32
    assert y.shape == [4, 1] and y.dtype == paddle.int64
    assert float(x.max()) <= 1.0 and float(x.min()) >= -1.0
