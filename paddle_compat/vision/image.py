"""paddle.vision.image: the image backend switch and image_load."""
from .._vision.image import get_image_backend, image_load, set_image_backend

__all__ = ["set_image_backend", "get_image_backend", "image_load"]
