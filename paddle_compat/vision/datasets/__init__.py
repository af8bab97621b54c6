"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10, Cifar100, Flowers, VOC2012, DatasetFolder,
ImageFolder."""
from ..._vision.datasets.cifar import Cifar10, Cifar100
from ..._vision.datasets.flowers import Flowers
from ..._vision.datasets.folder import DatasetFolder, ImageFolder
from ..._vision.datasets.mnist import MNIST, FashionMNIST
from ..._vision.datasets.voc2012 import VOC2012

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Flowers", "Cifar10",
           "Cifar100", "VOC2012"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
