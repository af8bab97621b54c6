"""Update rules of Paddle's less common optimizers (adamax, adadelta, lamb, radam, nadam), with the
same interface as `rules.py`; `Optimizer` looks a rule up here when `rules.RULES` lacks it
(the static graph's `minimize` supports only the rules of `rules.py`).

Formulas follow Paddle 3.3.1's kernels (checked step by step against the oracle, accumulators
included); the scalar arithmetic is rounded to the parameter's dtype like `rules.py` does.
"""
import torch

from .rules import RULES, _scalar, init_state, state_makers

__all__ = ["adamax", "adadelta", "lamb", "radam", "nadam", "RULES2", "HYPER_DEFAULTS2", "init_state2",
           "rule_for", "init_state_for"]


def adamax(param, grad, state, hyper):
    """adamax op: m = b1 m + (1 - b1) g; u = max(b2 u + eps, |g|); p -= lr / (1 - b1^t) * m / u.
    beta1_pow_acc (b1^t) is multiplied by b1 after the update (Paddle's _finish_update)."""
    s = _scalar(param.dtype)
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    m, u, b1p = state["moment"], state["inf_norm"], state["beta1_pow_acc"]
    m.mul_(b1).add_(grad, alpha=s(1 - b1))
    torch.maximum(u.mul_(b2).add_(eps), grad.abs(), out=u)
    lr_t = s(s(hyper["lr"]) / s(1 - b1p.item()))
    param.sub_((m / u).mul_(lr_t).to(param.dtype))
    b1p.mul_(b1)


def adadelta(param, grad, state, hyper):
    """adadelta op: E[g^2] = rho E[g^2] + (1 - rho) g^2; d = -sqrt((E[dx^2] + eps) / (E[g^2] + eps)) g;
    E[dx^2] = rho E[dx^2] + (1 - rho) d^2; p += lr * d."""
    s = _scalar(param.dtype)
    rho, eps = s(hyper["rho"]), s(hyper["epsilon"])
    sg, su = state["_avg_squared_grad"], state["_avg_squared_update"]
    sg.mul_(rho).addcmul_(grad, grad, value=s(1 - rho))
    update = -((su + eps) / (sg + eps)).sqrt_() * grad
    su.mul_(rho).addcmul_(update, update, value=s(1 - rho))
    param.add_(update.mul_(s(hyper["lr"])).to(param.dtype))


def lamb(param, grad, state, hyper):
    """lamb op: Adam moments with bias correction, r = m_hat / (sqrt(v_hat) + eps) + wd * p,
    p -= lr * (||p|| / ||r||) * r (trust ratio 1 when either norm is 0)."""
    s = _scalar(param.dtype)
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    m1, m2 = state["moment1"], state["moment2"]
    b1p, b2p = state["beta1_pow_acc"].item(), state["beta2_pow_acc"].item()
    m1.mul_(b1).add_(grad, alpha=s(1 - b1))
    m2.mul_(b2).addcmul_(grad, grad, value=s(1 - b2))
    m_hat = m1 / s(1 - b1p)
    v_hat = m2 / s(1 - b2p)
    r = m_hat / (v_hat.sqrt() + eps)
    wd = s(hyper.get("lamb_weight_decay", 0.0)) if hyper.get("with_decay", True) else 0.0
    if wd:
        r = r + param.to(r.dtype) * wd
    p_norm = param.to(r.dtype).norm()
    r_norm = r.norm()
    if hyper.get("always_adapt") or wd:
        ratio = torch.where((p_norm > 0) & (r_norm > 0), p_norm / r_norm, torch.ones_like(p_norm))
    else:
        ratio = torch.ones_like(p_norm)
    param.sub_((r * (ratio * s(hyper["lr"]))).to(param.dtype))
    state["beta1_pow_acc"].mul_(b1)
    state["beta2_pow_acc"].mul_(b2)


