"""Update rules of Paddle's optimizers, one plain function per Paddle optimizer op, shared by both modes.

The interface (used by the dynamic optimizers in `optimizer.py` and by the static graph's `minimize`):

    state = init_state(rule_name, param, hyper)      # {accumulator suffix: torch.Tensor}, Paddle's order
    RULES[rule_name](param, grad, state, hyper)       # -> None; updates param and state in place

* `rule_name` is Paddle's op type: 'sgd', 'momentum', 'adam', 'adamw', 'rmsprop', 'adagrad',
  'adamax', 'adadelta', 'lamb', 'radam', 'nadam'.
* `param` is the parameter's raw torch.Tensor, `grad` the torch gradient after clipping and
  regularization (never modified); call the rule under `torch.no_grad()`.
* `hyper` is a dict of Python numbers: 'lr' (the effective learning rate: global lr times the
  parameter's optimize_attr['learning_rate']) plus the rule's own options (see `HYPER_DEFAULTS`).
* Accumulator suffixes are Paddle's ('moment1', 'beta1_pow_acc', 'velocity', ...); the optimizer
  names them `<param.name>_<suffix>_<n>` as Paddle does. Beta-power accumulators are shape-[1]
  tensors kept on the CPU (as in Paddle), so reading them costs no device synchronisation.

Formulas follow Paddle 3.3.1's kernels (checked step by step against the oracle, accumulators
included).

On CUDA, parameters that share one rule, dtype and hyper-parameters are updated together by
`MULTI[rule]` with torch's multi-tensor (`_foreach_*`) kernels: a GPU step is bound by kernel
launches, and one launch per parameter and operation made paddle_compat's Adam step several times
slower than torch's. The formulas are the same; the order of the last multiply differs (CUDA
results are not compared bit for bit against Paddle's GPU kernels, which paddle_compat cannot run).
The CPU keeps the per-parameter rules above, which match Paddle's CPU kernels to the last ulp.

Why the scalar arithmetic goes through `_scalar`: Paddle's kernels do all scalar work in the
parameter's dtype (float32): `1 - beta2` is the float32 difference, not 0.001, and the oracle's
trajectories only match to the last ulp when the same roundings happen here.
"""
import math

import numpy as np
import torch

__all__ = ["RULES", "MULTI", "multi_key", "HYPER_DEFAULTS", "init_state", "sgd", "momentum", "adam", "adamw", "rmsprop",
           "adagrad", "adamax", "adadelta", "lamb", "radam", "nadam"]


def _scalar(dtype):
    """Round Python numbers the way a kernel of `dtype` would hold them (float64 keeps doubles)."""
    if dtype == torch.float64:
        return float
    return lambda x: float(np.float32(x))


def _acc_dtype(param):
    # Paddle keeps float16/bfloat16 parameters' accumulators in float32.
    return torch.float32 if param.dtype in (torch.float16, torch.bfloat16) else param.dtype


def sgd(param, grad, state, hyper):
    """sgd op: param -= lr * grad."""
    # Paddle rounds lr * grad before subtracting; sub_(alpha=) would fuse the two (one rounding)
    param.sub_(grad.to(param.dtype) * _scalar(param.dtype)(hyper["lr"]))


def momentum(param, grad, state, hyper):
    """momentum op: velocity = mu * velocity + g; param -= lr * velocity, or with use_nesterov
    param -= lr * (g + mu * velocity). g = rescale_grad * grad (+ coeff * param for 'l2_decay', which
    Paddle's Momentum folds into its kernel instead of adding a regularization term)."""
    s = _scalar(param.dtype)
    mu, lr = s(hyper["momentum"]), s(hyper["lr"])
    velocity = state["velocity"]
    g = grad * s(hyper.get("rescale_grad", 1.0)) if hyper.get("rescale_grad", 1.0) != 1.0 else grad
    if hyper.get("regularization_method") == "l2_decay":
        g = g + param * s(hyper["regularization_coeff"])
    velocity.mul_(mu).add_(g)
    if hyper.get("use_nesterov"):
        param.sub_((g + velocity * mu) * lr)
    else:
        param.sub_(velocity * lr)      # lr * velocity rounded first, as Paddle does


