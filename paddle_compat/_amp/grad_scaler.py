"""paddle.amp.GradScaler / AmpScaler: Paddle's dynamic loss scaling (mirrors
paddle/amp/grad_scaler.py).

The arithmetic is Paddle's: `scale(loss)` multiplies by the float32 scale; `unscale_` /
`minimize` / `step` multiply every gradient by 1/scale (float16, bfloat16 and float32 gradients in
turn, as Paddle's check_finite_and_unscale) and note whether any was inf/nan; a step with inf/nan
skips the optimizer; `update` counts good and bad steps: after `decr_every_n_nan_or_inf` bad steps
the scale is multiplied by decr_ratio (printing Paddle's "Found inf or nan, ..." line), after
`incr_every_n_steps` good steps by incr_ratio. `state_dict` holds the scale (a float32 [1]
array) and the counters; a disabled scaler's is {}.

Like Paddle 3.3.1, a scaler is disabled (with Paddle's warning) on a place without AMP (CPU), and
`scale` disables it when the last auto_cast's dtype is not float16 (dynamic loss scaling is only
recommended for float16).

Differences from Paddle: none known.
"""
import warnings
from collections import defaultdict
from enum import Enum

import numpy as np
import torch

from .._mode import STATE
from .._tensor import Tensor, lazy_zero_grad
from .auto_cast import _amp_place, _place_text, amp_global_state

__all__ = ["AmpScaler", "GradScaler", "OptimizerState"]


class OptimizerState(Enum):
    INIT = 0
    UNSCALED = 1
    STEPPED = 2


def _refresh_optimizer_state():
    return {"state": OptimizerState.INIT}


def _scale_tensor(value):
    from .._creation_core import to_tensor
    return to_tensor(np.array([value]).astype(np.float32))


