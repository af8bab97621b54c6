"""paddle.optimizer.Optimizer and its dynamic-mode machinery (state, groups, clip, regularization).

A step does what Paddle's dygraph `step()` does, in the same order: collect (param, grad) pairs of
trainable parameters that have a gradient, clip them (`grad_clip`), add the regularization term
(the parameter's own `regularizer` wins over the optimizer's `weight_decay`), then run the update
rule of `rules.py` on each parameter's raw torch tensor under `torch.no_grad()`. Gradients are never
modified in place: `param.grad` stays the unclipped gradient, as in Paddle.

Accumulators are paddle Tensors named as Paddle names them (`<param.name>_<suffix>_<n>` from the
shared unique-name generator), created on the first step, kept in `_accumulators[suffix][param.name]`;
`state_dict()` returns {name: Tensor} plus 'LR_Scheduler' when the learning rate is a scheduler.

Static mode: `minimize` hands over to the hook the static package installs with
`set_static_minimize_hook(fn)`; `fn(optimizer, loss, startup_program, parameters, no_grad_set)`
records the update ops, and can use `optimizer._rule`, `optimizer._hyper(param, group, lr)` and
`rules.init_state` / `rules.RULES` so that both modes run the very same update rules.
"""
import numpy as np
import torch

from .. import _unique_name
from .._mode import STATE
from .._tensor import Tensor, lazy_zero_grad, wrap
from . import rules
from .._regularizer import L2Decay
from .clip import ClipGradBase
from .lr import LambdaDecay, LRScheduler

__all__ = ["Optimizer", "set_static_minimize_hook"]

_static_minimize = [None]


def set_static_minimize_hook(fn):
    """The static package installs `fn(optimizer, loss, startup_program, parameters, no_grad_set)`."""
    _static_minimize[0] = fn


def _regularizer_kind(reg):
    """('l2'|'l1'|'custom'|None, coeff) for a weight_decay / regularizer value."""
    if reg is None:
        return None, 0.0
    if isinstance(reg, (int, float)) and not isinstance(reg, bool):
        return "l2", float(reg)
    name = type(reg).__name__
    coeff = getattr(reg, "_coeff", getattr(reg, "coeff", None))
    if name.startswith("L2Decay") and coeff is not None:
        return "l2", float(coeff)
    if name.startswith("L1Decay") and coeff is not None:
        return "l1", float(coeff)
    return "custom", 0.0


def _as_float(value):
    return float(value._t) if isinstance(value, Tensor) else float(value)


