"""paddle.distributed.sharding.group_sharded_parallel / save_group_sharded_model.

    model, optimizer, scaler = group_sharded_parallel(model, optimizer, "os_g", scaler=scaler)

Paddle's group-sharded stages run on GPU, XPU and custom devices only: on CPU its wheel refuses
group_sharded_parallel with an AssertionError, and so does paddle_compat, with the same message.
On a GPU the model is wrapped in GroupShardedStage2 (levels "os" and "os_g", as Paddle runs "os"
as "os_g") or GroupShardedStage3 ("p_g_os"), the optimizer in GroupShardedOptimizerStage2, and a
GradScaler in GroupShardedScaler:

- at wrapping, every parameter is broadcast from the group's first rank;
- the parameters are partitioned over the group (largest first, to the least-loaded rank);
- `optimizer.step()` averages every gradient over the group, updates only this rank's parameters
  (so their optimizer state exists on this rank alone) and broadcasts each parameter from its
  owner, so all ranks hold the same model - the results of data parallelism over the group.

save_group_sharded_model(model, output, optimizer) writes `output/model.pdmodel` (the wrapped
layer's state_dict) and `output/model.pdopt` (this rank's optimizer state), as Paddle.

Differences from Paddle: the gradients are all-reduced (Paddle reduces each to its owner) and
stage 3 keeps every parameter whole on every rank (Paddle frees the shards it does not own
between uses), so the memory saving is the optimizer state's; `offload`, `buffer_max_size`,
`segment_size`, `sync_comm` and `exclude_layer` are accepted and have no effect.
"""
import os

import torch
import torch.distributed as tdist

from ..._amp.grad_scaler import GradScaler
from ..._nn.layer.layers import Layer
from ..._optim.optimizer import Optimizer
from ..._place import get_device
from ..._serialization import save
from ..fleet.meta_optimizers.hybrid_parallel_optimizer import (average_grads, partition_by_size,
                                                                step_owned_share)
from ..fleet.scaler import reduce_found_inf

__all__ = ["group_sharded_parallel", "save_group_sharded_model"]

# The devices Paddle's group-sharded stages run on (its CPU wheel refuses the rest).
_DEVICES = ("gpu", "xpu")


def _default_group(group):
    from .. import collective
    return group if group is not None else collective.new_group()


class GroupShardedOptimizerStage2:
    """The optimizer group_sharded_parallel returns: steps only this rank's share of the
    parameters after averaging the gradients over the group, then broadcasts every parameter
    from its owner (module docstring)."""

    def __init__(self, params, optim, group=None, offload=False, dp_group=None, device="gpu",
                 **kwargs):
        group = _default_group(group)
        params = list(params)
        self.__dict__.update(_optim=optim, _group=group, _params=params,
                             _owner=partition_by_size(params, group.nranks))

    def step(self):
        """Average the gradients over the group, update this rank's parameters, share them."""
        trained = [p for p in self._params if not p.stop_gradient]
        for p in trained:
            if p._t.grad is None:
                p._t.grad = torch.zeros_like(p._t)
        with torch.no_grad():
            average_grads([p._t.grad for p in trained], self._group)
        step_owned_share(self._optim, self._params, self._owner, self._group)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dynamic mode: step() on the gradients backward computed."""
        self.step()
        return [], [(p, p.grad) for p in self._params if p.grad is not None]

    def clear_grad(self, set_to_zero=True):
        self._optim.clear_grad(set_to_zero)

    def __getattr__(self, item):
        return getattr(self._optim, item)

    def __setattr__(self, item, value):
        setattr(self._optim, item, value)


class _GroupShardedModel(Layer):
    """The wrapped model: the layer's forward, its parameters broadcast from the group's first
    rank at wrapping."""

    def __init__(self, layer, optimizer=None, group=None, sync_buffers=False, **kwargs):
        super().__init__()
        self._layer = layer
        self._group = _default_group(group)
        self._sync_buffers = sync_buffers
        with torch.no_grad():
            for p in layer.parameters():
                tdist.broadcast(p._t.data, self._group.ranks[0],
                                group=self._group.process_group)

    def forward(self, *inputs, **kwargs):
        if self._sync_buffers:
            with torch.no_grad():
                for b in self._layer.buffers():
                    tdist.broadcast(b._t.data, self._group.ranks[0],
                                    group=self._group.process_group)
        return self._layer(*inputs, **kwargs)


class GroupShardedStage2(_GroupShardedModel):
    """group_sharded_parallel's model at levels 'os' and 'os_g'."""