_CHUNK = 1 << 16     # elements per slice of the Adam update of a large parameter


def _adam_update(param, m1, m2, eps_t, lr_t):
    """param -= lr_t * m1 / (sqrt(m2) + eps_t). The temporary (sqrt, then the quotient written
    into it) covers at most _CHUNK elements: a large parameter is updated slice by slice, so the
    step's peak memory does not grow by a parameter-sized buffer (torch's own Adam allocates
    none) and the slices stay in cache. Elementwise on slices: the same values."""
    n = param.numel()
    if n > _CHUNK and param.is_contiguous() and m1.is_contiguous() and m2.is_contiguous() \
            and param.dtype == m1.dtype:
        p, a, b = param.view(-1), m1.view(-1), m2.view(-1)
        for i in range(0, n, _CHUNK):
            j = i + _CHUNK
            denom = b[i:j].sqrt().add_(eps_t)
            p[i:j].sub_(torch.div(a[i:j], denom, out=denom).mul_(lr_t))
        return
    denom = m2.sqrt().add_(eps_t)
    # m1 / denom written into denom (elementwise, so the same values as a new tensor).
    update = torch.div(m1, denom, out=denom).mul_(lr_t)
    param.sub_(update.to(param.dtype))


_PLAIN = (torch.Tensor, torch.nn.Parameter)
_EXACT_ADAM = 1 << 16     # elements of a parameter updated in Paddle's exact CPU order


def _adam_update_fused(param, m1, m2, eps_t, lr_t):
    """param += (-lr_t) * (m1 / (sqrt(m2) + eps_t)), the product and sum fused (add_ with alpha on
    the CPU), slice by slice as _adam_update."""
    if param.is_contiguous() and m1.is_contiguous() and m2.is_contiguous():
        p, a, b = param.view(-1), m1.view(-1), m2.view(-1)
        for i in range(0, p.numel(), _CHUNK):
            j = i + _CHUNK
            denom = b[i:j].sqrt().add_(eps_t)
            p[i:j].add_(torch.div(a[i:j], denom, out=denom), alpha=-lr_t)
        return
    param.add_(m1 / m2.sqrt().add_(eps_t), alpha=-lr_t)


def _adam_core(param, grad, state, hyper, s):
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    one = np.float32(1) if s is not float else 1.0
    b1p = state["beta1_pow_acc"].item()
    b2p = state["beta2_pow_acc"].item()
    m1, m2 = state["moment1"], state["moment2"]
    g = grad.to(m1.dtype)
    c1 = s(one - np.float32(b1)) if s is not float else 1.0 - b1
    c2 = s(one - np.float32(b2)) if s is not float else 1.0 - b2
    # plain CPU tensors only (a DTensor's shards take the unfused formula as before), and
    # parameters of at most _EXACT_ADAM elements: the exact form costs two temporaries per
    # moment (MLP 784-512-512-10 training: 0.77x -> 1.63x torch's step time when applied to
    # every parameter), and a model with larger layers drifts from Paddle in its matmuls anyway
    # (matmul_order.py stops at K = 96)
    jit = m1.dtype is torch.float32 and m1.device.type == "cpu" and param.dtype is m1.dtype \
        and m1.numel() <= _EXACT_ADAM and all(type(t) in _PLAIN for t in (param, g, m1, m2))
    if jit:
        # Paddle's CPU adam / adamw kernels (the AVX-512 jit code, phi/kernels/funcs/jit/gen):
        # mom = fma(beta, mom, (1 - beta) * g), (1 - beta2) * (g * g) rounded first;
        # add_(alpha=) is that fused multiply-add on the CPU
        m1.copy_((g * c1).add_(m1, alpha=b1))
        m2.copy_(((g * g) * c2).add_(m2, alpha=b2))
    else:
        m1.mul_(b1).add_(g, alpha=c1)
        m2.mul_(b2).addcmul_(g, g, value=c2)
    # lr_t = lr * sqrt(1 - beta2^t) / (1 - beta1^t); epsilon is scaled by sqrt(1 - beta2^t) (Paddle)
    root = s(math.sqrt(s(1.0 - b2p)))
    if jit:        # Paddle's kernels group lr * (sqrt(1 - beta2^t) / (1 - beta1^t))
        lr_t = s(hyper["lr"] * s(root / s(1.0 - b1p)))
    else:
        lr_t = s(s(hyper["lr"] * root) / s(1.0 - b1p))
    eps_t = s(eps * root)
    if hyper.get("amsgrad"):
        m2max = state["moment2_max"]
        torch.maximum(m2max, m2, out=m2max)
        m2 = m2max
    if jit:
        # ... and p + (-lr_t) * (m1 / (sqrt(m2) + eps_t)) as one fused multiply-add
        _adam_update_fused(param, m1, m2, eps_t, lr_t)
    else:
        _adam_update(param, m1, m2, eps_t, lr_t)
    state["beta1_pow_acc"].mul_(b1)
    state["beta2_pow_acc"].mul_(b2)


