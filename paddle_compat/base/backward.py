"""paddle.base.backward: append_backward, gradients and calc_gradient (the same function), and
the grad-name helpers Paddle's own tests call."""
from .._static.backward import (_append_grad_suffix_, _strip_grad_suffix_, append_backward,
                                gradients, gradients as calc_gradient)

__all__ = ["append_backward", "gradients", "calc_gradient", "_strip_grad_suffix_",
           "_append_grad_suffix_"]
