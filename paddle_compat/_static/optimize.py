"""Static `optimizer.minimize(loss)`: append_backward, then one optimizer op per parameter.

The optimizer classes are the optim part's; they call `minimize(optimizer, loss, ...)` here (installed
with `set_static_minimize_hook`). The learning rate is a persistable `learning_rate_<n>` variable and
each accumulator (`<param>_velocity_0`, `<param>_moment1_0`, ...) a persistable variable initialised by
the startup program; the op kernels apply the same update rules as dynamic mode
(`paddle_compat._optim.rules`), in place on the scope's tensors.
"""
import numpy as np
import torch

from .. import _unique_name
from .._mode import STATE
from .._ops.registry import OpDef
from .._optim.optimizer import set_static_minimize_hook
from .._optim.rules import RULES, init_state
from .backward import append_backward
from .builder import append_op, default_startup_program, name_scope, OpRole
from .ir import VARTYPE_CODES
from .._nn.initializer import Constant
from .._optim.lr import LRScheduler
from .._optim import rules

__all__ = ["minimize"]

_KIND = {"SGD": "sgd", "Momentum": "momentum", "Adam": "adam", "AdamW": "adamw"}
_ACCS = {"sgd": [], "momentum": ["velocity"],
         "adam": ["moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"],
         "adamw": ["moment1", "moment2", "beta1_pow_acc", "beta2_pow_acc"]}
_SLOT = {"velocity": "Velocity", "moment1": "Moment1", "moment2": "Moment2",
         "beta1_pow_acc": "Beta1Pow", "beta2_pow_acc": "Beta2Pow"}


def _hyper(opt, kind):
    if kind == "sgd":
        return {}
    if kind == "momentum":
        return {"momentum": opt._momentum, "use_nesterov": opt._use_nesterov,
                "rescale_grad": opt._rescale_grad,
                "regularization_method": opt._regularization_method,
                "regularization_coeff": opt._regularization_coeff}
    hyper = {"beta1": opt._beta1, "beta2": opt._beta2, "epsilon": opt._epsilon,
             "amsgrad": getattr(opt, "_amsgrad", False)}
    if kind == "adamw":
        hyper.update(coeff=opt._weight_decay, lr_ratio=1.0, with_decay=True)
    return hyper


def _op_attrs(kind, hyper, opt):
    if kind == "sgd":
        return {"multi_precision": False}
    if kind == "momentum":
        return {"mu": float(hyper["momentum"]), "multi_precision": False,
                "regularization_coeff": float(hyper["regularization_coeff"]),
                "regularization_method": hyper["regularization_method"],
                "rescale_grad": float(hyper["rescale_grad"]),
                "use_nesterov": bool(hyper["use_nesterov"])}
    attrs = {"beta1": float(hyper["beta1"]), "beta2": float(hyper["beta2"]),
             "epsilon": float(hyper["epsilon"]), "lazy_mode": bool(getattr(opt, "_lazy_mode", False)),
             "min_row_size_to_use_multithread": 1000, "multi_precision": False,
             "use_global_beta_pow": False}
    if kind == "adamw":
        attrs.update(coeff=float(hyper["coeff"]), lr_ratio=1.0, with_decay=True)
    return attrs


def _make_kernel(kind, hyper, acc_names, param_lr):
    rule = RULES[kind]
    if kind == "sgd":
        return _sgd_kernel(param_lr)

    def kernel(Param, Grad, LearningRate, *accs, **attrs):
        with torch.no_grad():
            state = dict(zip(acc_names, accs))
            h = dict(hyper, lr=float(LearningRate) * param_lr)
            rule(Param, Grad, state, h)
        return (Param,) + tuple(accs) if accs else Param
    return kernel


