"""paddle.base.backward: append_backward, gradients and calc_gradient (the same function)."""
from .._static.backward import append_backward, gradients, gradients as calc_gradient

__all__ = ["append_backward", "gradients", "calc_gradient"]
