"""paddle.vision.datasets.Cifar10 and Cifar100: the python-version tarballs
(cifar-10-python.tar.gz, cifar-100-python.tar.gz) read from a local path or Paddle's dataset cache.

Follows Paddle 3.3.1's python/paddle/vision/datasets/cifar.py (Apache-2.0): the batches whose member
name contains the mode's flag ('data_batch' / 'test_batch' for Cifar10, 'train' / 'test' for
Cifar100), in sorted member order; samples as 32x32 RGB PIL images ('pil') or float32 (default dtype)
HWC ndarrays ('cv2'), labels int64 arrays of shape [] (Cifar100: the fine labels).

Differences from Paddle: the pickled batches are read with paddle_compat's safe loader
(`_safe_pickle`: exact allow-listed globals, numpy arrays, lists, dicts, numbers and bytes), so a
tampered archive cannot run code; Paddle uses pickle.load. No network: a missing tarball raises one RuntimeError naming the file, its URL and MD5
and `~/.cache/paddle/dataset/cifar/` (MD5 sums are not checked).
"""
import pickle
import tarfile

import numpy as np
from PIL import Image

from ... import _dtype
from ... import _safe_pickle
from ..._dataset import common
from ..._io.dataset import Dataset
from ..image import get_image_backend

__all__ = ["Cifar10", "Cifar100"]

URL_PREFIX = "https://dataset.bj.bcebos.com/cifar/"
CIFAR10_URL = URL_PREFIX + "cifar-10-python.tar.gz"
CIFAR10_MD5 = "c58f30108f718f92721af3b95e74349a"
CIFAR100_URL = URL_PREFIX + "cifar-100-python.tar.gz"
CIFAR100_MD5 = "eb9058c3a382ffc7106e4002c42a8d85"
MODE_FLAG_MAP = {"train10": "data_batch", "test10": "test_batch", "train100": "train",
                 "test100": "test"}


class Cifar10(Dataset):
    """paddle.vision.datasets.Cifar10(data_file=None, mode='train', transform=None, download=True,
    backend=None): (image, int64 label) pairs; see the module doc.

    Differences from Paddle: batches are unpickled with a restricted loader (data only); no
    network (a missing tarball raises one RuntimeError naming it, its URL, MD5 and the cache folder;
    MD5 sums are not checked).
    """

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        assert mode.lower() in ["train", "test"], \
            f"mode.lower() should be 'train' or 'test', but got {mode}"
        self.mode = mode.lower()
        if backend is None:
            backend = get_image_backend()
        if backend not in ["pil", "cv2"]:
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self._init_url_md5_flag()
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            common._check_cached(f"{type(self).__name__}(mode='{mode}')",
                                 [(self.data_url, self.data_md5)], "cifar", "data_file=")
            self.data_file = common._check_exists_and_download(data_file, self.data_url,
                                                               self.data_md5, "cifar", download)
        self.transform = transform
        self._load_data()
        self.dtype = _dtype.get_default_dtype()

    def _init_url_md5_flag(self):
        self.data_url = CIFAR10_URL
        self.data_md5 = CIFAR10_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "10"]

    def _load_data(self):
        self.data = []
        with tarfile.open(self.data_file, mode="r") as f:
            names = sorted(item.name for item in f if self.flag in item.name)
            for name in names:
                batch = _safe_pickle.loads(f.extractfile(name).read(), f"{self.data_file}:{name}",
                                           api=f"paddle.vision.datasets.{type(self).__name__}",
                                           encoding="bytes")
                data = _safe_pickle.plain_array(batch[b"data"])
                labels = batch.get(b"labels", batch.get(b"fine_labels", None))
                assert labels is not None
                for sample, label in zip(data, labels):
                    self.data.append((sample, label))

    def __getitem__(self, idx):
        image, label = self.data[idx]
        image = np.reshape(image, [3, 32, 32])
        image = image.transpose([1, 2, 0])
        if self.backend == "pil":
            image = Image.fromarray(image.astype("uint8"))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, np.array(label).astype("int64")
        return image.astype(self.dtype), np.array(label).astype("int64")

    def __len__(self):
        return len(self.data)


class Cifar100(Cifar10):
    """paddle.vision.datasets.Cifar100(data_file=None, mode='train', transform=None, download=True,
    backend=None): Cifar10's reader over cifar-100-python.tar.gz (fine labels)."""

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        super().__init__(data_file, mode, transform, download, backend)

    def _init_url_md5_flag(self):
        self.data_url = CIFAR100_URL
        self.data_md5 = CIFAR100_MD5
        self.flag = MODE_FLAG_MAP[self.mode + "100"]