def _sgd_kernel(param_lr):
    """`rules.sgd` inlined (param -= lr * grad, lr rounded to the parameter's dtype as Paddle's
    kernel holds it): a training step runs one per parameter, so its Python cost counts."""
    read_lr = _lr_reader()

    def kernel(Param, Grad, LearningRate, MasterParam=None, **attrs):
        lr = _rounded_lr(read_lr(LearningRate) * param_lr, Param.dtype)
        if Grad.dtype is not Param.dtype:
            Grad = Grad.to(Param.dtype)
        # detach(): the update is not part of any graph (Param may be an autograd leaf here).
        Param.detach().sub_(Grad, alpha=lr)
        return Param
    kernel.sgd_param_lr = param_lr       # lets the Executor fuse consecutive updates (fused_sgd)
    return kernel


def fused_sgd(kernels):
    """One kernel for consecutive sgd ops sharing a learning rate variable and a per-parameter
    rate (`kernels`: theirs): `kernel([params], [grads], lr)` updates every parameter with one
    torch._foreach_sub_, the same arithmetic as each op's `sub_` (bit for bit). Mixed or other
    dtypes run the ops' own kernels one by one. Runs only where grad is off (the Executor fuses
    trailing optimizer steps, which run under no_grad), so parameters are updated as they are."""
    param_lr = kernels[0].sgd_param_lr
    read_lr = _lr_reader()

    def kernel(Params, Grads, LearningRate):
        dt = Params[0].dtype
        if (dt is torch.float32 or dt is torch.float64) and all(
                p.dtype is dt and g.dtype is dt for p, g in zip(Params, Grads)):
            lr = _rounded_lr(read_lr(LearningRate) * param_lr, dt)
            torch._foreach_sub_(Params, Grads, alpha=lr)
            return Params
        return [k(p, g, LearningRate) for k, p, g in zip(kernels, Params, Grads)]
    return kernel


def _rounded_lr(lr, dtype):
    """The rate as Paddle's sgd kernel holds it: a float32 unless the parameter is float64."""
    return lr if dtype is torch.float64 else float(np.float32(lr))


def _lr_reader():
    """float(learning-rate tensor), cached per tensor version: a CUDA learning-rate variable costs
    one device read per change instead of one per parameter per step."""
    cache = [None, -1, 0.0]          # (learning-rate tensor, its _version, float value)

    def read(lr):
        if lr is cache[0] and lr._version == cache[1]:
            return cache[2]
        value = float(lr)
        cache[:] = lr, lr._version, value
        return value
    return read


def _persistable(block, startup, name, shape, dtype, value):
    from .layers import init_op_for
    var = block.create_var(name=name, shape=shape, dtype=dtype, persistable=True,
                           stop_gradient=True)
    init_op_for(var, Constant(value), startup)
    return var


