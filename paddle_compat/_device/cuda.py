"""paddle.device.cuda (Paddle: device/cuda/__init__.py): GPU queries, memory statistics, streams
and events through torch.cuda. Without a GPU every function answers as Paddle 3.3.1's CPU wheel:
device_count() is 0, empty_cache() does nothing, the rest raise that wheel's errors.

Differences from Paddle: `current_stream()` on a CPU-only machine raises Paddle's TypeError (the
CPU wheel crashes with a segmentation fault); `memory_summary()` prints torch's summary;
`vmm_compact()` empties torch's cache and returns 0 (torch has no virtual-memory compaction);
`stream_guard(None)` runs its body unchanged (the CPU wheel crashes with a segmentation fault).
"""
import contextlib

import torch

from .._place import device_count
from .device import Event as _DeviceEvent
from .device import Stream as _DeviceStream
from .device import current_stream as _current_stream
from .device import get_device_properties as _get_device_properties
from .device import gpu_index

__all__ = ["device_count", "synchronize", "max_memory_allocated", "max_memory_reserved",
           "memory_allocated", "memory_reserved", "reset_max_memory_allocated",
           "reset_max_memory_reserved", "empty_cache", "get_device_name",
           "get_device_capability", "get_device_properties", "current_stream", "stream_guard",
           "Stream", "Event", "memory_summary", "vmm_compact"]


def _cpu_only(api, what="GPU or custom device"):
    return ValueError(f"The API paddle.device.cuda.{api} is not supported in CPU-only "
                      f"PaddlePaddle. Please reinstall PaddlePaddle with {what} support to call "
                      "this API.")


def synchronize(device=None):
    """paddle.device.cuda.synchronize(device=None): wait for the GPU; Paddle's RuntimeError
    without CUDA."""
    if not torch.cuda.is_available():
        raise RuntimeError("(Unavailable) Paddle is not compiled with CUDA. Cannot visit device "
                           "synchronize.")
    torch.cuda.synchronize(gpu_index(device))


def _memory(api, fn):
    def query(device=None):
        if not torch.cuda.is_available():
            raise _cpu_only(api)
        return fn(gpu_index(device))
    query.__name__ = query.__qualname__ = api
    query.__doc__ = (f"paddle.device.cuda.{api}(device=None): torch.cuda.{fn.__name__} of the "
                     "GPU; Paddle's ValueError on CPU.")
    return query


max_memory_allocated = _memory("max_memory_allocated", torch.cuda.max_memory_allocated)
max_memory_reserved = _memory("max_memory_reserved", torch.cuda.max_memory_reserved)
memory_allocated = _memory("memory_allocated", torch.cuda.memory_allocated)
memory_reserved = _memory("memory_reserved", torch.cuda.memory_reserved)
reset_max_memory_allocated = _memory("reset_max_memory_allocated",
                                     torch.cuda.reset_peak_memory_stats)
reset_max_memory_reserved = _memory("reset_max_memory_reserved",
                                    torch.cuda.reset_peak_memory_stats)


def empty_cache():
    """paddle.device.cuda.empty_cache(): release torch's cached GPU memory (nothing on CPU)."""
    if torch.cuda.is_available():
        torch.cuda.empty_cache()


def get_device_properties(device=None):
    """paddle.device.cuda.get_device_properties(device=None): the GPU's properties."""
    return _get_device_properties(device)


def get_device_name(device=None):
    """paddle.device.cuda.get_device_name(device=None): the GPU's name."""
    return _get_device_properties(device).name


def get_device_capability(device=None):
    """paddle.device.cuda.get_device_capability(device=None): (major, minor) of the GPU."""
    props = _get_device_properties(device)
    return props.major, props.minor


def current_stream(device=None):
    """paddle.device.cuda.current_stream(device=None): the GPU's current stream."""
    return _current_stream(device)


@contextlib.contextmanager
def stream_guard(stream):
    """paddle.device.cuda.stream_guard(stream): run the body on `stream` (None changes nothing)."""
    if stream is None:
        yield
        return
    with torch.cuda.stream(stream.stream_base):
        yield


class Stream(_DeviceStream):
    """paddle.device.cuda.Stream(device=None, priority=2): a CUDA stream (Paddle's RuntimeError
    without a GPU)."""


class Event(_DeviceEvent):
    """paddle.device.cuda.Event(enable_timing=False, blocking=False, interprocess=False): a CUDA
    event (Paddle's RuntimeError without a GPU)."""


def memory_summary(device=None):
    """paddle.device.cuda.memory_summary(device=None): print the GPU memory summary (torch's)."""
    if not torch.cuda.is_available():
        raise _cpu_only("memory_summary", "GPU")
    print(torch.cuda.memory_summary(gpu_index(device)))


def vmm_compact(device=None):
    """paddle.device.cuda.vmm_compact(device=None): compact the virtual-memory allocator; here
    torch's cache is emptied and 0 (bytes compacted) returned."""
    if not torch.cuda.is_available():
        raise _cpu_only("vmm_compact", "GPU")
    torch.cuda.empty_cache()
    return 0
