"""paddle.vision.datasets.DatasetFolder and ImageFolder: images in a directory tree.

Follows Paddle 3.3.1's python/paddle/vision/datasets/folder.py (Apache-2.0): classes are the sorted
sub-directory names, samples are walked in sorted order (links followed), images are loaded with the
current image backend (PIL converted to RGB, or cv2 converted BGR -> RGB).
"""
import os

from PIL import Image

from ... import _dtype
from ..._utils.lazy_import import try_import
from ..._io.dataset import Dataset
from ..image import get_image_backend

__all__ = ["DatasetFolder", "ImageFolder", "has_valid_extension", "make_dataset",
           "IMG_EXTENSIONS", "pil_loader", "cv2_loader", "default_loader"]

IMG_EXTENSIONS = (".jpg", ".jpeg", ".png", ".ppm", ".bmp", ".pgm", ".tif", ".tiff", ".webp")


def has_valid_extension(filename, extensions):
    """Whether `filename` ends with one of `extensions` (case-insensitive)."""
    assert isinstance(extensions, (list, tuple)), "`extensions` must be list or tuple."
    extensions = tuple([x.lower() for x in extensions])
    return filename.lower().endswith(extensions)


def make_dataset(dir, class_to_idx, extensions, is_valid_file=None):
    """[(path, class index)] for every valid file under dir/<class>/, in sorted order."""
    images = []
    dir = os.path.expanduser(dir)
    if extensions is not None:
        def is_valid_file(x):
            return has_valid_extension(x, extensions)
    for target in sorted(class_to_idx.keys()):
        d = os.path.join(dir, target)
        if not os.path.isdir(d):
            continue
        for root, _, fnames in sorted(os.walk(d, followlinks=True)):
            for fname in sorted(fnames):
                path = os.path.join(root, fname)
                if is_valid_file(path):
                    images.append((path, class_to_idx[target]))
    return images


def pil_loader(path):
    """The image at `path` as an RGB PIL image."""
    with open(path, "rb") as f:
        img = Image.open(f)
        return img.convert("RGB")


def cv2_loader(path):
    """The image at `path` as an RGB uint8 ndarray (needs opencv-python)."""
    cv2 = try_import("cv2")
    return cv2.cvtColor(cv2.imread(path), cv2.COLOR_BGR2RGB)


def default_loader(path):
    """cv2_loader when the image backend is 'cv2', else pil_loader."""
    if get_image_backend() == "cv2":
        return cv2_loader(path)
    return pil_loader(path)


class DatasetFolder(Dataset):
    """paddle.vision.datasets.DatasetFolder(root, loader=None, extensions=None, transform=None,
    is_valid_file=None): (sample, class index) pairs from root/<class>/**/<file>."""

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        self.transform = transform
        if extensions is None:
            extensions = IMG_EXTENSIONS
        classes, class_to_idx = self._find_classes(self.root)
        samples = make_dataset(self.root, class_to_idx, extensions, is_valid_file)
        if len(samples) == 0:
            raise RuntimeError("Found 0 directories in subfolders of: " + self.root + "\n"
                               "Supported extensions are: " + ",".join(extensions))
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.classes = classes
        self.class_to_idx = class_to_idx
        self.samples = samples
        self.targets = [s[1] for s in samples]
        self.dtype = _dtype.get_default_dtype()

    def _find_classes(self, dir):
        classes = [d.name for d in os.scandir(dir) if d.is_dir()]
        classes.sort()
        class_to_idx = {classes[i]: i for i in range(len(classes))}
        return classes, class_to_idx

    def __getitem__(self, index):
        path, target = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return sample, target

    def __len__(self):
        return len(self.samples)


class ImageFolder(Dataset):
    """paddle.vision.datasets.ImageFolder(root, loader=None, extensions=None, transform=None,
    is_valid_file=None): [sample] lists (no labels) from every valid file under root."""

    def __init__(self, root, loader=None, extensions=None, transform=None, is_valid_file=None):
        self.root = root
        if extensions is None:
            extensions = IMG_EXTENSIONS
        samples = []
        path = os.path.expanduser(root)
        if extensions is not None:
            def is_valid_file(x):
                return has_valid_extension(x, extensions)
        for root, _, fnames in sorted(os.walk(path, followlinks=True)):
            for fname in sorted(fnames):
                f = os.path.join(root, fname)
                if is_valid_file(f):
                    samples.append(f)
        if len(samples) == 0:
            raise RuntimeError("Found 0 files in subfolders of: " + self.root + "\n"
                               "Supported extensions are: " + ",".join(extensions))
        self.loader = default_loader if loader is None else loader
        self.extensions = extensions
        self.samples = samples
        self.transform = transform

    def __getitem__(self, index):
        path = self.samples[index]
        sample = self.loader(path)
        if self.transform is not None:
            sample = self.transform(sample)
        return [sample]

    def __len__(self):
        return len(self.samples)