def minimize(optimizer, loss, startup_program=None, parameters=None, no_grad_set=None):
    """Static-mode `optimizer.minimize(loss)`; returns (optimize_ops, params_grads) as Paddle.

    Differences from Paddle: SGD, Momentum, Adam, AdamW, Adagrad, RMSProp, Adamax, Adadelta and
    Lamb (RAdam/NAdam: dynamic mode only); ClipGradByGlobalNorm (which fails in Paddle 3.3.1's
    legacy graph too) and custom regularizer callables raise NotImplementedError; clipping and
    the regularization term happen inside the update op (Paddle appends clip, `scale` and `sum`
    ops that show in the printed program).
    """
    kind = _KIND.get(type(optimizer).__name__)
    rule = getattr(optimizer, "_rule", None)
    if kind is None and rule not in _GENERIC_SLOTS:
        raise NotImplementedError(f"paddle.optimizer.{type(optimizer).__name__}.minimize in static "
                                  "mode is not supported; use SGD, Momentum, Adam, AdamW, "
                                  "Adagrad, RMSProp, Adamax, Adadelta or Lamb, or dynamic mode")
    clip = optimizer._grad_clip
    if clip is not None and type(clip).__name__ not in ("ClipGradByValue", "ClipGradByNorm"):
        # Paddle 3.3.1's legacy graph fails on ClipGradByGlobalNorm too (its sqrt needs PIR)
        raise NotImplementedError("optimizer.minimize in static mode supports ClipGradByValue and "
                                  "ClipGradByNorm; use them, or ClipGradByGlobalNorm in dynamic "
                                  "mode")
    if parameters is None and optimizer._parameter_list:
        parameters = optimizer._parameter_list
    params_grads = append_backward(loss, parameters, no_grad_set)
    for op in reversed(loss.block.program.global_block().ops):
        if op.grad_group is not None:
            op.grad_group.minimize = True       # (PIR shows minimize's gradients stop_gradient)
            break
    if not STATE.pir:
        # legacy Paddle sorts them by name; PIR keeps append_backward's (its parameter) order
        params_grads.sort(key=lambda pg: pg[0].name)
    program = loss.block.program
    block = program.global_block()
    startup = startup_program or default_startup_program()
    lr = optimizer._learning_rate
    lr_value = lr() if isinstance(lr, LRScheduler) else float(lr)
    lr_var = getattr(optimizer, "_static_lr_vars", {}).get(program._id)
    if lr_var is None:
        lr_var = _persistable(block, startup, _unique_name.generate("learning_rate"), [],
                              "float32", lr_value)
        optimizer.__dict__.setdefault("_static_lr_vars", {})[program._id] = lr_var
    if isinstance(lr, LRScheduler):
        program.lr_scheduler = lr
        program.lr_var_name = lr_var.name
    if kind is None:
        return _minimize_generic(optimizer, rule, block, startup, lr_var, params_grads), \
            params_grads
    hyper = _hyper(optimizer, kind)
    ops = []
    for param, grad in params_grads:
        accs = []
        for acc in _ACCS[kind]:
            value = hyper["beta1"] if acc == "beta1_pow_acc" else (
                hyper["beta2"] if acc == "beta2_pow_acc" else 0.0)
            shape = [1] if acc.endswith("pow_acc") else list(param.shape)
            accs.append(_persistable(block, startup, _unique_name.generate(f"{param.name}_{acc}"),
                                     shape, param.dtype, value))
        param_lr = float(param.optimize_attr.get("learning_rate", 1.0))
        inputs = {"Param": [param], "Grad": [grad], "LearningRate": [lr_var]}
        outputs = {"ParamOut": [param]}
        for acc, var in zip(_ACCS[kind], accs):
            inputs[_SLOT[acc]] = [var]
            outputs[_SLOT[acc] + "Out"] = [var]
        inputs["MasterParam"] = []
        if kind != "sgd":
            outputs["MasterParamOut"] = []
        in_slots = ("Param", "Grad", "LearningRate") + tuple(_SLOT[a] for a in _ACCS[kind])
        out_slots = ("ParamOut",) + tuple(_SLOT[a] + "Out" for a in _ACCS[kind])
        od = OpDef(kind, _regularize(_make_kernel(kind, hyper, _ACCS[kind], param_lr),
                                     optimizer, param), in_slots, out_slots, {}, "", None)
        with name_scope("optimizer"):
            op = append_op(block, od, inputs, outputs, _op_attrs(kind, hyper, optimizer),
                           role=OpRole.Optimize)
        op.attrs["op_role_var"] = [param.name, grad.name]
        ops.append(op)
    return ops, params_grads


# ---- the other optimizers: dynamic mode's rule and accumulators, one op per parameter ----------
# rule -> accumulator key -> Paddle's input slot (the output slot adds "Out")
_GENERIC_SLOTS = {
    "adagrad": {"moment": "Moment"},
    "rmsprop": {"momentum": "Moment", "mean_square": "MeanSquare", "mean_grad": "MeanGrad"},
    "adamax": {"moment": "Moment", "inf_norm": "InfNorm", "beta1_pow_acc": "Beta1Pow"},
    "adadelta": {"_avg_squared_grad": "AvgSquaredGrad",
                 "_avg_squared_update": "AvgSquaredUpdate"},
    "lamb": {"moment1": "Moment1", "moment2": "Moment2", "beta1_pow_acc": "Beta1Pow",
             "beta2_pow_acc": "Beta2Pow"},
}


