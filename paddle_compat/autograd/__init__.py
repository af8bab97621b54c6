"""paddle.autograd: PyLayer (custom Python ops), saved-tensor hooks, backward, grad and grad modes.

Public face only: explicit re-exports of paddle_compat._autograd, no logic.
"""
from .._autograd.grad_mode import enable_grad, grad, is_grad_enabled, no_grad, set_grad_enabled
from .._autograd.backward_mode import backward
from .._autograd.py_layer import PyLayer, PyLayerContext
from .._autograd.saved_tensors_hooks import saved_tensors_hooks
from .._autograd.autograd import hessian, jacobian
from . import py_layer

# Paddle 3.3.1 exports this alias (3.0.0 did not).
Function = PyLayer

__all__ = ["backward", "PyLayer", "Function", "PyLayerContext", "saved_tensors_hooks", "jacobian",
           "hessian"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from .._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
