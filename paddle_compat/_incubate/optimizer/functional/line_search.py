"""The strong-Wolfe line search of paddle.incubate.optimizer.functional (Paddle: incubate/optimizer/
functional/line_search.py), step for step on torch tensors: Paddle writes it with while_loop,
cond and in-place paddle.assign on shared tensors, and its results depend on that sharing (e.g.
zoom() updates the caller's a_lo/phi_lo in place, and derphi_1 is never refreshed in the outer
loop), so the port keeps the same objects and the same in-place writes (`assign`)."""
import torch

from .utils import assign, value_and_gradient

__all__ = ["strong_wolfe"]


def _full(value, dtype, device):
    return torch.full([1], value, dtype=dtype, device=device)


def cubic_interpolation_(x1, f1, g1, x2, f2, g2):
    """The minimizer of the cubic through (x1, f1, g1), (x2, f2, g2), clamped to [x1, x2]; the
    midpoint when the cubic has no real minimizer."""
    xmin, xmax = (x1, x2) if bool(x1 <= x2) else (x2, x1)
    d1 = g1 + g2 - 3 * (f1 - f2) / (x1 - x2)
    d2_square = d1 ** 2 - g1 * g2
    if bool(d2_square >= 0.0):
        d2 = d2_square.sqrt()
        if bool(x1 <= x2):
            min_pos = x2 - (x2 - x1) * ((g2 + d2 - d1) / (g2 - g1 + 2 * d2))
        else:
            min_pos = x1 - (x1 - x2) * ((g1 + d2 - d1) / (g1 - g2 + 2 * d2))
        return torch.minimum(torch.maximum(min_pos, xmin), xmax)
    return (xmin + xmax) / 2.0


def strong_wolfe(f, xk, pk, max_iters=20, tolerance_change=1e-8, initial_step_length=1.0,
                 c1=1e-4, c2=0.9, alpha_max=10, dtype=torch.float32):
    """-> (a_star, phi_star, derf_star, ls_func_calls): a step along pk from xk satisfying the
    strong Wolfe conditions, the objective and its gradient there, and the evaluations made."""
    dev = xk.device

    def phi_and_derphi(a):
        phi_value, f_grad = value_and_gradient(f, xk + a * pk)
        return phi_value, f_grad, torch.dot(f_grad, pk)

    def zoom(a_lo, phi_lo, derphi_lo, derf_lo, a_hi, phi_hi, derphi_hi, phi_0, derphi_0):
        j = torch.zeros(1, dtype=torch.int64, device=dev)
        done_zoom = torch.zeros(1, dtype=torch.bool, device=dev)

        def cond_zoom():
            assign(done_zoom | (torch.abs(a_hi - a_lo) < tolerance_change), done_zoom)
            return bool((j < max_iters) & ~done_zoom)

        while cond_zoom():
            aj = cubic_interpolation_(a_lo, phi_lo, derphi_lo, a_hi, phi_hi, derphi_hi)
            min_change = 0.1 * torch.abs(a_hi - a_lo)
            if bool(torch.minimum(torch.abs(aj - a_lo), torch.abs(aj - a_hi)) < min_change):
                aj = 0.5 * (a_lo + a_hi)
            phi_j, derf_j, derphi_j = phi_and_derphi(aj)
            if bool((phi_j > phi_0 + c1 * aj * derphi_0) | (phi_j >= phi_lo)):
                assign(aj, a_hi)
                assign(phi_j, phi_hi)
                assign(derphi_j, derphi_hi)
            else:
                assign(torch.abs(derphi_j) <= -c2 * derphi_0, done_zoom)
                if bool(~done_zoom & (derphi_j * (a_hi - a_lo) >= 0)):
                    assign(a_lo, a_hi)
                    assign(phi_lo, phi_hi)
                    assign(derphi_lo, derphi_hi)
                assign(aj, a_lo)
                assign(phi_j, phi_lo)
                assign(derphi_j, derphi_lo)
                assign(derf_j, derf_lo)
            if not bool(done_zoom):
                j = j + 1
        return j

    alpha_max = _full(alpha_max, dtype, dev)
    a1 = _full(0.0, dtype, dev)
    a2 = _full(initial_step_length, dtype, dev)
    phi_1, derf_1, derphi_1 = phi_and_derphi(a1)
    phi_0 = phi_1.clone()
    derphi_0 = derphi_1.clone()
    ls_func_calls = torch.ones(1, dtype=torch.int64, device=dev)
    a_star = _full(0, dtype, dev)
    phi_star = phi_1.clone()
    derf_star = derf_1.clone()
    i = torch.zeros(1, dtype=torch.int64, device=dev)
    done = torch.zeros(1, dtype=torch.bool, device=dev)
    while bool((i < max_iters) & ~done):
        phi_2, derf_2, derphi_2 = phi_and_derphi(a2)
        assign(ls_func_calls + 1, ls_func_calls)
        assign(done | torch.any(torch.isinf(phi_2)), done)
        pred1 = ~done & ((phi_2 > phi_0 + c1 * a2 * derphi_0) | ((phi_2 >= phi_1) & (i > 1)))
        assign(done | pred1, done)
        if bool(pred1):
            j = zoom(a1, phi_1, derphi_1, derf_1, a2, phi_2, derphi_2, phi_0, derphi_0)
            assign(a1, a_star)
            assign(phi_1, phi_star)
            assign(derf_1, derf_star)
            assign(ls_func_calls + j, ls_func_calls)
        pred2 = ~done & (torch.abs(derphi_2) <= -c2 * derphi_0)
        assign(done | pred2, done)
        if bool(pred2):
            assign(a2, a_star)
            assign(phi_2, phi_star)
            assign(derf_2, derf_star)
        pred3 = ~done & (derphi_2 >= 0)
        assign(done | pred3, done)
        if bool(pred3):
            j = zoom(a2, phi_2, derphi_2, derf_2, a1, phi_1, derphi_1, phi_0, derphi_0)
            assign(a2, a_star)
            assign(phi_2, phi_star)
            assign(derf_2, derf_star)
            assign(ls_func_calls + j, ls_func_calls)
        if not bool(done):
            assign(a2, a1)
            assign(phi_2, phi_1)
            assign(derf_2, derf_1)
            assign(torch.minimum(2 * a2, alpha_max), a2)
            assign(i + 1, i)
    return a_star, phi_star, derf_star, ls_func_calls