class GroupShardedStage3(_GroupShardedModel):
    """group_sharded_parallel's model at level 'p_g_os' (it also owns the optimizer)."""

    def get_all_parameters(self, convert2cpu=False):
        """Every parameter is kept whole on each rank here (module docstring): nothing to gather."""
        return None


class GroupShardedScaler:
    """A GradScaler for group-sharded training: an inf/nan found by any rank skips the step on
    every rank (the found-inf flag is reduced over the group after unscaling)."""

    def __init__(self, scaler, group):
        reduce_found_inf(scaler, group)
        self.__dict__["_scaler"] = scaler

    def __getattr__(self, item):
        return getattr(self._scaler, item)


def group_sharded_parallel(model, optimizer, level, scaler=None, group=None, offload=False,
                           sync_buffers=False, buffer_max_size=2 ** 23, segment_size=2 ** 20,
                           sync_comm=False, dp_group=None, exclude_layer=None):
    """paddle.distributed.sharding.group_sharded_parallel(model, optimizer, level, scaler=None,
    group=None, ...): (model, optimizer, scaler) wrapped for group-sharded data parallelism
    (module docstring). Paddle's AssertionError on a CPU place.

    Differences from Paddle: see the module docstring (gradients all-reduced; stage 3 keeps the
    parameters whole; offload and the buffer/segment sizes have no effect)."""
    device = get_device().split(":")[0]
    assert device in _DEVICES, \
        "group_sharded_parallel only support gpu, xpu and custom_device now"
    assert isinstance(model, Layer), "The model must be the instance of paddle.nn.Layer."
    assert isinstance(optimizer, Optimizer), (
        "The optimizer must be the instance of paddle.optimizer.Optimizer or "
        "MixPrecisionOptimizer for main grad.")
    assert level in ["os", "os_g", "p_g_os"], "The level must be os, os_g or p_g_os."
    group = _default_group(group)
    optimizer = GroupShardedOptimizerStage2(optimizer._parameter_list, optimizer, group=group)
    wrapper = GroupShardedStage3 if level == "p_g_os" else GroupShardedStage2
    model = wrapper(model, optimizer, group=group, sync_buffers=sync_buffers)
    if isinstance(scaler, GradScaler):
        scaler = GroupShardedScaler(scaler, group)
    return model, optimizer, scaler


def save_group_sharded_model(model, output, optimizer=None):
    """paddle.distributed.sharding.save_group_sharded_model(model, output, optimizer=None):
    `output/model.pdmodel` (the wrapped layer's state_dict) and `output/model.pdopt` (the
    optimizer's state on this rank), with Paddle's checks."""
    assert not os.path.isfile(output), \
        f"Saving directory ({output}) should be a directory, not a file"
    os.makedirs(output, exist_ok=True)
    if not isinstance(model, _GroupShardedModel):
        raise ValueError("Please use the layer which is wrapped with group_sharded_parallel.")
    save(model._layer.state_dict(), os.path.join(output, "model.pdmodel"))
    if optimizer is not None:
        assert hasattr(optimizer, "_optim"), \
            "Please use the optimizer which is wrapped with group_sharded_parallel."
        save(optimizer._optim.state_dict(), os.path.join(output, "model.pdopt"))
