"""paddle.cuda (Paddle: cuda/__init__.py): the torch.cuda-style namespace of Paddle 3.3.1, on
torch.cuda. Without a GPU every function answers as Paddle 3.3.1's CPU wheel: device_count() is 0,
is_available() and is_initialized() are False, current_device() is 0, manual_seed/manual_seed_all
seed the CPU generator, and the GPU-only functions raise that wheel's errors.

Differences from Paddle: where the CPU wheel fails with an internal error (check_error and cudart
raise AttributeError, memory_allocated AttributeError, empty_cache AttributeError), paddle_compat
raises Paddle's clear "not supported in CPU" ValueError or, for empty_cache, does nothing.
"""
import torch

from . import _random
from ._device import device as _dev
from ._device import cuda as _dcuda
from ._place import device_count, set_device as _set_device

__all__ = ["check_error", "cudart", "current_device", "device_count", "empty_cache",
           "is_available", "is_initialized", "manual_seed", "manual_seed_all", "mem_get_info",
           "memory_allocated", "memory_reserved", "max_memory_allocated", "set_device",
           "get_rng_state", "set_rng_state", "synchronize", "stream", "current_stream"]


def check_error(res):
    """paddle.cuda.check_error(res): raise when a CUDA runtime call returned the error code res."""
    if not torch.cuda.is_available():
        raise _dev.cpu_build_error("paddle.cuda.check_error", "GPU")
    torch.cuda.check_error(res)


def cudart():
    """paddle.cuda.cudart(): the CUDA runtime module (torch's)."""
    if not torch.cuda.is_available():
        raise _dev.cpu_build_error("paddle.cuda.cudart", "GPU")
    return torch.cuda.cudart()


def current_device():
    """paddle.cuda.current_device(): the current GPU's index (0 without a GPU, as Paddle)."""
    return torch.cuda.current_device() if torch.cuda.is_available() else 0


def empty_cache():
    """paddle.cuda.empty_cache(): release torch's cached GPU memory (nothing on CPU)."""
    _dcuda.empty_cache()


def is_available():
    """paddle.cuda.is_available(): whether a CUDA GPU can be used."""
    return torch.cuda.is_available()


def is_initialized():
    """paddle.cuda.is_initialized(): whether CUDA has been initialised (False without a GPU)."""
    return torch.cuda.is_available() and torch.cuda.is_initialized()


def manual_seed(seed):
    """paddle.cuda.manual_seed(seed): seed the generator (the CPU one without a GPU, as Paddle's
    CPU wheel; torch's CUDA generator of the current GPU otherwise)."""
    if torch.cuda.is_available():
        torch.cuda.manual_seed(int(seed))
    else:
        _random.default_cpu_generator().manual_seed(int(seed))


def manual_seed_all(seed):
    """paddle.cuda.manual_seed_all(seed): seed every GPU's generator (the CPU one without GPU)."""
    if torch.cuda.is_available():
        torch.cuda.manual_seed_all(int(seed))
    else:
        _random.default_cpu_generator().manual_seed(int(seed))


def mem_get_info(device=None):
    """paddle.cuda.mem_get_info(device=None): (free, total) bytes of the GPU."""
    if not torch.cuda.is_available():
        raise ValueError("Expected a cuda device, but got: Place(cpu)")
    return torch.cuda.mem_get_info(_dev.gpu_index(device))


def memory_allocated(device=None):
    """paddle.cuda.memory_allocated(device=None): bytes held by tensors on the GPU."""
    return _dcuda.memory_allocated(device)


def memory_reserved(device=None):
    """paddle.cuda.memory_reserved(device=None): bytes reserved by the caching allocator."""
    return _dcuda.memory_reserved(device)


def max_memory_allocated(device=None):
    """paddle.cuda.max_memory_allocated(device=None): the peak of memory_allocated."""
    return _dev.max_memory_allocated(device)


def set_device(device):
    """paddle.cuda.set_device(device): make GPU `device` (an int, 'gpu:1', a CUDAPlace) current."""
    if not torch.cuda.is_available():
        raise ValueError("Paddle-CPU is not supported. Please use PaddlePaddle with CUDA, XPU or "
                         "Custom Device")
    _set_device(f"gpu:{_dev.gpu_index(device)}")


def get_rng_state(device=None):
    """paddle.cuda.get_rng_state(device=None): the generator's state (the CPU generator's without
    a GPU, as Paddle's CPU wheel; torch's CUDA generator state otherwise)."""
    if torch.cuda.is_available():
        return torch.cuda.get_rng_state(_dev.gpu_index(device))
    return _random.default_cpu_generator().get_state()


def set_rng_state(new_state, device=None):
    """paddle.cuda.set_rng_state(new_state, device=None): restore what get_rng_state returned."""
    if torch.cuda.is_available():
        torch.cuda.set_rng_state(new_state, _dev.gpu_index(device))
    else:
        _random.default_cpu_generator().set_state(new_state)


def synchronize(device=None):
    """paddle.cuda.synchronize(device=None): wait for the GPU (Paddle's TypeError on CPU)."""
    _dev.synchronize(device)


def current_stream(device=None):
    """paddle.cuda.current_stream(device=None): the GPU's current stream."""
    return _dev.current_stream(device)


def stream(stream):
    """paddle.cuda.stream(stream): a context manager running its body on `stream`."""
    return _dev.stream_guard(stream)
