"""paddle.dataset.mnist: MNIST reader creators (`train()`, `test()`) over the local idx files.

Each sample is `(image, label)`: a float32 array of the 784 pixels scaled to [-1, 1]
(`x / 255 * 2 - 1`, as Paddle) and an int label in [0, 9]. Files are looked up as
`DATA_HOME/mnist/{train,t10k}-{images-idx3,labels-idx1}-ubyte.gz` (see paddle.dataset.common);
missing files raise RuntimeError saying where to put them.

Differences from Paddle: files are parsed with numpy instead of struct (same values, much faster), a
sample count that is not a multiple of 100 is read to the end (Paddle's reader fails on the last
partial chunk), MD5 sums are not checked, and no deprecation warning is printed.
"""
import gzip

import numpy as np

from . import common

__all__ = []

URL_PREFIX = "https://dataset.bj.bcebos.com/mnist/"
TEST_IMAGE_URL = URL_PREFIX + "t10k-images-idx3-ubyte.gz"
TEST_IMAGE_MD5 = "9fb629c4189551a2d022fa330f9573f3"
TEST_LABEL_URL = URL_PREFIX + "t10k-labels-idx1-ubyte.gz"
TEST_LABEL_MD5 = "ec29112dd5afa0611ce80d1b7f02629c"
TRAIN_IMAGE_URL = URL_PREFIX + "train-images-idx3-ubyte.gz"
TRAIN_IMAGE_MD5 = "f68b3c2dcbeaaa9fbdd348bbdeb94873"
TRAIN_LABEL_URL = URL_PREFIX + "train-labels-idx1-ubyte.gz"
TRAIN_LABEL_MD5 = "d53e105ee54ea40749a09fcbcd1e9432"


def _read(path):
    opener = gzip.open if path.endswith(".gz") else open
    with opener(path, "rb") as f:
        return f.read()


def _parse(image_filename, label_filename):
    img_buf, lab_buf = _read(image_filename), _read(label_filename)
    magic_img, image_num, rows, cols = np.frombuffer(img_buf, ">u4", 4, 0).tolist()
    magic_lab, label_num = np.frombuffer(lab_buf, ">u4", 2, 0).tolist()
    if magic_img != 2051 or magic_lab != 2049:
        raise ValueError(f"{image_filename} / {label_filename} are not MNIST idx files (magic "
                         f"numbers {magic_img} / {magic_lab}, expected 2051 / 2049)")
    count = min(image_num, label_num)
    pixels = np.frombuffer(img_buf, np.uint8, count * rows * cols, 16).reshape(count, rows * cols)
    labels = np.frombuffer(lab_buf, np.uint8, count, 8)
    images = pixels.astype("float32") / 255.0 * 2.0 - 1.0
    return images, labels


def reader_creator(image_filename, label_filename, buffer_size=100):
    """A reader creator yielding `(float32 image[rows*cols] in [-1, 1], int label)` samples."""
    def reader():
        images, labels = _parse(image_filename, label_filename)
        for i in range(len(labels)):
            yield images[i, :], int(labels[i])
    return reader


def train():
    """MNIST training set reader creator (60000 samples with the real files)."""
    return reader_creator(common.download(TRAIN_IMAGE_URL, "mnist", TRAIN_IMAGE_MD5),
                          common.download(TRAIN_LABEL_URL, "mnist", TRAIN_LABEL_MD5), 100)


def test():
    """MNIST test set reader creator (10000 samples with the real files)."""
    return reader_creator(common.download(TEST_IMAGE_URL, "mnist", TEST_IMAGE_MD5),
                          common.download(TEST_LABEL_URL, "mnist", TEST_LABEL_MD5), 100)


def fetch():
    """Check that all four MNIST files are present (Paddle downloads them)."""
    for url, md5 in ((TRAIN_IMAGE_URL, TRAIN_IMAGE_MD5), (TRAIN_LABEL_URL, TRAIN_LABEL_MD5),
                     (TEST_IMAGE_URL, TEST_IMAGE_MD5), (TEST_LABEL_URL, TEST_LABEL_MD5)):
        common.download(url, "mnist", md5)
