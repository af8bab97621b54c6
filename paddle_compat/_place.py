"""Places are torch devices (DESIGN decision 6).

`paddle.CPUPlace()` -> torch 'cpu'; `paddle.CUDAPlace(i)` -> torch 'cuda:i'. Places print as Paddle's
`Place(cpu)` / `Place(gpu:0)`. `set_device` / `get_device` keep the current expected place, which
creation ops and the static Executor use.

Differences from Paddle: a CUDA place is usable whenever torch sees a GPU (Paddle needs its GPU wheel);
XPU/NPU/custom devices are not supported and raise Paddle's ValueError for an unknown device string.
"""
import re

import torch

__all__ = ["Place", "CPUPlace", "CUDAPlace", "CUDAPinnedPlace", "set_device", "get_device",
           "current_place", "current_torch_device", "to_place", "place_of_torch_device",
           "is_compiled_with_cuda", "device_count", "XPUPinnedPlace", "XPUPlace", "IPUPlace"]


class Place:
    """A Paddle place: where a tensor lives. Wraps a `torch.device`."""

    __slots__ = ("device",)

    def __init__(self, device="cpu"):
        self.device = torch.device(device)

    def __str__(self):
        if self.device.type == "cpu":
            return "Place(cpu)"
        return f"Place(gpu:{self.device.index or 0})"

    __repr__ = __str__

    def __eq__(self, other):
        return isinstance(other, Place) and other.device == self.device

    def __hash__(self):
        return hash(self.device)

    def is_cpu_place(self):
        return self.device.type == "cpu"

    def is_gpu_place(self):
        return self.device.type == "cuda"

    def gpu_device_id(self):
        return self.device.index or 0

    def get_device_id(self):
        return self.device.index or 0


class CPUPlace(Place):
    """paddle.CPUPlace()"""

    __slots__ = ()

    def __init__(self):
        super().__init__("cpu")


def _check_gpu(index, what):
    if not torch.cuda.is_available():
        raise ValueError(f"{what} needs a GPU, but torch sees no CUDA device "
                         f"(torch.cuda.is_available() is False). Use paddle.CPUPlace() instead.")
    count = torch.cuda.device_count()
    if not 0 <= index < count:
        raise ValueError(f"{what}: the GPU id must be in [0, {count}), but received {index}.")


class CUDAPlace(Place):
    """paddle.CUDAPlace(id): GPU `id` through torch's CUDA backend.

    Differences from Paddle: asking for a GPU where torch sees none is a ValueError at creation that
    names the place (Paddle logs an error and raises "(InvalidArgument) use wrong place").
    """

    __slots__ = ()

    def __init__(self, id=0):
        _check_gpu(int(id), f"CUDAPlace({id})")
        super().__init__(f"cuda:{int(id)}")


class CUDAPinnedPlace(Place):
    """paddle.CUDAPinnedPlace(): host memory; tensors here are plain CPU tensors."""

    __slots__ = ()

    def __init__(self):
        super().__init__("cpu")


class XPUPinnedPlace(Place):
    """paddle.XPUPinnedPlace(): host memory pinned for Kunlun XPUs. paddle_compat has no XPU
    (torch has none), so constructing one raises the error Paddle's CPU and GPU builds raise."""

    __slots__ = ()

    def __init__(self):
        raise RuntimeError("(PermissionDenied) Cannot use XPUPinnedPlace in CPU only version, "
                           "Please recompile or reinstall Paddle with XPU support.")


def XPUPlace(dev_id=0):
    """paddle.device.XPUPlace(dev_id): a Kunlun XPU place. paddle_compat has no XPU, so this raises
    the ValueError Paddle's CPU and GPU builds raise; use paddle.CPUPlace() or
    paddle.CUDAPlace(i)."""
    raise ValueError("(InvalidArgument) use wrong place, Please check. (Cannot use XPU because "
                     "paddle_compat runs on PyTorch, which has no Kunlun XPU support; use "
                     "CPUPlace() or CUDAPlace(i).)")


def IPUPlace():
    """paddle.device.IPUPlace(): a Graphcore IPU place. paddle_compat has no IPU, so this raises the
    ValueError Paddle's builds without IPU support raise; use paddle.CPUPlace()."""
    raise ValueError("(InvalidArgument) use wrong place, Please check. (Cannot use IPU because "
                     "paddle_compat runs on PyTorch, which has no Graphcore IPU support; use "
                     "CPUPlace().)")


_current = [Place("cpu")]
_DEVICE_RE = re.compile(r"^(cpu|gpu|cuda)(?::(\d+))?$")


def is_compiled_with_cuda():
    """True when torch sees a CUDA GPU (Paddle: when the wheel was built with CUDA)."""
    return torch.cuda.is_available()


def device_count():
    """paddle.device.cuda.device_count()"""
    return torch.cuda.device_count() if torch.cuda.is_available() else 0


def to_place(place):
    """A Place, a 'cpu'/'gpu:N' string, a torch.device or None (current place) -> Place."""
    if place is None:
        return _current[0]
    if isinstance(place, Place):
        return place
    if isinstance(place, torch.device):
        return place_of_torch_device(place)
    if isinstance(place, str):
        m = _DEVICE_RE.match(place.strip().lower())
        if m is None:
            raise ValueError("The device must be a string which is like 'cpu', 'gpu', 'gpu:x', "
                             "'dcu', 'dcu:x', 'xpu', 'xpu:x', 'npu', 'npu:x'")
        if m.group(1) == "cpu":
            return CPUPlace()
        index = int(m.group(2) or 0)
        if not torch.cuda.is_available():
            raise ValueError(f"The device should not be {place!r}, since torch sees no CUDA device "
                             "(paddle_compat runs GPU places through torch.cuda)")
        return CUDAPlace(index)
    raise TypeError(f"place must be a paddle Place or a device string like 'cpu' or 'gpu:0', "
                    f"but received {type(place).__name__}")


def place_of_torch_device(device):
    if device.type == "cpu":
        return CPUPlace()
    return Place(device)


def set_device(device):
    """paddle.set_device('cpu' | 'gpu' | 'gpu:N'): set the current place; returns it."""
    place = to_place(device)
    _current[0] = place
    return place


def get_device(input=None):
    """paddle.get_device(input=None): the current place as 'cpu' or 'gpu:N'; given a Tensor, the
    id of the GPU it lives on, -1 for the CPU (as Paddle)."""
    if input is not None:
        if "cpu" in str(input.place):
            return -1
        return input.place.gpu_device_id()
    dev = _current[0].device
    return "cpu" if dev.type == "cpu" else f"gpu:{dev.index or 0}"


def current_place():
    return _current[0]


def current_torch_device():
    return _current[0].device
