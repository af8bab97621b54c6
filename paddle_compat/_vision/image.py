"""paddle.vision.set_image_backend / get_image_backend / image_load: the process-wide image backend
('pil', 'cv2' or 'tensor') used by DatasetFolder, ImageFolder and the datasets' default `backend`.

Follows Paddle 3.3.1's python/paddle/vision/image.py (Apache-2.0).
"""
from PIL import Image

from .._utils.lazy_import import try_import

__all__ = ["set_image_backend", "get_image_backend", "image_load"]

_image_backend = "pil"


def _check_backend(backend):
    if backend not in ["pil", "cv2", "tensor"]:
        raise ValueError(f"Expected backend are one of ['pil', 'cv2', 'tensor'], but got {backend}")


def set_image_backend(backend):
    """paddle.vision.set_image_backend(backend): 'pil' (the default), 'cv2' or 'tensor'."""
    global _image_backend
    _check_backend(backend)
    _image_backend = backend


def get_image_backend():
    """paddle.vision.get_image_backend(): the current image backend name."""
    return _image_backend


def image_load(path, backend=None):
    """paddle.vision.image_load(path, backend=None): a PIL image ('pil', opened lazily) or a BGR
    uint8 ndarray ('cv2', needs opencv-python); None for 'tensor', as in Paddle."""
    if backend is None:
        backend = _image_backend
    _check_backend(backend)
    if backend == "pil":
        return Image.open(path)
    if backend == "cv2":
        cv2 = try_import("cv2")
        return cv2.imread(path)
    return None
