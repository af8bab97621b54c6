"""paddle.vision.datasets.VOC2012: the segmentation part of VOCtrainval_11-May-2012.tar, read from
a local path or Paddle's dataset cache.

Follows Paddle 3.3.1's python/paddle/vision/datasets/voc2012.py (Apache-2.0): the image list of
ImageSets/Segmentation/<trainval|train|val>.txt for mode 'train' / 'test' / 'valid' (Paddle's
mapping), images from JPEGImages and labels from SegmentationClass read straight out of the tar;
samples are (PIL image, PIL label) for 'pil' and float32 (default dtype) ndarrays for 'cv2'.

Differences from Paddle: no network: a missing tar raises one RuntimeError naming the file, its URL
and MD5 and `~/.cache/paddle/dataset/voc2012/` (MD5 sums are not checked).
"""
import io
import tarfile

import numpy as np
from PIL import Image

from ... import _dtype
from ..._dataset import common
from ..._io.dataset import Dataset
from ..image import get_image_backend

__all__ = ["VOC2012"]

VOC_URL = "https://dataset.bj.bcebos.com/voc/VOCtrainval_11-May-2012.tar"
VOC_MD5 = "6cd6e144f989b92b3379bac3b3de84fd"
SET_FILE = "VOCdevkit/VOC2012/ImageSets/Segmentation/{}.txt"
DATA_FILE = "VOCdevkit/VOC2012/JPEGImages/{}.jpg"
LABEL_FILE = "VOCdevkit/VOC2012/SegmentationClass/{}.png"
CACHE_DIR = "voc2012"
MODE_FLAG_MAP = {"train": "trainval", "test": "train", "valid": "val"}


class VOC2012(Dataset):
    """paddle.vision.datasets.VOC2012(data_file=None, mode='train', transform=None, download=True,
    backend=None): (image, segmentation label) pairs; see the module doc.

    Differences from Paddle: no network (a missing tar raises one RuntimeError naming it, its URL,
    MD5 and the cache folder; MD5 sums are not checked).
    """

    data_tar = None

    def __init__(self, data_file=None, mode="train", transform=None, download=True, backend=None):
        assert mode.lower() in ["train", "valid", "test"], \
            f"mode should be 'train', 'valid' or 'test', but got {mode}"
        if backend is None:
            backend = get_image_backend()
        if backend not in ["pil", "cv2"]:
            raise ValueError(f"Expected backend are one of ['pil', 'cv2'], but got {backend}")
        self.backend = backend
        self.flag = MODE_FLAG_MAP[mode.lower()]
        self.data_file = data_file
        if self.data_file is None:
            assert download, "data_file is not set and downloading automatically is disabled"
            common._check_cached(f"VOC2012(mode='{mode}')", [(VOC_URL, VOC_MD5)], CACHE_DIR,
                                 "data_file=")
            self.data_file = common._check_exists_and_download(data_file, VOC_URL, VOC_MD5,
                                                               CACHE_DIR, download)
        self.transform = transform
        self._load_anno()
        self.dtype = _dtype.get_default_dtype()

    def _load_anno(self):
        self.name2mem = {}
        self.data_tar = tarfile.open(self.data_file)
        for ele in self.data_tar.getmembers():
            self.name2mem[ele.name] = ele
        sets = self.data_tar.extractfile(self.name2mem[SET_FILE.format(self.flag)])
        self.data = []
        self.labels = []
        for line in sets:
            line = line.strip().decode("utf-8")
            self.data.append(DATA_FILE.format(line))
            self.labels.append(LABEL_FILE.format(line))

    def __getitem__(self, idx):
        data = self.data_tar.extractfile(self.name2mem[self.data[idx]]).read()
        label = self.data_tar.extractfile(self.name2mem[self.labels[idx]]).read()
        data = Image.open(io.BytesIO(data))
        label = Image.open(io.BytesIO(label))
        if self.backend == "cv2":
            data = np.array(data)
            label = np.array(label)
        if self.transform is not None:
            data = self.transform(data)
        if self.backend == "cv2":
            return data.astype(self.dtype), label.astype(self.dtype)
        return data, label

    def __len__(self):
        return len(self.data)

    def __del__(self):
        if self.data_tar:
            self.data_tar.close()
