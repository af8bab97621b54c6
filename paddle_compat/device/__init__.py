"""paddle.device: the current device and CUDA queries, on torch's device API.

Differences from Paddle: only CPU and CUDA devices exist (through torch); XPU/NPU/custom-device
queries report nothing available.
"""
import torch

from .._place import device_count, get_device, is_compiled_with_cuda, set_device
from . import cuda

__all__ = ["get_device", "set_device", "device_count", "is_compiled_with_cuda", "cuda",
           "get_all_device_type", "get_available_device", "is_compiled_with_xpu",
           "is_compiled_with_rocm", "is_compiled_with_custom_device", "synchronize",
           "get_all_custom_device_type", "get_available_custom_device", "is_compiled_with_cinn",
           "is_compiled_with_distribute"]


def get_all_device_type():
    """paddle.device.get_all_device_type(): ['cpu'] plus 'gpu' when torch sees a GPU."""
    return ["cpu", "gpu"] if torch.cuda.is_available() else ["cpu"]


def get_available_device():
    """paddle.device.get_available_device(): ['cpu', 'gpu:0', ...]."""
    return ["cpu"] + [f"gpu:{i}" for i in range(device_count())]


def is_compiled_with_xpu():
    return False


def is_compiled_with_rocm():
    return bool(getattr(torch.version, "hip", None))


def is_compiled_with_custom_device(device_type=None):
    return False


def is_compiled_with_cinn():
    return False


def is_compiled_with_distribute():
    return torch.distributed.is_available()


def get_all_custom_device_type():
    return []


def get_available_custom_device():
    return []


def synchronize(device=None):
    """paddle.device.synchronize(): waits for the GPU when there is one; a no-op on CPU."""
    if torch.cuda.is_available():
        torch.cuda.synchronize()

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
