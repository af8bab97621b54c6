"""paddle.incubate.optimizer.functional.minimize_bfgs (Paddle: incubate/optimizer/functional/
bfgs.py): BFGS with the strong-Wolfe line search, ported step for step onto torch (the same
update order, including Paddle's orientation of the V matrices)."""
import torch

from ...._dtype import to_dtype
from ...._tensor import wrap
from .line_search import strong_wolfe
from .utils import (assign, check_initial_inverse_hessian_estimate, check_input_type,
                    value_and_gradient)

__all__ = ["minimize_bfgs"]


def check_dtype(dtype):
    """Paddle's dtype argument: 'float32' or 'float64' -> the torch dtype."""
    if dtype not in ["float32", "float64"]:
        raise ValueError(f"The dtype must be 'float32' or 'float64', but the specified is {dtype}.")
    return to_dtype(dtype).torch


def minimize_bfgs(objective_func, initial_position, max_iters=50, tolerance_grad=1e-7,
                  tolerance_change=1e-9, initial_inverse_hessian_estimate=None,
                  line_search_fn="strong_wolfe", max_line_search_iters=50,
                  initial_step_length=1.0, dtype="float32", name=None):
    """paddle.incubate.optimizer.functional.minimize_bfgs(objective_func, initial_position,
    max_iters=50, tolerance_grad=1e-7, tolerance_change=1e-9,
    initial_inverse_hessian_estimate=None, line_search_fn='strong_wolfe',
    max_line_search_iters=50, initial_step_length=1.0, dtype='float32', name=None)
    -> (is_converge, num_func_calls, position, objective_value, objective_gradient,
    inverse_hessian_estimate): minimize objective_func (a function of a 1-D Tensor returning a
    scalar Tensor) from initial_position. Dynamic mode only here."""
    torch_dtype = check_dtype(dtype)
    check_input_type(initial_position, "initial_position", "minimize_bfgs")
    x0 = initial_position._t
    eye = torch.eye(x0.shape[0], dtype=torch_dtype, device=x0.device)
    if initial_inverse_hessian_estimate is None:
        h0 = eye
    else:
        check_input_type(initial_inverse_hessian_estimate, "initial_inverse_hessian_estimate",
                         "minimize_bfgs")
        check_initial_inverse_hessian_estimate(initial_inverse_hessian_estimate)
        h0 = initial_inverse_hessian_estimate._t
    hk = h0.detach().clone()
    xk = x0.detach().clone()
    value, g1 = value_and_gradient(objective_func, xk)
    num_func_calls = torch.ones(1, dtype=torch.int64, device=x0.device)
    k = torch.zeros(1, dtype=torch.int64, device=x0.device)
    done = torch.zeros(1, dtype=torch.bool, device=x0.device)
    is_converge = torch.zeros(1, dtype=torch.bool, device=x0.device)
    while bool((k < max_iters) & ~done):
        pk = -torch.matmul(hk, g1)
        if line_search_fn != "strong_wolfe":
            raise NotImplementedError("Currently only support line_search_fn = 'strong_wolfe', "
                                      f"but the specified is '{line_search_fn}'")
        alpha, value, g2, ls_func_calls = strong_wolfe(
            f=objective_func, xk=xk, pk=pk, max_iters=max_line_search_iters,
            initial_step_length=initial_step_length, dtype=torch_dtype)
        num_func_calls = num_func_calls + ls_func_calls
        sk = alpha * pk
        yk = g2 - g1
        xk = xk + sk
        g1 = g2
        sk = sk.unsqueeze(0)
        yk = yk.unsqueeze(0)
        rhok_inv = (yk * sk).sum(-1)                      # paddle.dot of [1, n] rows: [1]
        rhok = (torch.full([1], 1000.0, dtype=torch_dtype, device=x0.device)
                if bool(rhok_inv == 0.0) else 1.0 / rhok_inv)
        vk_transpose = eye - rhok * sk * yk.t()
        vk = eye - rhok * yk * sk.t()
        hk = torch.matmul(torch.matmul(vk_transpose, hk), vk) + rhok * sk * sk.t()
        k = k + 1
        gnorm = torch.linalg.vector_norm(g1, ord=float("inf"))
        pk_norm = torch.linalg.vector_norm(pk, ord=float("inf"))
        assign(done | (gnorm < tolerance_grad) | (pk_norm < tolerance_change), done)
        assign(done, is_converge)
        assign(done | (alpha == 0.0), done)
    return tuple(wrap(t) for t in (is_converge, num_func_calls, xk, value, g1, hk))
