"""paddle.vision.datasets.Flowers: the Oxford 102 Flowers files (102flowers.tgz, imagelabels.mat,
setid.mat) read from local paths or Paddle's dataset cache.

Follows Paddle 3.3.1's python/paddle/vision/datasets/flowers.py (Apache-2.0): the archive is
extracted once next to itself (`102flowers/jpg/image_XXXXX.jpg`), mode 'train' reads setid's
'tstid' list, 'test' 'trnid' and 'valid' 'valid' (Paddle's swap: the larger split trains); samples
are PIL images ('pil') or float32 (default dtype) RGB HWC ndarrays ('cv2'), labels int64 [1].

Differences from Paddle: the .mat files are read by paddle_compat's own level-5 MAT-file reader
(numeric matrices only; no SciPy needed; Paddle uses scipy.io.loadmat). The archive is extracted with
tarfile's 'data' filter (no paths outside the target folder, no links out, no device files). No
network: missing files raise one RuntimeError naming each with its URL and MD5 and
`~/.cache/paddle/dataset/flowers/` (MD5 sums are not checked).
"""
import os
import tarfile

import numpy as np
from PIL import Image

from ... import _dtype
from ..._dataset import common
from ..._io.dataset import Dataset
from ..image import get_image_backend
from .matlab import loadmat

__all__ = ["Flowers"]

DATA_URL = "http://paddlemodels.bj.bcebos.com/flowers/102flowers.tgz"
LABEL_URL = "http://paddlemodels.bj.bcebos.com/flowers/imagelabels.mat"
SETID_URL = "http://paddlemodels.bj.bcebos.com/flowers/setid.mat"
DATA_MD5 = "52808999861908f626f3c1f4e79d11fa"
LABEL_MD5 = "e0620be6f572b9609742df49c70aed4d"
SETID_MD5 = "a5357ecc9cb78c4bef273ce3793fc85c"
MODE_FLAG_MAP = {"train": "tstid", "test": "trnid", "valid": "valid"}


def _extract(archive, target):
    with tarfile.open(archive) as data_tar:
        data_tar.extractall(target, filter="data")


class Flowers(Dataset):
    """paddle.vision.datasets.Flowers(data_file=None, label_file=None, setid_file=None,
    mode='train', transform=None, download=True, backend=None): (image, int64 label [1]) pairs;
    see the module doc.

    Differences from Paddle: the .mat files are read without SciPy (numeric matrices only); the
    archive is extracted with tarfile's 'data' filter; no network (one RuntimeError names every
    missing file, URL and MD5; MD5 sums are not checked).
    """

    def __init__(self, data_file=None, label_file=None, setid_file=None, mode="train",
                 transform=None, download=True, backend=None):
        assert mode.lower() in ["train", "valid", "test"], \
            f"mode should be 'train', 'valid' or 'test', but got {mode}"
        if backend is None:
            backend = get_image_backend()
        if backend not in ["pil", "cv2"]:
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        flag = MODE_FLAG_MAP[mode.lower()]
        needed = []
        for given, what, url, md5 in ((data_file, "data_file", DATA_URL, DATA_MD5),
                                      (label_file, "label_file", LABEL_URL, LABEL_MD5),
                                      (setid_file, "setid_file", SETID_URL, SETID_MD5)):
            if not given:
                assert download, f"{what} is not set and downloading automatically is disabled"
                needed.append((url, md5))
        common._check_cached(f"Flowers(mode='{mode}')", needed, "flowers",
                             "data_file=, label_file= and setid_file=")
        if not data_file:
            data_file = common._check_exists_and_download(data_file, DATA_URL, DATA_MD5,
                                                          "flowers", download)
        if not label_file:
            label_file = common._check_exists_and_download(label_file, LABEL_URL, LABEL_MD5,
                                                           "flowers", download)
        if not setid_file:
            setid_file = common._check_exists_and_download(setid_file, SETID_URL, SETID_MD5,
                                                           "flowers", download)
        self.transform = transform
        self.data_path = data_file.replace(".tgz", "/")
        if not os.path.exists(self.data_path):
            os.mkdir(self.data_path)
        if not os.path.exists(os.path.join(self.data_path, "jpg")):
            _extract(data_file, self.data_path)
        self.labels = loadmat(label_file)["labels"][0]
        self.indexes = loadmat(setid_file)[flag][0]

    def __getitem__(self, idx):
        index = self.indexes[idx]
        label = np.array([self.labels[index - 1]])
        image = os.path.join(self.data_path, f"jpg/image_{index:05}.jpg")
        if self.backend == "pil":
            image = Image.open(image)
        elif self.backend == "cv2":
            image = np.array(Image.open(image))
        if self.transform is not None:
            image = self.transform(image)
        if self.backend == "pil":
            return image, label.astype("int64")
        return image.astype(_dtype.get_default_dtype()), label.astype("int64")

    def __len__(self):
        return len(self.indexes)
