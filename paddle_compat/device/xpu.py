"""paddle.device.xpu: Kunlun XPU queries (none here: device_count() is 0, the rest raise)."""
from .._device.xpu import (Event, Stream, device_count, empty_cache, max_memory_allocated,
                           max_memory_reserved, memory_allocated, memory_reserved, memory_total,
                           memory_used, reset_max_memory_allocated, reset_max_memory_reserved,
                           set_debug_level, synchronize)

__all__ = ["device_count", "empty_cache", "max_memory_allocated", "max_memory_reserved",
           "memory_allocated", "memory_reserved", "memory_total", "memory_used",
           "reset_max_memory_allocated", "reset_max_memory_reserved", "set_debug_level",
           "synchronize", "Stream", "Event"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
