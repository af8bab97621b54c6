"""paddle.amp.is_float16_supported / is_bfloat16_supported (mirrors paddle/amp/__init__.py)."""
import torch

from .. import _place

__all__ = ["is_float16_supported", "is_bfloat16_supported"]


def _device(device):
    return _place.current_torch_device() if device is None else _place.to_place(device).device


def is_float16_supported(device=None):
    """paddle.amp.is_float16_supported(device=None): whether AMP can use float16 on the device:
    False on CPU (as Paddle 3.3.1), True on a GPU of compute capability 5.3 or more.

    Differences from Paddle: none known."""
    dev = _device(device)
    if dev.type != "cuda":
        return False
    major, minor = torch.cuda.get_device_capability(dev)
    return (major, minor) >= (5, 3)


def is_bfloat16_supported(device=None):
    """paddle.amp.is_bfloat16_supported(device=None): whether AMP can use bfloat16 on the device:
    True on CPU (as Paddle 3.3.1), on a GPU when it has bfloat16 arithmetic (compute capability 8+).

    Differences from Paddle: none known."""
    dev = _device(device)
    if dev.type != "cuda":
        return True
    return torch.cuda.get_device_capability(dev)[0] >= 8