def radam(param, grad, state, hyper):
    """radam op, elementwise in the accumulators' dtype: beta powers and Paddle's `rho` recursion
    rho_acc = (rho_acc (b2 - b2^t) + b2^t) / (1 - b2^t) (= t b2^t / (1 - b2^t)), rho_t = rho_inf -
    2 rho_acc; the rectified step where rho_t > 5, the plain bias-corrected momentum step elsewhere."""
    s = _scalar(param.dtype)
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    b1p, b2p, rho = state["beta1_pow"], state["beta2_pow"], state["rho"]
    b1p.mul_(b1)
    b2p.mul_(b2)
    rho_inf = s(2.0 / s(1 - b2) - 1)
    rho.copy_((rho * (b2 - b2p) + b2p) / (1 - b2p))
    rho_t = rho_inf - 2 * rho
    m1, m2 = state["moment1"], state["moment2"]
    m1.mul_(b1).add_(grad, alpha=s(1 - b1))
    m2.mul_(b2).addcmul_(grad, grad, value=s(1 - b2))
    m_hat = m1 / (1 - b1p)
    l_t = (1 - b2p).sqrt() / (m2.sqrt() + eps)
    r_t = ((rho_t - 4) * (rho_t - 2) * rho_inf / (s((rho_inf - 4) * (rho_inf - 2)) * rho_t)).clamp_min(0).sqrt()
    lr = s(hyper["lr"])
    step = torch.where(rho_t > 5, m_hat * r_t * l_t, m_hat) * lr
    param.sub_(step.to(param.dtype))


def nadam(param, grad, state, hyper):
    """nadam op, elementwise: momentum_decay_pow = 0.96^t, mu_t = b1 (1 - 0.5 (0.96^t)^psi),
    mu_{t+1} = b1 (1 - 0.5 (0.96^t)^psi 0.96^psi), mu_product *= mu_t; Nesterov moment over
    bias-corrected second moment."""
    s = _scalar(param.dtype)
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    psi = s(hyper["momentum_decay"])
    mdp, b2p, mup = state["momentum_decay_pow"], state["beta2_pow"], state["mu_product"]
    mdp.mul_(s(0.96))
    b2p.mul_(b2)
    decay_t = mdp.pow(psi)
    mu_t = b1 * (1 - 0.5 * decay_t)
    mu_t1 = b1 * (1 - 0.5 * decay_t * s(0.96 ** psi))
    mup.mul_(mu_t)
    m1, m2 = state["moment1"], state["moment2"]
    m1.mul_(b1).add_(grad, alpha=s(1 - b1))
    m2.mul_(b2).addcmul_(grad, grad, value=s(1 - b2))
    m_hat = mu_t1 * m1 / (1 - mup * mu_t1) + (1 - mu_t) * grad / (1 - mup)
    v_hat = m2 / (1 - b2p)
    param.sub_((m_hat / (v_hat.sqrt() + eps) * s(hyper["lr"])).to(param.dtype))


RULES2 = {"adamax": adamax, "adadelta": adadelta, "lamb": lamb, "radam": radam, "nadam": nadam}

HYPER_DEFAULTS2 = {
    "adamax": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
    "adadelta": {"rho": 0.95, "epsilon": 1e-6},
    "lamb": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-6, "lamb_weight_decay": 0.01,
             "always_adapt": False, "with_decay": True},
    "radam": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
    "nadam": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "momentum_decay": 0.004},
}


def init_state2(rule_name, param, hyper):
    """Accumulators of the rules above, in Paddle's creation order (KeyError for an unknown rule)."""
    zeros, pow_acc = state_makers(param)
    if rule_name == "adamax":
        return {"moment": zeros(), "inf_norm": zeros(), "beta1_pow_acc": pow_acc(hyper["beta1"])}
    if rule_name == "adadelta":
        return {"_avg_squared_grad": zeros(), "_avg_squared_update": zeros()}
    if rule_name == "lamb":
        return {"moment1": zeros(), "moment2": zeros(), "beta1_pow_acc": pow_acc(hyper["beta1"]),
                "beta2_pow_acc": pow_acc(hyper["beta2"])}
    if rule_name == "radam":
        # Paddle keeps these powers per element (parameter-shaped), not shape [1]
        return {"beta1_pow": zeros(1.0), "beta2_pow": zeros(1.0), "rho": zeros(1.0),
                "moment1": zeros(), "moment2": zeros()}
    if rule_name == "nadam":
        return {"momentum_decay_pow": zeros(1.0), "beta2_pow": zeros(1.0),
                "mu_product": zeros(1.0), "moment1": zeros(), "moment2": zeros()}
    raise KeyError(f"unknown optimizer rule {rule_name!r}")


def rule_for(rule_name):
    """The update rule `rule_name` names, from rules.py or this file."""
    return RULES.get(rule_name) or RULES2[rule_name]


def init_state_for(rule_name, param, hyper):
    """Fresh accumulators for `param` under any rule of rules.py or this file."""
    return (init_state if rule_name in RULES else init_state2)(rule_name, param, hyper)