def adam(param, grad, state, hyper):
    """adam op: Paddle's epsilon placement, `p -= lr_t * m1 / (sqrt(m2) + eps * sqrt(1 - b2^t))`."""
    _adam_core(param, grad, state, hyper, _scalar(param.dtype))


def adamw(param, grad, state, hyper):
    """adamw op: decoupled decay first, `p -= lr * lr_ratio * coeff * p` (skipped when with_decay is
    False), then Adam's update with lr * lr_ratio."""
    s = _scalar(param.dtype)
    lr = s(hyper["lr"] * hyper.get("lr_ratio", 1.0)) if hyper.get("lr_ratio", 1.0) != 1.0 \
        else s(hyper["lr"])
    if hyper.get("with_decay", True) and hyper.get("coeff", 0.0):
        # Paddle's CPU adamw kernel decays with one fused multiply-add, p - (lr * coeff) * p
        # (vfnmadd); torch's add_(alpha=) is that fused form on the CPU
        param.add_(param, alpha=-s(lr * s(hyper["coeff"])))
    _adam_core(param, grad, state, dict(hyper, lr=lr), s)


def rmsprop(param, grad, state, hyper):
    """rmsprop op: ms = rho*ms + (1-rho)*g^2; mom = momentum*mom + lr*g/sqrt(ms [- mg^2] + eps);
    param -= mom (mg = rho*mg + (1-rho)*g when centered)."""
    s = _scalar(param.dtype)
    rho, eps, mu, lr = s(hyper["rho"]), s(hyper["epsilon"]), s(hyper["momentum"]), s(hyper["lr"])
    ms, mg, mom = state["mean_square"], state["mean_grad"], state["momentum"]
    one_minus_rho = s(np.float32(1) - np.float32(rho)) if s is not float else 1.0 - rho
    ms.mul_(rho).addcmul_(grad, grad, value=one_minus_rho)
    if hyper.get("centered"):
        mg.mul_(rho).add_(grad, alpha=one_minus_rho)
        denom = (ms - mg * mg).add_(eps).sqrt_()
    else:
        denom = (ms + eps).sqrt_()
    mom.mul_(mu).add_((grad * lr) / denom)
    param.sub_(mom)


def adagrad(param, grad, state, hyper):
    """adagrad op: moment += g^2; param -= lr * g / (sqrt(moment) + eps)."""
    s = _scalar(param.dtype)
    moment = state["moment"]
    moment.addcmul_(grad, grad)
    param.sub_((grad * s(hyper["lr"])) / (moment.sqrt() + s(hyper["epsilon"])))


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



def asgd(param, grad, state, hyper):
    """asgd op (stochastic average gradient over the last `batch_num` gradients): slot
    i = m mod n holds the gradient seen n steps ago; d += grad - y[i]; y[i] = grad; m += 1;
    param -= lr / min(m, n) * d (checked against Paddle 3.3.1)."""
    s = _scalar(param.dtype)
    d, ys, m = state["d"], state["y"], state["m"]
    n = int(hyper["batch_num"])
    index = int(m.item()) % n
    m.add_(1)
    d.sub_(ys[index]).add_(grad.to(d.dtype))
    ys[index].copy_(grad)
    count = min(int(m.item()), n)
    param.sub_((d * s(s(hyper["lr"]) / s(count))).to(param.dtype))