class AmpScaler:
    """paddle.amp.AmpScaler: the loss scaler behind GradScaler (defaults init_loss_scaling=2**15,
    incr_every_n_steps=1000)."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 15, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=1000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        if not STATE.static and enable and not _amp_place():
            warnings.warn(f"AmpScaler can only be enabled on CUDAPlace, XPUPlace and CustomPlace, "
                          f"current place is {_place_text()}, so it makes no effect.")
            enable = False
        self._enable = enable
        self._use_dynamic_loss_scaling = False
        self._init_loss_scaling = 1.0
        self._scale = None
        if self._enable:
            assert incr_ratio > 1.0, "The incr_ratio must be > 1.0."
            assert decr_ratio < 1.0, "The decr_ratio must be < 1.0."
            self._init_loss_scaling = init_loss_scaling
            self._incr_ratio = incr_ratio
            self._decr_ratio = decr_ratio
            self._incr_every_n_steps = incr_every_n_steps
            self._decr_every_n_nan_or_inf = decr_every_n_nan_or_inf
            self._incr_count = 0
            self._decr_count = 0
            self._use_dynamic_loss_scaling = use_dynamic_loss_scaling
            self._found_inf = False
            self._scale = _scale_tensor(self._init_loss_scaling)
            self._cache_found_inf = None
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def scale(self, var):
        """Multiply the loss by the loss-scaling factor (returned unchanged when disabled)."""
        if not isinstance(var, Tensor) and not hasattr(var, "stop_gradient"):
            raise TypeError(f"The type of 'var' in AmpScaler.scale() must be "
                            f"(<class 'paddle.Tensor'>, <class 'paddle.pir.Value'>), but received "
                            f"{type(var)}. ")
        if (self._enable and amp_global_state().amp_dtype != "float16"
                and self._use_dynamic_loss_scaling):
            self._enable = False
            self._use_dynamic_loss_scaling = False
            self._init_loss_scaling = 1.0
            warnings.warn(f"It is not recommended to use dynamic loss scaling for "
                          f"{amp_global_state().amp_dtype}, so GradScaler is disable by default.")
        if not self._enable:
            return var
        return var * self._scale

    def minimize(self, optimizer, *args, **kwargs):
        """Unscale the gradients (unless unscale_ ran), apply the optimizer unless one is inf/nan,
        update the scale. Returns the optimizer's (ops, params_grads), (None, None) when skipped."""
        if not self._enable:
            return optimizer.minimize(*args, **kwargs)
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        optimize_ops, params_grads = (None, None)
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimize_ops, params_grads = optimizer.minimize(*args, **kwargs)
            self._cache_found_inf = False
        if self._use_dynamic_loss_scaling:
            self._update()
        self._optimizer_states = defaultdict(_refresh_optimizer_state)
        return optimize_ops, params_grads

    @staticmethod
    def _grads_by_dtype(optimizer):
        groups = getattr(optimizer, "_param_groups", None)
        if groups and isinstance(groups[0], dict):
            params = [p for g in groups for p in g["params"]]
        else:
            params = list(optimizer._parameter_list or [])
        out = {torch.float16: [], torch.bfloat16: [], "other": []}
        for p in params:
            g = lazy_zero_grad(p._t)
            if g is not None:
                out[g.dtype if g.dtype in (torch.float16, torch.bfloat16) else "other"].append(g)
        return out[torch.float16], out[torch.bfloat16], out["other"]

    def _unscale(self, optimizer):
        if not self._enable:
            return
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.UNSCALED:
            raise RuntimeError("unscale_() has already been called on this optimizer since the "
                               "last update().")
        if optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("unscale_() is being called after step().")
        found = False
        for grads in self._grads_by_dtype(optimizer):
            # a distributed (DTensor) gradient is checked and unscaled in this process's shard
            local = [getattr(g, "_local_tensor", g) for g in grads]
            if local:
                found = _check_finite_and_unscale(local, self._scale._t) or found
        self._found_inf = found
        optimizer_state["state"] = OptimizerState.UNSCALED

    def _update(self):
        if not self._enable:
            return
        if self._cache_found_inf:
            self._incr_count = 0
            self._decr_count = self._decr_count + 1
            if self._decr_count == self._decr_every_n_nan_or_inf:
                print(f"Found inf or nan, current scale is: {float(self._scale)}, decrease to: "
                      f"{float(self._scale)}*{float(self._decr_ratio)}")
                self._scale = self._scale * self._decr_ratio
                self._decr_count = 0
        else:
            self._decr_count = 0
            self._incr_count = self._incr_count + 1
            if self._incr_count == self._incr_every_n_steps:
                self._scale = self._scale * self._incr_ratio
                self._incr_count = 0

    def is_enable(self):
        """Whether loss scaling is on."""
        return self._enable

    def is_use_dynamic_loss_scaling(self):
        """Whether the scale adapts (dynamic loss scaling)."""
        return self._use_dynamic_loss_scaling

    def get_init_loss_scaling(self):
        """The initial (or last set / loaded) loss-scaling factor."""
        return self._init_loss_scaling

    def set_init_loss_scaling(self, new_init_loss_scaling):
        """Set the loss-scaling factor (the scale restarts from it)."""
        self._init_loss_scaling = new_init_loss_scaling
        self._scale = _scale_tensor(self._init_loss_scaling)

    def get_incr_ratio(self):
        """The factor the scale grows by."""
        return self._incr_ratio

    def set_incr_ratio(self, new_incr_ratio):
        """Set the growth factor (> 1)."""
        assert new_incr_ratio > 1.0, "The new_incr_ratio must be > 1.0."
        self._incr_ratio = new_incr_ratio

    def get_decr_ratio(self):
        """The factor the scale shrinks by."""
        return self._decr_ratio

    def set_decr_ratio(self, new_decr_ratio):
        """Set the shrink factor (< 1)."""
        assert new_decr_ratio < 1.0, "The new_decr_ratio must be < 1.0."
        self._decr_ratio = new_decr_ratio

    def get_incr_every_n_steps(self):
        """How many consecutive good steps grow the scale."""
        return self._incr_every_n_steps

    def set_incr_every_n_steps(self, new_incr_every_n_steps):
        """Set how many consecutive good steps grow the scale."""
        self._incr_every_n_steps = new_incr_every_n_steps

    def get_decr_every_n_nan_or_inf(self):
        """How many bad (inf/nan) steps shrink the scale."""
        return self._decr_every_n_nan_or_inf

    def set_decr_every_n_nan_or_inf(self, new_decr_every_n_nan_or_inf):
        """Set how many bad (inf/nan) steps shrink the scale."""
        self._decr_every_n_nan_or_inf = new_decr_every_n_nan_or_inf

    def state_dict(self):
        """{'scale': float32 [1] array, ratios, step counts, counters, use_dynamic_loss_scaling};
        {} when disabled."""
        if not self._enable:
            return {}
        return {"scale": self._scale.numpy(), "incr_ratio": self._incr_ratio,
                "decr_ratio": self._decr_ratio, "incr_every_n_steps": self._incr_every_n_steps,
                "decr_every_n_nan_or_inf": self._decr_every_n_nan_or_inf,
                "incr_count": self._incr_count, "decr_count": self._decr_count,
                "use_dynamic_loss_scaling": self._use_dynamic_loss_scaling}

    def load_state_dict(self, state_dict):
        """Restore a state_dict (ignored when disabled; an empty one is Paddle's RuntimeError)."""
        if not self._enable:
            return
        if len(state_dict) == 0:
            raise RuntimeError("The input state dict is empty, possibly because it was saved from a "
                               "disabled instance of GradScaler.")
        self._init_loss_scaling = state_dict["scale"][0]
        self._scale = _scale_tensor(self._init_loss_scaling)
        self._incr_ratio = state_dict["incr_ratio"]
        self._decr_ratio = state_dict["decr_ratio"]
        self._incr_every_n_steps = state_dict["incr_every_n_steps"]
        self._decr_every_n_nan_or_inf = state_dict["decr_every_n_nan_or_inf"]
        self._incr_count = state_dict["incr_count"]
        self._decr_count = state_dict["decr_count"]
        self._use_dynamic_loss_scaling = state_dict["use_dynamic_loss_scaling"]


