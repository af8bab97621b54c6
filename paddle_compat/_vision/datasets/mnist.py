"""paddle.vision.datasets.MNIST and FashionMNIST: the idx files (gzip-compressed, as Paddle downloads
them) read from local paths or from Paddle's dataset cache.

Follows Paddle 3.3.1's python/paddle/vision/datasets/mnist.py (Apache-2.0): samples in file order,
the image a 28x28 'L' PIL image ('pil' backend) or a float32 (default dtype) ndarray ('cv2'), the
label an int64 array of shape [1].

Differences from Paddle: no network. With `download=True` and no path, the files are looked up in
`~/.cache/paddle/dataset/<mnist|fashion-mnist>/` under Paddle's file names (an uncompressed copy
without `.gz` serves as well); when they are not there one RuntimeError names every missing file
with its URL and MD5 (MD5 sums are not checked, so locally generated files work). The idx files are
parsed with numpy in one pass, so a sample count that is not a multiple of 100 is read to the end
(Paddle's 100-sample chunks fail on it); `images` is one float32 array [N, rows * cols] (Paddle: a
list of its rows).
"""
import gzip

import numpy as np
from PIL import Image

from ... import _dtype
from ..._dataset import common
from ..._io.dataset import Dataset
from ..image import get_image_backend

__all__ = ["MNIST", "FashionMNIST"]


def _read_idx(path):
    with open(path, "rb") as f:
        head = f.read(2)
    opener = gzip.open if head == b"\x1f\x8b" else open
    with opener(path, "rb") as f:
        return f.read()


def _parse_idx(image_path, label_path):
    img_buf, lab_buf = _read_idx(image_path), _read_idx(label_path)
    magic_img, image_num, rows, cols = np.frombuffer(img_buf, ">u4", 4, 0).tolist()
    magic_lab, label_num = np.frombuffer(lab_buf, ">u4", 2, 0).tolist()
    if magic_img != 2051 or magic_lab != 2049:
        raise ValueError(f"{image_path} / {label_path} are not MNIST idx files (magic numbers "
                         f"{magic_img} / {magic_lab}, expected 2051 / 2049)")
    count = min(image_num, label_num)
    if len(img_buf) < 16 + count * rows * cols or len(lab_buf) < 8 + count:
        raise ValueError(f"{image_path} / {label_path} are truncated: the headers announce "
                         f"{count} samples of {rows}x{cols}")
    pixels = np.frombuffer(img_buf, np.uint8, count * rows * cols, 16).reshape(count, rows * cols)
    labels = np.frombuffer(lab_buf, np.uint8, count, 8).astype("int64").reshape(count, 1)
    return pixels.astype("float32"), labels


class MNIST(Dataset):
    """paddle.vision.datasets.MNIST(image_path=None, label_path=None, mode='train', transform=None,
    download=True, backend=None): (image, int64 label [1]) pairs; see the module doc.

    Differences from Paddle: no network (files are looked up in Paddle's cache directory and one
    RuntimeError names every missing file, URL and MD5; MD5 sums are not checked); any sample count
    is read (Paddle needs a multiple of 100); `images` is one float32 array.
    """

    NAME = "mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "9fb629c4189551a2d022fa330f9573f3"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "ec29112dd5afa0611ce80d1b7f02629c"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "f68b3c2dcbeaaa9fbdd348bbdeb94873"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "d53e105ee54ea40749a09fcbcd1e9432"

    def __init__(self, image_path=None, label_path=None, mode="train", transform=None,
                 download=True, backend=None):
        assert mode.lower() in ["train", "test"], \
            f"mode should be 'train' or 'test', but got {mode}"
        if backend is None:
            backend = get_image_backend()
        if backend not in ["pil", "cv2"]:
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self.mode = mode.lower()
        # Paddle picks the image URL with `mode == 'train'` (not lowered) and the label URL with
        # the lowered mode; kept so that both pick the same files for the same arguments.
        image_url = self.TRAIN_IMAGE_URL if mode == "train" else self.TEST_IMAGE_URL
        image_md5 = self.TRAIN_IMAGE_MD5 if mode == "train" else self.TEST_IMAGE_MD5
        label_url = self.TRAIN_LABEL_URL if self.mode == "train" else self.TEST_LABEL_URL
        label_md5 = self.TRAIN_LABEL_MD5 if self.mode == "train" else self.TEST_LABEL_MD5
        self.image_path = image_path
        if self.image_path is None:
            assert download, "image_path is not set and downloading automatically is disabled"
        self.label_path = label_path
        if self.label_path is None:
            assert download, "label_path is not set and downloading automatically is disabled"
        needed = ([(image_url, image_md5)] if image_path is None else []) \
            + ([(label_url, label_md5)] if label_path is None else [])
        common._check_cached(f"{type(self).__name__}(mode='{mode}')", needed, self.NAME,
                             "image_path= and label_path=")
        if self.image_path is None:
            self.image_path = common._check_exists_and_download(image_path, image_url, image_md5,
                                                                self.NAME, download)
        if self.label_path is None:
            self.label_path = common._check_exists_and_download(label_path, label_url, label_md5,
                                                                self.NAME, download)
        self.transform = transform
        self._parse_dataset()
        self.dtype = _dtype.get_default_dtype()

    def _parse_dataset(self, buffer_size=100):
        self.images, self.labels = _parse_idx(self.image_path, self.label_path)

    def __getitem__(self, idx):
        image, label = self.images[idx], self.labels[idx]
        image = np.reshape(image, [28, 28])
        if self.backend == "pil":
            image = Image.fromarray(image.astype("uint8"), mode="L")
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(self.dtype), label.astype("int64")

    def __len__(self):
        return len(self.labels)


class FashionMNIST(MNIST):
    """paddle.vision.datasets.FashionMNIST: MNIST's reader over the Fashion-MNIST files."""

    NAME = "fashion-mnist"
    URL_PREFIX = "https://dataset.bj.bcebos.com/fashion_mnist/"
    TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
    TEST_IMAGE_MD5 = "bef4ecab320f06d8554ea6380940ec79"
    TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
    TEST_LABEL_MD5 = "bb300cfdad3c16e7a12a480ee83cd310"
    TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
    TRAIN_IMAGE_MD5 = "8d4fb7e6c68d591d4c3dfef9ec88bf0d"
    TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
    TRAIN_LABEL_MD5 = "25c81989df183df01b3e8a0aad5dffbe"
