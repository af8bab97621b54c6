"""paddle.device (Paddle: device/__init__.py and device/cpu.py): the current device, device
queries, the `device` / `device_guard` / `stream_guard` context managers, Stream and Event, memory
statistics and the CPU generator's state, on torch's device API.

With a CUDA GPU (torch.cuda.is_available()) the CUDA answers come from torch.cuda. Without one
every function answers as Paddle 3.3.1's CPU wheel does: device_count() is 0, is_available() is
False, and the GPU-only functions raise the errors that wheel raises.

Differences from Paddle: only CPU and CUDA devices exist (through torch); XPU, IPU and custom
devices report nothing available. Where Paddle 3.3.1's CPU wheel fails with an internal error
(`paddle.device.Stream()` and `get_device_properties()` raise NameError, `set_stream(None)`
AttributeError), paddle_compat raises the clear error of the matching paddle.device.cuda function.
"""
import contextlib

import torch

from .. import _random
from .._place import (CUDAPlace, IPUPlace, XPUPlace, device_count, get_device,
                      is_compiled_with_cuda, set_device, to_place)

__all__ = ["get_device", "set_device", "device_count", "is_compiled_with_cuda",
           "get_all_device_type", "get_available_device", "is_compiled_with_xpu",
           "is_compiled_with_rocm", "is_compiled_with_custom_device", "is_compiled_with_cinn",
           "is_compiled_with_distribute", "is_compiled_with_ipu", "get_all_custom_device_type",
           "get_available_custom_device", "synchronize", "XPUPlace", "IPUPlace", "device",
           "device_guard", "Stream", "Event", "StreamContext", "stream_guard", "current_stream",
           "set_stream", "get_stream_from_external", "get_cudnn_version",
           "get_device_properties", "get_device_name", "get_device_capability", "is_available",
           "is_bf16_supported", "is_current_stream_capturing", "ipc_collect", "get_rng_state",
           "set_rng_state", "manual_seed", "max_memory_allocated", "max_memory_reserved",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "reset_peak_memory_stats",
           "gpu_index", "NO_GPU_STREAM", "cpu_build_error"]

NO_GPU_STREAM = "device should be gpu, xpu, "     # Paddle's TypeError text (no custom devices)


def gpu_index(device=None):
    """A Paddle device argument (None, an int, 'gpu:1', a CUDAPlace) -> torch's CUDA index."""
    if device is None:
        return torch.cuda.current_device()
    if isinstance(device, int):
        return device
    if isinstance(device, str):
        return int(device.split(":")[1]) if ":" in device else 0
    return device.get_device_id()


def cpu_build_error(api, what="GPU or XPU"):
    """The ValueError Paddle's CPU wheel raises for a GPU-only paddle.device function."""
    return ValueError(f"The API {api} is not supported in CPU PaddlePaddle. Please reinstall "
                      f"PaddlePaddle with {what} support to call this API.")


# ---- what exists -------------------------------------------------------------------------------
def get_all_device_type():
    """paddle.device.get_all_device_type(): ['cpu'] plus 'gpu' when torch sees a GPU."""
    return ["cpu", "gpu"] if torch.cuda.is_available() else ["cpu"]


def get_available_device():
    """paddle.device.get_available_device(): ['cpu', 'gpu:0', ...]."""
    return ["cpu"] + [f"gpu:{i}" for i in range(device_count())]


def is_compiled_with_xpu():
    """paddle.device.is_compiled_with_xpu(): False (torch has no Kunlun XPU)."""
    return False


def is_compiled_with_ipu():
    """paddle.device.is_compiled_with_ipu(): False (torch has no Graphcore IPU)."""
    return False


def is_compiled_with_rocm():
    """paddle.device.is_compiled_with_rocm(): True when torch is a ROCm build."""
    return bool(getattr(torch.version, "hip", None))


def is_compiled_with_custom_device(device_type=None):
    """paddle.device.is_compiled_with_custom_device(device_type): False (no plug-in devices)."""
    return False


def is_compiled_with_cinn():
    """paddle.device.is_compiled_with_cinn(): False (no CINN compiler)."""
    return False


def is_compiled_with_distribute():
    """paddle.device.is_compiled_with_distribute(): whether torch.distributed is available."""
    return torch.distributed.is_available()


def get_all_custom_device_type():
    """paddle.device.get_all_custom_device_type(): [] (no plug-in devices)."""
    return []


def get_available_custom_device():
    """paddle.device.get_available_custom_device(): [] (no plug-in devices)."""
    return []


def is_available():
    """paddle.device.is_available(): whether a CUDA GPU can be used (False on CPU)."""
    return torch.cuda.is_available()


