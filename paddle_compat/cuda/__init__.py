"""paddle.cuda: Paddle 3.3.1's torch.cuda-style namespace (on torch.cuda)."""
from .._cuda import (check_error, cudart, current_device, current_stream, device_count,
                     empty_cache, get_rng_state, is_available, is_initialized, manual_seed,
                     manual_seed_all, max_memory_allocated, mem_get_info, memory_allocated,
                     memory_reserved, set_device, set_rng_state, stream, synchronize)
from .._device.device import (Event, Stream, StreamContext, device, get_device_capability,
                              get_device_name, get_device_properties, get_stream_from_external,
                              ipc_collect, is_bf16_supported, reset_peak_memory_stats,
                              set_stream)
from .._ops.creation import (BFloat16Tensor, BoolTensor, ByteTensor, CharTensor, DoubleTensor,
                             FloatTensor, HalfTensor, IntTensor, LongTensor, ShortTensor)

__all__ = ["check_error", "cudart", "current_device", "current_stream", "device_count",
           "empty_cache", "get_rng_state", "is_available", "is_initialized", "manual_seed",
           "manual_seed_all", "max_memory_allocated", "mem_get_info", "memory_allocated",
           "memory_reserved", "set_device", "set_rng_state", "stream", "synchronize", "Event",
           "Stream", "StreamContext", "device", "get_device_capability", "get_device_name",
           "get_device_properties", "get_stream_from_external", "ipc_collect",
           "is_bf16_supported", "reset_peak_memory_stats", "set_stream", "BFloat16Tensor",
           "BoolTensor", "ByteTensor", "CharTensor", "DoubleTensor", "FloatTensor", "HalfTensor",
           "IntTensor", "LongTensor", "ShortTensor"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
