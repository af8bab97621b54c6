"""paddle.device.xpu (Paddle: device/xpu/__init__.py): Kunlun XPU queries. torch has no XPU of
Kunlun's kind, so paddle_compat answers as Paddle's CPU and GPU wheels do: device_count() is 0 and
every other function raises the error those wheels raise."""

__all__ = ["device_count", "empty_cache", "max_memory_allocated", "max_memory_reserved",
           "memory_allocated", "memory_reserved", "memory_total", "memory_used",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "set_debug_level",
           "synchronize", "Stream", "Event"]


def device_count():
    """paddle.device.xpu.device_count(): 0 (no Kunlun XPU)."""
    return 0


def _xpu_only(api):
    def fn(*args, **kwargs):
        raise ValueError(f"The API paddle.device.xpu.{api} is only supported in XPU "
                         "PaddlePaddle. Please reinstall PaddlePaddle with XPU support to call "
                         "this API.")
    fn.__name__ = fn.__qualname__ = api
    fn.__doc__ = (f"paddle.device.xpu.{api}(...): an XPU-only API; raises Paddle's ValueError "
                  "(paddle_compat has no Kunlun XPU; use the CUDA or CPU equivalents).")
    return fn


empty_cache = _xpu_only("empty_cache")
max_memory_allocated = _xpu_only("max_memory_allocated")
max_memory_reserved = _xpu_only("max_memory_reserved")
memory_allocated = _xpu_only("memory_allocated")
memory_reserved = _xpu_only("memory_reserved")
memory_total = _xpu_only("memory_total")
memory_used = _xpu_only("memory_used")
reset_max_memory_allocated = _xpu_only("reset_max_memory_allocated")
reset_max_memory_reserved = _xpu_only("reset_max_memory_reserved")
set_debug_level = _xpu_only("set_debug_level")


def synchronize(device=None):
    """paddle.device.xpu.synchronize(device=None): Paddle's RuntimeError (no XPU)."""
    raise RuntimeError("(Unavailable) Paddle is not compiled with XPU. Cannot visit device "
                       "synchronize.")


class Stream:
    """paddle.device.xpu.Stream(...): Paddle's RuntimeError (no XPU)."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("(Unavailable) Class XPUStream can only be initialized on the XPU "
                           "platform.")


class Event:
    """paddle.device.xpu.Event(...): Paddle's RuntimeError (no XPU)."""

    def __init__(self, *args, **kwargs):
        raise RuntimeError("(Unavailable) Class XPUEvent can only be initialized on the XPU "
                           "platform.")