def is_bf16_supported(including_emulation=True):
    """paddle.device.is_bf16_supported(): True on CPU (as Paddle's CPU wheel answers); on a GPU,
    torch's answer for it."""
    if torch.cuda.is_available():
        return torch.cuda.is_bf16_supported()
    return True


def get_cudnn_version():
    """paddle.device.get_cudnn_version(): cuDNN's version as an int (torch's), None without
    CUDA."""
    if not torch.cuda.is_available() or not torch.backends.cudnn.is_available():
        return None
    return torch.backends.cudnn.version()


def get_device_properties(device=None):
    """paddle.device.get_device_properties(device=None): the GPU's properties (torch's object:
    name, major, minor, total_memory, multi_processor_count). Without a GPU: Paddle's
    ValueError."""
    if not torch.cuda.is_available():
        raise ValueError("The API paddle.device.cuda.get_device_properties is not supported in "
                         "CPU-only PaddlePaddle. Please reinstall PaddlePaddle with GPU support "
                         "to call this API.")
    return torch.cuda.get_device_properties(gpu_index(device))


def get_device_name(device=None):
    """paddle.device.get_device_name(device=None): the GPU's name (Paddle's ValueError without)."""
    return get_device_properties(device).name


def get_device_capability(device=None):
    """paddle.device.get_device_capability(device=None): (major, minor) of the GPU."""
    props = get_device_properties(device)
    return props.major, props.minor


def is_current_stream_capturing():
    """paddle.device.is_current_stream_capturing(): whether a CUDA graph is being captured."""
    return torch.cuda.is_available() and torch.cuda.is_current_stream_capturing()


def ipc_collect():
    """paddle.device.ipc_collect(): free CUDA memory held for inter-process sharing (torch's);
    Paddle's RuntimeError without CUDA."""
    if not torch.cuda.is_available():
        raise RuntimeError("(Unavailable) Paddle is not compiled with CUDA/XPU, so `ipc_collect` "
                           "cannot be used.")
    torch.cuda.ipc_collect()


def synchronize(device=None):
    """paddle.device.synchronize(device=None): wait for the GPU's work. Without a GPU: Paddle's
    TypeError (there is no device to wait for)."""
    if not torch.cuda.is_available():
        raise TypeError(NO_GPU_STREAM)
    torch.cuda.synchronize(gpu_index(device))


# ---- context managers --------------------------------------------------------------------------
class device:
    """paddle.device.device(device): a context manager that makes `device` the current device
    (a Place, an int GPU index or a string such as 'cpu' / 'gpu:0') and restores the previous one."""

    def __init__(self, device=None):
        self.place = f"gpu:{device}" if isinstance(device, int) else device
        self.prev_place_str = "-1"

    def __enter__(self):
        self.prev_place_str = get_device()
        set_device(self.place)
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        set_device(self.prev_place_str)
        return False


class device_guard(device):
    """paddle.device.device_guard(device): the same context manager as paddle.device.device."""


# ---- streams and events ------------------------------------------------------------------------
def _need_gpu(kind):
    if not torch.cuda.is_available():
        raise RuntimeError(f"(Unavailable) Class CUDA{kind} can only be initialized on the GPU "
                           "platform.")


class Stream:
    """paddle.device.Stream(device=None, priority=2): a CUDA stream (torch.cuda.Stream inside;
    Paddle's priority 1 is torch's high priority -1, 2 the default 0). Without a GPU: Paddle's
    RuntimeError."""

    def __init__(self, device=None, priority=2, stream_base=None):
        if stream_base is not None:
            self.stream_base = stream_base
            return
        _need_gpu("Stream")
        self.stream_base = torch.cuda.Stream(gpu_index(device), priority=-1 if priority == 1
                                             else 0)

    def wait_event(self, event):
        """Make this stream wait for `event`."""
        self.stream_base.wait_event(event.event_base)

    def wait_stream(self, stream):
        """Make this stream wait for the work queued on `stream`."""
        self.stream_base.wait_stream(stream.stream_base)

    def record_event(self, event=None):
        """Record `event` (a new Event when None) on this stream; returns it."""
        event = Event() if event is None else event
        event.record(self)
        return event

    def query(self):
        """Whether all the stream's work has finished."""
        return self.stream_base.query()

    def synchronize(self):
        """Wait for all the stream's work."""
        self.stream_base.synchronize()

    @property
    def cuda_stream(self):
        return self.stream_base.cuda_stream

    def __eq__(self, other):
        return isinstance(other, Stream) and self.stream_base == other.stream_base

    def __hash__(self):
        return hash(self.stream_base)