def rprop(param, grad, state, hyper):
    """rprop op (resilient backpropagation): per element, the step size grows by etas[1] while
    the gradient keeps its sign and shrinks by etas[0] when it flips (clipped to
    learning_rate_range); after a flip the gradient counts as 0 for this step and the next;
    param -= sign(grad) * step (checked against Paddle 3.3.1)."""
    s = _scalar(param.dtype)
    prev, lrs = state["prevs"], state["learning_rates"]
    lo, hi = hyper["learning_rate_range"]
    eta_minus, eta_plus = hyper["etas"]
    g = grad.to(prev.dtype)
    prod = g * prev
    eta = torch.where(prod > 0, s(eta_plus), torch.where(prod < 0, s(eta_minus), s(1.0)))
    lrs.mul_(eta).clamp_(s(lo), s(hi))
    g = torch.where(prod < 0, torch.zeros_like(g), g)
    param.sub_((torch.sign(g) * lrs).to(param.dtype))
    prev.copy_(g)


RULES = {"sgd": sgd, "momentum": momentum, "adam": adam, "adamw": adamw, "rmsprop": rmsprop,
         "adagrad": adagrad, "adamax": adamax, "adadelta": adadelta, "lamb": lamb, "radam": radam,
         "nadam": nadam, "asgd": asgd, "rprop": rprop}

HYPER_DEFAULTS = {
    "sgd": {},
    "momentum": {"momentum": 0.9, "use_nesterov": False, "rescale_grad": 1.0,
                 "regularization_method": "", "regularization_coeff": 0.0},
    "adam": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "amsgrad": False},
    "adamw": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "amsgrad": False, "coeff": 0.01,
              "lr_ratio": 1.0, "with_decay": True},
    "rmsprop": {"rho": 0.95, "epsilon": 1e-6, "momentum": 0.0, "centered": False},
    "adagrad": {"epsilon": 1e-6, "initial_accumulator_value": 0.0},
    "adamax": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
    "adadelta": {"rho": 0.95, "epsilon": 1e-6},
    "lamb": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-6, "lamb_weight_decay": 0.01,
             "always_adapt": False, "with_decay": True},
    "radam": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8},
    "nadam": {"beta1": 0.9, "beta2": 0.999, "epsilon": 1e-8, "momentum_decay": 0.004},
    "asgd": {"batch_num": 1},
    "rprop": {"learning_rate_range": (1e-5, 50.0), "etas": (0.5, 1.2), "initial_lr": 0.001},
}


def state_makers(param):
    """(zeros(fill=0.0) shaped like `param`, pow_acc(value) of shape [1]) in the accumulator
    dtype: what every rule's accumulators are made of."""
    dt = _acc_dtype(param)

    def zeros(fill=0.0):
        return torch.full_like(param, fill, dtype=dt)

    def pow_acc(value):
        return torch.full((1,), value, dtype=dt)
    return zeros, pow_acc


def init_state(rule_name, param, hyper):
    """Fresh accumulators for `param` under rule `rule_name`, in Paddle's creation order."""
    zeros, pow_acc = state_makers(param)
    if rule_name == "sgd":
        return {}
    if rule_name == "momentum":
        return {"velocity": zeros()}
    if rule_name in ("adam", "adamw"):
        state = {"moment1": zeros(), "moment2": zeros()}
        if hyper.get("amsgrad"):
            state["moment2_max"] = zeros()
        state["beta1_pow_acc"] = pow_acc(hyper["beta1"])
        state["beta2_pow_acc"] = pow_acc(hyper["beta2"])
        return state
    if rule_name == "rmsprop":
        return {"momentum": zeros(), "mean_square": zeros(), "mean_grad": zeros()}
    if rule_name == "adagrad":
        return {"moment": zeros(hyper.get("initial_accumulator_value", 0.0))}
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
    if rule_name == "asgd":
        n = int(hyper["batch_num"])
        return {"d": zeros(), "y": torch.zeros((n,) + tuple(param.shape), dtype=_acc_dtype(param)),
                "m": torch.zeros((1,), dtype=torch.int64)}
    if rule_name == "rprop":
        return {"prevs": zeros(), "learning_rates": zeros(hyper["initial_lr"])}
    raise KeyError(f"unknown optimizer rule {rule_name!r}; known: {sorted(RULES)}")


