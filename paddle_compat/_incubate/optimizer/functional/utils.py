"""Helpers of paddle.incubate.optimizer.functional (Paddle: incubate/optimizer/functional/
utils.py): input checks, value-and-gradient of the objective, and `assign`, Paddle's in-place
`paddle.assign(x, out)` on torch tensors (the minimizers rely on its aliasing)."""
import torch

from ...._ops.linalg import cholesky
from ...._tensor import Tensor, wrap

__all__ = ["check_input_type", "check_initial_inverse_hessian_estimate", "value_and_gradient",
           "assign"]


def check_input_type(value, name, op_name):
    """Paddle's dynamic-mode check that `value` is a Tensor."""
    if not isinstance(value, Tensor):
        raise ValueError(f"The input: {value} must be tensor.")


def check_initial_inverse_hessian_estimate(h0):
    """The initial inverse Hessian must be symmetric, then it is Cholesky-factorized as Paddle
    does: Paddle catches RuntimeError there, but its cholesky raises ValueError, so a symmetric
    matrix that is not positive definite gets cholesky's own error, as here."""
    t = h0._t
    bad = ValueError("The initial_inverse_hessian_estimate should be symmetric and positive "
                     "definite, but the specified is not.")
    if not bool(torch.equal(t, t.t())):
        raise bad
    try:
        cholesky(h0)
    except RuntimeError:
        raise bad from None


def value_and_gradient(f, x):
    """(f(x), df/dx) for the objective `f` (a function of a paddle Tensor) at the torch tensor x,
    both detached."""
    xt = x.detach().clone().requires_grad_(True)
    value = f(wrap(xt))
    raw = value._t if isinstance(value, Tensor) else value
    (grad,) = torch.autograd.grad([raw], [xt])
    return raw.detach(), grad.detach()


def assign(src, dst):
    """paddle.assign(src, dst): dst (the same object) takes src's value and shape."""
    with torch.no_grad():
        dst.set_(src.detach().clone())
    return dst