class Event:
    """paddle.device.Event(enable_timing=False, blocking=False, interprocess=False): a CUDA event
    (torch.cuda.Event inside). Without a GPU: Paddle's RuntimeError."""

    def __init__(self, enable_timing=False, blocking=False, interprocess=False):
        _need_gpu("Event")
        self.event_base = torch.cuda.Event(enable_timing=enable_timing, blocking=blocking,
                                           interprocess=interprocess)

    def record(self, stream=None):
        """Record the event on `stream` (the current stream when None)."""
        self.event_base.record(None if stream is None else stream.stream_base)

    def query(self):
        """Whether the work before the event has finished."""
        return self.event_base.query()

    def elapsed_time(self, end_event):
        """Milliseconds between this event and `end_event` (both need enable_timing=True)."""
        return self.event_base.elapsed_time(end_event.event_base)

    def synchronize(self):
        """Wait for the event."""
        self.event_base.synchronize()


def current_stream(device=None):
    """paddle.device.current_stream(device=None): the current CUDA stream of the device. Without a
    GPU: Paddle's TypeError."""
    if not torch.cuda.is_available():
        raise TypeError(NO_GPU_STREAM)
    return Stream(stream_base=torch.cuda.current_stream(gpu_index(device)))


def set_stream(stream):
    """paddle.device.set_stream(stream): make `stream` the current stream; returns the previous
    one. Without a GPU: Paddle's TypeError."""
    prev = current_stream()
    if not isinstance(stream, Stream):
        raise TypeError(f"stream should be paddle.device.Stream, but got {type(stream)}")
    torch.cuda.set_stream(stream.stream_base)
    return prev


@contextlib.contextmanager
def _stream_guard(stream=None):
    if stream is None:
        yield
        return
    with torch.cuda.stream(stream.stream_base):
        yield


class stream_guard:
    """paddle.device.stream_guard(stream=None): a context manager running its body on `stream`
    (nothing changes when stream is None)."""

    def __init__(self, stream=None):
        self.stream = stream
        self._cm = None

    def __enter__(self):
        self._cm = _stream_guard(self.stream)
        self._cm.__enter__()
        return self

    def __exit__(self, exc_type, exc_value, traceback):
        return self._cm.__exit__(exc_type, exc_value, traceback)


StreamContext = stream_guard


def get_stream_from_external(data_ptr, device=None):
    """paddle.device.get_stream_from_external(data_ptr, device=None): a Stream over a CUDA stream
    created elsewhere (torch.cuda.ExternalStream). Without a GPU: TypeError, as for every stream
    query."""
    if not torch.cuda.is_available():
        raise TypeError(NO_GPU_STREAM)
    return Stream(stream_base=torch.cuda.ExternalStream(data_ptr, device=gpu_index(device)))


# ---- the CPU generator (Paddle: device/cpu.py) ---------------------------------------------------
def get_rng_state(device=None):
    """paddle.device.get_rng_state(device=None): the default CPU generator's state."""
    return _random.default_cpu_generator().get_state()


def set_rng_state(new_state, device=None):
    """paddle.device.set_rng_state(new_state, device=None): restore the CPU generator's state."""
    _random.default_cpu_generator().set_state(new_state)


def manual_seed(seed):
    """paddle.device.manual_seed(seed): seed the default CPU generator (returns None)."""
    _random.default_cpu_generator().manual_seed(int(seed))


# ---- memory statistics ---------------------------------------------------------------------------
def _memory(api, fn, reset_name=None):
    def query(device=None):
        if not torch.cuda.is_available():
            raise cpu_build_error(f"paddle.device.{reset_name or api}")
        return fn(gpu_index(device))
    query.__name__ = query.__qualname__ = api
    query.__doc__ = (f"paddle.device.{api}(device=None): torch.cuda.{fn.__name__} of the GPU; "
                     "Paddle's ValueError on CPU.")
    return query


max_memory_allocated = _memory("max_memory_allocated", torch.cuda.max_memory_allocated)
max_memory_reserved = _memory("max_memory_reserved", torch.cuda.max_memory_reserved)
reset_max_memory_allocated = _memory("reset_max_memory_allocated",
                                     torch.cuda.reset_peak_memory_stats)
reset_max_memory_reserved = _memory("reset_max_memory_reserved",
                                    torch.cuda.reset_peak_memory_stats)
# Paddle's CPU wheel names reset_max_memory_allocated in this one's error
reset_peak_memory_stats = _memory("reset_peak_memory_stats", torch.cuda.reset_peak_memory_stats,
                                  "reset_max_memory_allocated")