# ---- multi-tensor rules (CUDA) ------------------------------------------------------------------
def multi_key(rule_name, param, grad, state, hyper):
    """What parameters must share to be updated in one multi-tensor call of MULTI[rule_name], or
    None when this one takes the per-parameter rule (options MULTI does not cover)."""
    if rule_name not in MULTI or hyper.get("amsgrad") or hyper.get("rescale_grad", 1.0) != 1.0 \
            or hyper.get("regularization_method"):
        return None
    if rule_name == "momentum" and param.dtype in (torch.float16, torch.bfloat16):
        return None         # float32 velocity into a half parameter: the per-parameter rule
    try:
        items = tuple(sorted(hyper.items()))
        hash(items)
    except TypeError:
        return None
    pows = tuple(float(state[k]) for k in ("beta1_pow_acc", "beta2_pow_acc") if k in state)
    return (param.device, param.dtype, grad.dtype, pows, items)


def _sgd_multi(params, grads, states, hyper):
    grads = [g.to(p.dtype) for p, g in zip(params, grads)]
    torch._foreach_add_(params, grads, alpha=-_scalar(params[0].dtype)(hyper["lr"]))


def _momentum_multi(params, grads, states, hyper):
    s = _scalar(params[0].dtype)
    mu, lr = s(hyper["momentum"]), s(hyper["lr"])
    velocity = [st["velocity"] for st in states]
    torch._foreach_mul_(velocity, mu)
    torch._foreach_add_(velocity, grads)
    if hyper.get("use_nesterov"):
        step = torch._foreach_mul(velocity, mu)
        torch._foreach_add_(step, grads)
        torch._foreach_add_(params, step, alpha=-lr)
    else:
        torch._foreach_add_(params, velocity, alpha=-lr)


def _adam_multi(params, grads, states, hyper):
    s = _scalar(params[0].dtype)
    b1, b2, eps = s(hyper["beta1"]), s(hyper["beta2"]), s(hyper["epsilon"])
    one = np.float32(1) if s is not float else 1.0
    b1p = float(states[0]["beta1_pow_acc"])
    b2p = float(states[0]["beta2_pow_acc"])
    m1, m2 = [st["moment1"] for st in states], [st["moment2"] for st in states]
    grads = [g.to(m.dtype) for g, m in zip(grads, m1)]
    torch._foreach_mul_(m1, b1)
    torch._foreach_add_(m1, grads, alpha=s(one - np.float32(b1)) if s is not float else 1.0 - b1)
    torch._foreach_mul_(m2, b2)
    torch._foreach_addcmul_(m2, grads, grads,
                            value=s(one - np.float32(b2)) if s is not float else 1.0 - b2)
    root = s(math.sqrt(s(1.0 - b2p)))
    lr_t = s(s(hyper["lr"] * root) / s(1.0 - b1p))
    denom = torch._foreach_sqrt(m2)
    torch._foreach_add_(denom, s(eps * root))
    if params[0].dtype == m1[0].dtype:
        torch._foreach_addcdiv_(params, m1, denom, value=-lr_t)
    else:                                   # float16 parameters, float32 moments
        update = torch._foreach_div(m1, denom)
        torch._foreach_mul_(update, lr_t)
        torch._foreach_sub_(params, [u.to(p.dtype) for u, p in zip(update, params)])
    torch._foreach_mul_([st["beta1_pow_acc"] for st in states], b1)
    torch._foreach_mul_([st["beta2_pow_acc"] for st in states], b2)


def _adamw_multi(params, grads, states, hyper):
    s = _scalar(params[0].dtype)
    lr = s(hyper["lr"] * hyper.get("lr_ratio", 1.0)) if hyper.get("lr_ratio", 1.0) != 1.0 \
        else s(hyper["lr"])
    if hyper.get("with_decay", True) and hyper.get("coeff", 0.0):
        torch._foreach_sub_(params, torch._foreach_mul(params, s(lr * s(hyper["coeff"]))))
    _adam_multi(params, grads, states, dict(hyper, lr=lr))


MULTI = {"sgd": _sgd_multi, "momentum": _momentum_multi, "adam": _adam_multi,
         "adamw": _adamw_multi}