class Optimizer:
    """paddle.optimizer.Optimizer(learning_rate, parameters=None, weight_decay=None, grad_clip=None,
    name=None): the base class; use a subclass (SGD, Momentum, Adam, AdamW, RMSProp, Adagrad).

    Differences from Paddle: dynamic mode only here (static `minimize` is delegated to the static
    package); gradients are dense torch tensors (no SelectedRows, so `lazy_mode` has no effect);
    `multi_precision` keeps float32 accumulators for float16/bfloat16 parameters but no master weight.
    """

    _rule = None            # Paddle's op type of the update rule, a key of rules.RULES
    _group_keys = ()        # per-group overrides read by `_hyper`

    def __init__(self, learning_rate, parameters=None, weight_decay=None, grad_clip=None, name=None):
        if parameters is not None:
            if isinstance(parameters, Tensor):
                raise TypeError("`parameters` argument given to the optimizer should be an iterable of "
                                f"paddle Tensors, but got argument type is `{type(parameters)}`.")
            if isinstance(parameters, dict):
                raise TypeError("`parameters` argument should not get dict type, if parameter groups "
                                "is needed, please set `parameters` as list of dict")
            parameters = list(parameters)
        if parameters is None and not STATE.static:
            raise AttributeError("parameters argument given to the Optimizer should not be None in "
                                 "dygraph mode.")
        if not isinstance(learning_rate, (float, LRScheduler)):
            raise TypeError(f"learning rate should be float or LRScheduler, got {type(learning_rate)} here")
        if grad_clip is not None and not isinstance(grad_clip, ClipGradBase):
            raise TypeError("'grad_clip' should be an instance of GradientClipBase's derived class")
        if isinstance(weight_decay, bool):
            raise TypeError(f"weight_decay should be float or a WeightDecayRegularizer, but received "
                            f"{type(weight_decay)}")
        if isinstance(weight_decay, (int, float)):
            weight_decay = L2Decay(float(weight_decay))
        self.regularization = weight_decay
        self._parameter_list = parameters
        self._name = name
        self._grad_clip = grad_clip
        self._learning_rate = learning_rate
        self._accumulators = {}
        self._accumulators_holder = {}
        self._opti_name_list = []
        self._master_weights = {}
        self._group_reg = {}
        self._raw_state = {}
        self.clear_gradients = self.clear_grad
        self._default_dict = {"weight_decay": self.regularization, "grad_clip": grad_clip}
        self._param_groups = []
        if parameters and isinstance(parameters[0], dict):
            for group in parameters:
                if "params" not in group:
                    raise AssertionError("params should be set in parameters if parameter groups are "
                                         "optimized in different options")
            for group in parameters:
                self._add_param_group(dict(group))
        else:
            self._param_groups = parameters

    # ---- parameter groups -------------------------------------------------------------------
    def _add_param_group(self, group):
        params = group["params"]
        if isinstance(params, Tensor):
            group["params"] = [params]
        elif isinstance(params, set):
            raise TypeError("optimizer parameters should be in ordered collections,but received set, "
                            "please use list instead.")
        else:
            group["params"] = list(params)
        for key, value in self._default_dict.items():
            group.setdefault(key, value)
        seen = {id(p) for g in self._param_groups for p in g["params"]}
        if any(id(p) in seen for p in group["params"]):
            raise ValueError("some parameters appear in more than one parameter group")
        # Paddle writes the group's weight decay and learning-rate scale onto the parameters.
        reg = self._group_regularizer(group)
        for p in group["params"]:
            if hasattr(p, "optimize_attr"):
                p.regularizer = reg
                p.optimize_attr["learning_rate"] = group.get("learning_rate", 1.0)
            else:
                self._group_reg[id(p)] = (reg, group.get("learning_rate", 1.0))
        self._param_groups.append(group)

    def _group_regularizer(self, group):
        decay = group["weight_decay"]
        if isinstance(decay, (int, float)) and not isinstance(decay, bool):
            return L2Decay(float(decay))
        return decay

    def _groups(self):
        if self._param_groups and isinstance(self._param_groups[0], dict):
            return [(g["params"], g) for g in self._param_groups]
        return [(self._param_groups or [], None)]

    def _all_params(self):
        return [p for params, _ in self._groups() for p in params]

    # ---- learning rate ----------------------------------------------------------------------
    def get_lr(self):
        """The current learning rate (a float; the scheduler's value when one is used)."""
        lr = self._learning_rate
        return lr if isinstance(lr, float) else lr()

    def set_lr(self, value):
        """Set a float learning rate (RuntimeError when the optimizer uses an LRScheduler)."""
        if not isinstance(value, (int, float)):
            raise TypeError("The type of 'value' in optimizer.set_lr must be float, but received "
                            f"{type(value)}.")
        if isinstance(self._learning_rate, LRScheduler):
            raise RuntimeError("optimizer's learning rate can't be LRScheduler when invoke this API, "
                               "because this will lead to conflict.")
        self._learning_rate = float(value)

    def set_lr_scheduler(self, scheduler):
        """Replace the learning rate by `scheduler` (an LRScheduler)."""
        if not isinstance(scheduler, LRScheduler):
            raise TypeError("The type of 'scheduler' in optimizer.set_lr_scheduler must be LRScheduler, "
                            f"but received {type(scheduler)}.")
        self._learning_rate = scheduler

    def _param_lr(self, param, lr, scalar):
        attr = getattr(param, "optimize_attr", None)
        scale = attr.get("learning_rate", 1.0) if attr else self._group_reg.get(id(param), (0, 1.0))[1]
        if isinstance(scale, Tensor):
            scale = float(scale._t)
        # Paddle: the global lr is a tensor in the parameters' dtype; lr * scale in that dtype.
        return scalar(lr) if scale == 1.0 else scalar(scalar(lr) * scalar(scale))

    # ---- state ------------------------------------------------------------------------------
    def _hyper(self, param, group, lr):
        """The rule's hyper-parameters for `param` (group overrides applied; 'lr' is effective)."""
        hyper = self._base_hyper(param)
        if group is not None:
            for key in self._group_keys:
                if key in group:
                    hyper[key] = group[key]
        hyper["lr"] = self._param_lr(param, lr, rules._scalar(param._t.dtype))
        return hyper

    def _base_hyper(self, param):
        return {}

    def _state(self, param, hyper):
        state = self._raw_state.get(param.name)
        if state is None:
            state = self._raw_state[param.name] = self._create_state(param, hyper)
        return state

    def _create_state(self, param, hyper):
        slot = self._accumulators
        prefix = f"{self._name}_" if self._name is not None else ""
        state = {}
        for suffix, raw in rules.init_state(self._rule, param._t.detach(), hyper).items():
            key = prefix + suffix
            var_name = _unique_name.generate(f"{param.name}_{key}")
            self._opti_name_list.append(var_name)
            if self._accumulators_holder:
                if var_name not in self._accumulators_holder:
                    raise AssertionError(f"Optimizer set error, {var_name} should in state dict")
                _copy_into(raw, self._accumulators_holder.pop(var_name))
            acc = wrap(raw)
            acc._info = {"name": var_name, "persistable": True}
            slot.setdefault(key, {})[param.name] = acc
            state[suffix] = raw
        return state

    def state_dict(self):
        """{accumulator name: Tensor} (+ 'LR_Scheduler': the scheduler's state_dict)."""
        out = {}
        if not self._accumulators and self._accumulators_holder:
            out.update(self._accumulators_holder)
        else:
            for accs in self._accumulators.values():
                for acc in accs.values():
                    out[acc.name] = acc
        if self._master_weights:
            out["master_weights"] = self._master_weights
        if isinstance(self._learning_rate, LRScheduler):
            out["LR_Scheduler"] = self._learning_rate.state_dict()
        return out

    def set_state_dict(self, state_dict):
        """Load a state_dict from `state_dict()` / paddle.load (Tensors or numpy arrays); values for
        accumulators not created yet are kept and used when the first step creates them."""
        if isinstance(self._learning_rate, LRScheduler):
            lr_state = state_dict.get("LR_Scheduler")
            if not isinstance(self._learning_rate, LambdaDecay) and lr_state is None:
                raise AssertionError("LR_Scheduler state must be included in the state dict except "
                                     "LambdaDecay")
            if lr_state:
                self._learning_rate.set_state_dict(lr_state)
        state_dict = dict(state_dict)
        state_dict.pop("LR_Scheduler", None)
        masters = state_dict.pop("master_weights", None)
        if masters is not None:
            self._master_weights = masters
        self._accumulators_holder = state_dict
        for accs in self._accumulators.values():
            for acc in accs.values():
                if acc.name not in state_dict:
                    raise AssertionError(f"optimizer Tensor {acc.name} not found")
                _copy_into(acc._t, state_dict[acc.name])

    load_state_dict = set_state_dict

    # ---- stepping ---------------------------------------------------------------------------
    def _regularized(self, param, grad):
        reg = getattr(param, "regularizer", None)
        if reg is None and id(param) in self._group_reg:
            reg = self._group_reg[id(param)][0]
        if reg is None:
            reg = self.regularization
        kind, coeff = self._regularizer_for(param, reg)
        if kind is None:
            return grad
        raw = param._t.detach()
        if raw.dtype != grad.dtype:
            raw = raw.to(grad.dtype)
        scalar = rules._scalar(grad.dtype)
        if kind == "l2":
            return grad + raw * scalar(coeff)
        if kind == "l1":
            return grad + torch.sign(raw) * scalar(coeff)
        term = reg(param, wrap(grad), None)
        return grad + (term._t if isinstance(term, Tensor) else torch.as_tensor(term))

    def _regularizer_for(self, param, reg):
        return _regularizer_kind(reg)

    def _apply(self, pairs, group):
        clip = group["grad_clip"] if group is not None else self._grad_clip
        if clip is not None:
            pairs = clip._clip_torch(pairs)
        pairs = [(p, self._regularized(p, g)) for p, g in pairs if g is not None]
        lr = self.get_lr()
        update = rules.RULES[self._rule]
        with torch.no_grad():
            if pairs and pairs[0][0]._t.is_cuda and self._rule in rules.MULTI:
                self._apply_multi(pairs, group, lr, update)
                return
            for p, g in pairs:
                hyper = self._hyper(p, group, lr)
                update(p._t, g, self._state(p, hyper), hyper)

    def _apply_multi(self, pairs, group, lr, update):
        """CUDA: the parameters that can share one multi-tensor update (rules.MULTI) take it in
        batches; the rest take the per-parameter rule."""
        batches = {}
        for p, g in pairs:
            hyper = self._hyper(p, group, lr)
            state = self._state(p, hyper)
            key = rules.multi_key(self._rule, p._t, g, state, hyper)
            if key is None:
                update(p._t, g, state, hyper)
                continue
            batch = batches.get(key)
            if batch is None:
                batch = batches[key] = ([], [], [], hyper)
            batch[0].append(p._t)
            batch[1].append(g)
            batch[2].append(state)
        multi = rules.MULTI[self._rule]
        for params, grads, states, hyper in batches.values():
            multi(params, grads, states, hyper)

    def step(self):
        """Update every trainable parameter that has a gradient, once."""
        if STATE.static:
            raise RuntimeError("Optimizer.step() is only available in dynamic mode; in static mode "
                               "use optimizer.minimize(loss)")
        with torch.no_grad():
            for params, group in self._groups():
                pairs = []
                for p in params:
                    if not p.stop_gradient:
                        g = p._t.grad
                        if g is None:
                            g = lazy_zero_grad(p._t)      # zeroed lazily: zeros, as in Paddle
                        if g is not None:
                            pairs.append((p, g))
                self._apply(pairs, group)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Apply the gradients already computed (dynamic mode: Paddle does not run backward here;
        call `loss.backward()` first). Returns ([], [(param, grad), ...]) as Paddle does.

        Differences from Paddle: in static mode the work is done by the static package's hook.
        """
        if STATE.static:
            if _static_minimize[0] is None:
                raise NotImplementedError("paddle.optimizer.Optimizer.minimize in static mode needs "
                                          "paddle_compat's static package; use dynamic mode instead")
            return _static_minimize[0](self, loss, startup_program, parameters, no_grad_set)
        if not isinstance(loss, Tensor):
            raise AssertionError("The loss should be an Tensor.")
        plist = parameters if parameters else self._parameter_list
        if plist and isinstance(plist[0], dict):
            plist = [p for g in plist for p in g["params"]]
        skip = {id(v) if isinstance(v, Tensor) else v for v in (no_grad_set or ())}
        params_grads = [(p, p.grad) for p in plist
                        if lazy_zero_grad(p._t) is not None and id(p) not in skip
                        and p.name not in skip]
        pairs = [(p, g._t) for p, g in params_grads if not p.stop_gradient]
        self._apply(pairs, None if not self._param_groups or not isinstance(
            self._param_groups[0], dict) else self._param_groups[0])
        return [], params_grads

    def clear_grad(self, set_to_zero=True):
        """Zero the gradients of the optimized parameters (drop them with set_to_zero=False)."""
        for p in self._all_params():
            if not p.stop_gradient:
                p.clear_gradient(set_to_zero)

    def zero_grad(self, set_to_none=True):
        """Same as clear_grad(set_to_zero=not set_to_none)."""
        self.clear_grad(set_to_zero=not set_to_none)

    def get_opti_var_name_list(self):
        """Names of the accumulators created so far."""
        return self._opti_name_list


def _copy_into(raw, value):
    """Copy a saved accumulator (Tensor, numpy array or number) into torch tensor `raw`."""
    if isinstance(value, Tensor):
        src = value._t
    elif isinstance(value, torch.Tensor):
        src = value
    else:
        src = torch.from_numpy(np.asarray(value))
    with torch.no_grad():
        raw.copy_(src.reshape(raw.shape).to(raw.dtype))