def _check_finite_and_unscale(grads, scale):
    """Paddle's check_finite_and_unscale kernel, in place: grads are multiplied by 1/scale in
    order; from the first grad holding inf/nan on, the factor is 0 (so that grad's inf/nan become
    nan and the later grads 0, as Paddle's CPU kernel leaves them). True if any inf/nan was seen."""
    if grads and grads[0].is_cuda:
        return _check_finite_and_unscale_cuda(grads, scale)
    found = False
    with torch.no_grad():
        inv = (1.0 / scale.float()).reshape([])
        for g in grads:
            if not found and not bool(torch.isfinite(g).all()):
                found = True
            g.mul_((inv * 0 if found else inv).to(g.dtype))
    return found


def _check_finite_and_unscale_cuda(grads, scale):
    """Paddle's GPU check_finite_and_unscale: every grad multiplied by 1/scale, found_inf set when
    any holds inf/nan. torch's fused multi-tensor kernel does exactly that, one launch per dtype
    and one device synchronisation in all (a per-grad check would synchronise once per grad)."""
    device = grads[0].device
    found = torch.zeros(1, dtype=torch.float32, device=device)
    inv = (1.0 / scale.float()).reshape(1).to(device)
    groups = {}
    for g in grads:
        groups.setdefault((g.device, g.dtype), []).append(g)
    with torch.no_grad():
        for (dev, _), group in groups.items():
            f = found if dev == device else torch.zeros(1, dtype=torch.float32, device=dev)
            torch._amp_foreach_non_finite_check_and_unscale_(group, f, inv.to(dev))
            if f is not found:
                found.add_(f.to(device))
    return bool(found.item())


class GradScaler(AmpScaler):
    """paddle.amp.GradScaler(enable=True, init_loss_scaling=2.**16, incr_ratio=2.0,
    decr_ratio=0.5, incr_every_n_steps=2000, decr_every_n_nan_or_inf=1,
    use_dynamic_loss_scaling=True): dynamic loss scaling for float16 training: scale(loss),
    then minimize(optimizer, scaled_loss) or step(optimizer) + update().

    Differences from Paddle: none known."""

    def __init__(self, enable=True, init_loss_scaling=2.0 ** 16, incr_ratio=2.0, decr_ratio=0.5,
                 incr_every_n_steps=2000, decr_every_n_nan_or_inf=1,
                 use_dynamic_loss_scaling=True):
        super().__init__(enable, init_loss_scaling, incr_ratio, decr_ratio, incr_every_n_steps,
                         decr_every_n_nan_or_inf, use_dynamic_loss_scaling)

    def step(self, optimizer):
        """Unscale (unless unscale_ ran) and run optimizer.step() unless a gradient is inf/nan."""
        if not self._enable:
            return optimizer.step()
        optimizer_state = self._optimizer_states[id(optimizer)]
        if optimizer_state["state"] is OptimizerState.STEPPED:
            raise RuntimeError("step() has already been called since the last update().")
        if optimizer_state["state"] is OptimizerState.INIT:
            self._unscale(optimizer)
        if self._found_inf:
            self._cache_found_inf = True
        else:
            optimizer.step()
            self._cache_found_inf = False
        optimizer_state["state"] = OptimizerState.STEPPED
        if not self._use_dynamic_loss_scaling:
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def update(self):
        """Update the scale from the last step (dynamic loss scaling)."""
        if not self._enable:
            return
        if self._use_dynamic_loss_scaling:
            self._update()
            self._optimizer_states = defaultdict(_refresh_optimizer_state)

    def unscale_(self, optimizer):
        """Divide the optimizer's gradients by the scale now (e.g. before clipping them)."""
        return self._unscale(optimizer)
