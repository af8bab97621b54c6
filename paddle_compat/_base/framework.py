"""paddle.base.framework's mode queries and helpers that Paddle's tests call (Paddle:
base/framework.py): `_dygraph_tracer`, `in_dygraph_mode`, `in_dynamic_or_pir_mode`,
`grad_var_name`, `_current_expected_place`, `convert_np_dtype_to_dtype_`."""
import torch

from .._dtype import to_dtype
from .._mode import STATE
from .._place import CPUPlace, CUDAPlace, current_torch_device

__all__ = ["_dygraph_tracer", "in_dygraph_mode", "in_dynamic_or_pir_mode", "grad_var_name",
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
    """paddle.base.framework.in_dynamic_or_pir_mode(): dynamic mode (paddle_compat's static graph
    is the legacy IR, never PIR)."""
    return not STATE.static


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
