"""paddle.vision.datasets: MNIST, FashionMNIST, Cifar10, Cifar100, Flowers, VOC2012, DatasetFolder,
ImageFolder."""
from ..._vision.datasets.cifar import Cifar10, Cifar100
from ..._vision.datasets.folder import DatasetFolder, ImageFolder
from ..._vision.datasets.mnist import MNIST, FashionMNIST

__all__ = ["DatasetFolder", "ImageFolder", "MNIST", "FashionMNIST", "Cifar10", "Cifar100"]
