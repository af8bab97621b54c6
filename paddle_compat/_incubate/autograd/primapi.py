"""paddle.incubate.autograd.grad / forward_grad (Paddle: incubate/autograd/primapi.py): reverse-
and forward-mode gradients of a static program. Static mode only, with Paddle's AssertionError in
dynamic mode."""
import collections.abc

from ..._static.backward import gradients
from ..._static.builder import static_only
from ..._tensor import Tensor
from . import utils

__all__ = ["grad", "forward_grad"]


def _check_tensors(value, what):
    if not isinstance(value, (Tensor, collections.abc.Sequence)):
        raise TypeError(f"Expected {what} is Tensor|Sequence[Tensor], but got {type(value)}.")


def grad(outputs, inputs, grad_outputs=None):
    """paddle.incubate.autograd.grad(outputs, inputs, grad_outputs=None): the gradients of
    `outputs` w.r.t. `inputs` in the current static program (one Variable for a single input,
    a list otherwise); grad_outputs weight the outputs (ones by default).

    Differences from Paddle: with enable_prim() Paddle lowers the program to primitive operators
    and linearizes/transposes it; paddle_compat appends the ordinary backward (the values are the
    same), so the program's op list differs."""
    static_only("grad")
    if utils._PRIM[0]:
        _check_tensors(outputs, "outputs")
        _check_tensors(inputs, "inputs")
    grad_inputs = gradients(outputs, inputs, grad_outputs)
    if isinstance(inputs, Tensor) and isinstance(grad_inputs, collections.abc.Sequence) \
            and len(grad_inputs) > 0:
        return grad_inputs[0]
    return grad_inputs


def forward_grad(outputs, inputs, grad_inputs=None):
    """paddle.incubate.autograd.forward_grad(outputs, inputs, grad_inputs=None): the forward-mode
    (JVP) gradients of `outputs` along `grad_inputs` (ones by default) in the current static
    program; Paddle requires enable_prim() first.

    Differences from Paddle: computed by the double-backward trick (two appended backward
    passes) instead of Paddle's primitive linearization; the values are the same."""
    static_only("forward_grad")
    if not utils._PRIM[0]:
        raise RuntimeError("forward_grad must be running on primitiveoperators, use enable_prim "
                           "to turn it on.")
    _check_tensors(outputs, "outputs")
    _check_tensors(inputs, "inputs")
    from ..._ops.creation import ones_like, zeros_like
    ys = list(outputs) if isinstance(outputs, collections.abc.Sequence) else [outputs]
    xs = list(inputs) if isinstance(inputs, collections.abc.Sequence) else [inputs]
    if grad_inputs is None:
        xs_dot = [ones_like(x) for x in xs]
    else:
        xs_dot = list(grad_inputs) if isinstance(grad_inputs, collections.abc.Sequence) \
            else [grad_inputs]
    ys_bar = []
    for y in ys:
        z = zeros_like(y)
        z.stop_gradient = False
        ys_bar.append(z)
    xs_bar = gradients(ys, xs, ys_bar)
    ys_dot = gradients(xs_bar, ys_bar, xs_dot)
    return ys_dot[0] if isinstance(outputs, Tensor) else ys_dot