class _ParamProxy:
    """What the optimizer's `_hyper` / `_regularizer_for` read of a parameter, for a static one:
    its Variable's attributes plus a zero tensor `_t` of its shape and dtype."""

    def __init__(self, var):
        self._var = var
        self._t = torch.zeros([max(int(d), 1) for d in var.shape], dtype=var.dtype.torch)

    def __getattr__(self, name):
        return getattr(self._var, name)


def _regularize(kernel, optimizer, param):
    """Add the parameter's regularization term (its own regularizer wins over the optimizer's
    weight_decay) to Grad before the update, as dynamic mode and Paddle's appended ops do."""
    reg = getattr(param, "regularizer", None)
    if reg is None:
        reg = getattr(optimizer, "regularization", None)
    kind, coeff = optimizer._regularizer_for(_ParamProxy(param), reg)
    if kind not in ("l1", "l2", None):
        raise NotImplementedError("optimizer.minimize in static mode supports L1Decay and "
                                  "L2Decay regularizers only")
    clip = optimizer._grad_clip
    if kind is None and clip is None:
        return kernel
    c = rules._scalar(param.dtype.torch)(coeff)

    def regularized(Param, Grad, *args, **attrs):
        if clip is not None:            # clip first, then regularize, as Paddle's apply_gradients
            Grad = clip._clip_torch([(param, Grad)])[0][1]
        if kind is not None:
            raw = Param.detach().to(Grad.dtype)
            Grad = Grad + (raw * c if kind == "l2" else torch.sign(raw) * c)
        return kernel(Param, Grad, *args, **attrs)
    return regularized


def _minimize_generic(optimizer, rule, block, startup, lr_var, params_grads):
    update = RULES[rule]
    slots = _GENERIC_SLOTS[rule]
    ops = []
    for param, grad in params_grads:
        proxy = _ParamProxy(param)
        hyper = optimizer._hyper(proxy, None, 1.0)
        param_lr = hyper.pop("lr")
        state = init_state(rule, proxy._t, hyper)
        names, accs = list(state), []
        for key, t in state.items():
            value = float(t.reshape(-1)[0]) if t.numel() else 0.0
            shape = [1] if t.shape == (1,) and key.endswith("pow_acc") else list(param.shape)
            accs.append(_persistable(block, startup, _unique_name.generate(f"{param.name}_{key}"),
                                     shape, param.dtype, value))
        inputs = {"Param": [param], "Grad": [grad], "LearningRate": [lr_var]}
        outputs = {"ParamOut": [param]}
        for key, var in zip(names, accs):
            inputs[slots[key]] = [var]
            outputs[slots[key] + "Out"] = [var]
        in_slots = ("Param", "Grad", "LearningRate") + tuple(slots[k] for k in names)
        out_slots = ("ParamOut",) + tuple(slots[k] + "Out" for k in names)
        od = OpDef(rule, _regularize(_generic_kernel(update, hyper, names, param_lr), optimizer,
                                     param), in_slots, out_slots, {}, "", None)
        attrs = {k: v for k, v in hyper.items() if isinstance(v, (bool, int, float, str))}
        attrs["multi_precision"] = False
        with name_scope("optimizer"):
            op = append_op(block, od, inputs, outputs, attrs, role=OpRole.Optimize)
        op.attrs["op_role_var"] = [param.name, grad.name]
        ops.append(op)
    return ops


def _generic_kernel(update, hyper, names, param_lr):
    def kernel(Param, Grad, LearningRate, *accs, **attrs):
        with torch.no_grad():
            if Grad.dtype is not Param.dtype:
                Grad = Grad.to(Param.dtype)
            lr = float(LearningRate)
            lr = lr if param_lr == 1.0 else lr * param_lr
            update(Param.detach(), Grad, dict(zip(names, accs)), dict(hyper, lr=lr))
        return (Param,) + tuple(accs)
    return kernel


set_static_minimize_hook(minimize)
