"""paddle.incubate.optimizer.functional.minimize_lbfgs (Paddle: incubate/optimizer/functional/
lbfgs.py): limited-memory BFGS (two-loop recursion over a ring buffer of the last history_size
steps) with the strong-Wolfe line search, ported step for step onto torch (the ring buffer has
history_size + 1 rows indexed modulo history_size, as Paddle's)."""
import torch

from ...._tensor import wrap
from .bfgs import check_dtype
from .line_search import strong_wolfe
from .utils import (assign, check_initial_inverse_hessian_estimate, check_input_type,
                    value_and_gradient)

__all__ = ["minimize_lbfgs"]


def minimize_lbfgs(objective_func, initial_position, history_size=100, max_iters=50,
                   tolerance_grad=1e-8, tolerance_change=1e-8,
                   initial_inverse_hessian_estimate=None, line_search_fn="strong_wolfe",
                   max_line_search_iters=50, initial_step_length=1.0, dtype="float32",
                   name=None):
    """paddle.incubate.optimizer.functional.minimize_lbfgs(objective_func, initial_position,
    history_size=100, max_iters=50, tolerance_grad=1e-8, tolerance_change=1e-8,
    initial_inverse_hessian_estimate=None, line_search_fn='strong_wolfe',
    max_line_search_iters=50, initial_step_length=1.0, dtype='float32', name=None)
    -> (is_converge, num_func_calls, position, objective_value, objective_gradient). Dynamic
    mode only here.

    Differences from Paddle: Paddle 3.3.1's ring-buffer tail is never wrapped, so once about
    2 * history_size iterations have run without converging its two-loop recursion never ends (the
    process hangs); paddle_compat raises RuntimeError at that point instead."""
    torch_dtype = check_dtype(dtype)
    check_input_type(initial_position, "initial_position", "minimize_lbfgs")
    x0 = initial_position._t
    dev = x0.device
    if initial_inverse_hessian_estimate is None:
        h0 = torch.eye(x0.shape[0], dtype=torch_dtype, device=dev)
    else:
        check_input_type(initial_inverse_hessian_estimate, "initial_inverse_hessian_estimate",
                         "minimize_lbfgs")
        check_initial_inverse_hessian_estimate(initial_inverse_hessian_estimate)
        h0 = initial_inverse_hessian_estimate._t
    xk = x0.detach().clone()
    value, g1 = value_and_gradient(objective_func, xk)
    k = torch.zeros(1, dtype=torch.int64, device=dev)
    done = torch.zeros(1, dtype=torch.bool, device=dev)
    is_converge = torch.zeros(1, dtype=torch.bool, device=dev)
    num_func_calls = torch.ones(1, dtype=torch.int64, device=dev)
    size = history_size
    head, tail = 1, 0
    n = x0.shape[0]
    sk_vec = torch.zeros((size + 1, n), dtype=torch_dtype, device=dev)
    yk_vec = torch.zeros((size + 1, n), dtype=torch_dtype, device=dev)
    rhok_vec = torch.zeros((size + 1, 1), dtype=torch_dtype, device=dev)
    ai_vec = torch.zeros((size + 1, 1), dtype=torch_dtype, device=dev)
    while bool((k < max_iters) & ~done):
        if tail >= size:
            raise RuntimeError(
                f"minimize_lbfgs: the history ring (history_size={size}) wrapped past its tail "
                f"after {int(k)} iterations, where Paddle 3.3.1 loops forever; pass a larger "
                "history_size or a smaller max_iters")
        q = g1.clone()
        i = (head - 1) % size
        while i != tail:
            ai_vec[i] = rhok_vec[i] * torch.dot(sk_vec[i], q)
            q = q - ai_vec[i] * yk_vec[i]
            i = (i - 1) % size
        r = torch.matmul(h0, q)
        i = tail + 1
        while i != head:
            beta = rhok_vec[i] * torch.dot(yk_vec[i], r)
            r = r + sk_vec[i] * (ai_vec[i] - beta)
            i = (i + 1) % size
        pk = -r
        if line_search_fn != "strong_wolfe":
            raise NotImplementedError("Currently only support line_search_fn = 'strong_wolfe', "
                                      f"but the specified is '{line_search_fn}'")
        alpha, value, g2, ls_func_calls = strong_wolfe(
            f=objective_func, xk=xk, pk=pk, max_iters=max_line_search_iters,
            initial_step_length=initial_step_length, dtype=torch_dtype)
        assign(num_func_calls + ls_func_calls, num_func_calls)
        sk = alpha * pk
        yk = g2 - g1
        rhok_inv = torch.dot(yk, sk)
        rhok = (torch.full([1], 1000.0, dtype=torch_dtype, device=dev)
                if bool(rhok_inv == 0.0) else 1.0 / rhok_inv)
        sk_vec[head] = sk
        yk_vec[head] = yk
        rhok_vec[head] = rhok
        head = (head + 1) % size
        if head == tail:
            tail = tail + 1
        xk = xk + sk
        g1 = g2
        k = k + 1
        gnorm = torch.linalg.vector_norm(g1, ord=float("inf"))
        pk_norm = torch.linalg.vector_norm(pk, ord=float("inf"))
        assign(done | (gnorm < tolerance_grad) | (pk_norm < tolerance_change), done)
        assign(done, is_converge)
        assign(done | (alpha == 0.0), done)
    return tuple(wrap(t) for t in (is_converge, num_func_calls, xk, value, g1))
