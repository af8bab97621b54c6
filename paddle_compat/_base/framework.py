"""paddle.base.framework's mode queries and helpers that Paddle's tests call (Paddle:
base/framework.py): `cpu_places`, `cuda_places`, `_dygraph_tracer`, `in_dygraph_mode`, `in_dynamic_or_pir_mode`,
`grad_var_name`, `_current_expected_place`, `convert_np_dtype_to_dtype_`."""
import contextlib
import os
import sys

import torch

from .._dtype import to_dtype
from .._mode import STATE
from .._place import CPUPlace, CUDAPlace, current_torch_device, is_compiled_with_cuda

__all__ = ["cpu_places", "cuda_places", "xpu_places", "ipu_shard_guard", "set_ipu_shard", "_dygraph_tracer", "in_dygraph_mode", "in_dynamic_or_pir_mode", "grad_var_name",
           "_current_expected_place", "convert_np_dtype_to_dtype_"]


class _Tracer:
    """What Paddle's tests read from the dygraph tracer: whether gradients are being recorded
    (`_has_grad`, torch's grad mode) and the train flag (`_train_mode`)."""

    _train_mode = True

    @property
    def _has_grad(self):
        return torch.is_grad_enabled()

    @_has_grad.setter
    def _has_grad(self, value):
        torch.set_grad_enabled(bool(value))


_TRACER = _Tracer()


def _dygraph_tracer():
    """The dynamic-mode tracer (None in static mode), as Paddle's `framework._dygraph_tracer()`."""
    return None if STATE.static else _TRACER


def in_dygraph_mode():
    """paddle.base.framework.in_dygraph_mode(): True in dynamic mode."""
    return not STATE.static


def in_dynamic_or_pir_mode():
    """paddle.base.framework.in_dynamic_or_pir_mode(): dynamic mode, or static mode showing the
    PIR face (FLAGS_enable_pir_api, on by default)."""
    return not STATE.static or STATE.pir


def grad_var_name(var_name):
    """paddle.base.framework.grad_var_name(name): `name + '@GRAD'`."""
    return var_name + "@GRAD"


def _current_expected_place():
    """The place new tensors go to (Paddle's `_current_expected_place()`)."""
    dev = current_torch_device()
    return CPUPlace() if dev.type == "cpu" else CUDAPlace(dev.index or 0)


def convert_np_dtype_to_dtype_(np_dtype):
    """paddle.base.framework.convert_np_dtype_to_dtype_(np_dtype): the paddle dtype of a numpy
    dtype (or its name).

    Differences from Paddle: returns a `paddle.float32`-style dtype rather than a VarType member
    (the same objects `Variable.dtype` holds here)."""
    return to_dtype(np_dtype)


def _cpu_num():
    if "CPU_NUM" not in os.environ:
        # Paddle's own notice, printed once to stderr, and the default it then sets.
        sys.stderr.write("!!! The default number of CPU_NUM=1.\n")
        os.environ["CPU_NUM"] = "1"
    return int(os.environ["CPU_NUM"])


def cpu_places(device_count=None):
    """paddle.static.cpu_places(device_count=None): `device_count` CPUPlaces (default: the CPU_NUM
    environment variable, set to 1 when absent, as Paddle does)."""
    if device_count is None:
        device_count = _cpu_num()
    return [CPUPlace() for _ in range(device_count)]


def xpu_places(device_ids=None):
    """paddle.static.xpu_places(device_ids=None): Paddle's AssertionError "Not compiled with XPU"
    (paddle_compat, like a CPU/CUDA build of Paddle, has no XPU devices)."""
    assert False, "Not compiled with XPU"


_IPU_ERROR = "Can not use this function since PaddlePaddle is not compiled with IPU"


@contextlib.contextmanager
def ipu_shard_guard(index=-1, stage=-1):
    """paddle.static.ipu_shard_guard(index=-1, stage=-1): entering it raises Paddle's ValueError
    for a build without IPU support (paddle_compat has no IPU devices)."""
    raise ValueError(_IPU_ERROR)
    yield       # a generator, as Paddle's: the error comes when the guard is entered


def set_ipu_shard(call_func, index=-1, stage=-1):
    """paddle.static.set_ipu_shard(call_func, index=-1, stage=-1): as in Paddle, returns the
    wrapped function (or patches a Layer's forward); calling it enters ipu_shard_guard, which
    raises Paddle's ValueError for a build without IPU support."""
    import functools

    def decorate(func):
        @functools.wraps(func)
        def wrapper(*args, **kwargs):
            with ipu_shard_guard(index=index, stage=stage):
                return func(*args, **kwargs)
        return wrapper

    if not callable(call_func):
        raise TypeError("Unsupported type. Only accept paddle.nn.Layer or function.")
    if hasattr(call_func, "forward") and hasattr(call_func, "sublayers"):
        call_func.forward = decorate(call_func.forward)
        return call_func
    return decorate(call_func)


def cuda_places(device_ids=None):
    """paddle.static.cuda_places(device_ids=None): a CUDAPlace per id (default: the ids in
    FLAGS_selected_gpus, else every visible GPU).

    Differences from Paddle: "compiled with CUDA" means torch sees a CUDA GPU."""
    assert is_compiled_with_cuda(), "Not compiled with CUDA"
    if device_ids is None:
        flag = os.environ.get("FLAGS_selected_gpus")
        device_ids = ([int(i) for i in flag.split(",")] if flag
                      else list(range(torch.cuda.device_count())))
    elif not isinstance(device_ids, (list, tuple)):
        device_ids = [device_ids]
    return [CUDAPlace(i) for i in device_ids]


# ---- paddle.disable_signal_handler ------------------------------------------------------------
def disable_signal_handler():
    """paddle.disable_signal_handler(): Paddle removes the signal handlers its C++ core installs
    (so that another framework's handlers work); paddle_compat installs none, so there is nothing
    to remove and this returns None."""
    return None


__all__ += ["disable_signal_handler"]
