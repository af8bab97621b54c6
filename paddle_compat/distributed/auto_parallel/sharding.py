"""paddle.distributed.shard_optimizer with ShardingStage1/2/3 (ZeRO) on torch DTensor.

    opt = dist.shard_optimizer(paddle.optimizer.AdamW(parameters=layer.parameters()),
                               dist.ShardingStage1("dp", mesh))

The parameters live on the mesh as DTensors (a dense parameter is made replicated on the mesh
first). Along the sharding dimension of the mesh:

- Stage 1: the parameters and their gradients stay replicated; each step, every process updates
  only its Shard(0) slice of each parameter (so the optimizer's moments are created, and kept, as
  that slice: 1/n of the state per process), then the slices are all-gathered back.
- Stage 2: the same, and the gradient arriving from backward is reduced straight into this
  process's slice (DTensor turns Partial -> Shard(0) into a reduce-scatter) instead of first being
  all-reduced whole.
- Stage 3: the parameters themselves are kept as Shard(0) slices; DTensor all-gathers them where an
  op needs them whole in forward and backward, and the optimizer updates the slices in place.

Parameters whose first dimension is 1 are not sharded (as in Paddle). The result equals the
unsharded optimizer on the whole batch (tests/test_distributed_sharding.py).

Differences from Paddle: only SGD and AdamW are accepted (as in Paddle's dygraph shard_optimizer).
Paddle leaves dense (non-distributed) parameters alone under stages 1/2; here every parameter is
made a replicated DTensor on the sharding mesh, so the inputs must be distributed too (use
shard_dataloader or shard_tensor); a plain tensor beside a DTensor is refused by DTensor. Tensor
fusion, sharding overlap and the master-weight (AMP O2) paths are not modelled.
"""
from ..._tensor import Tensor

__all__ = ["ShardingStage1", "ShardingStage2", "ShardingStage3", "shard_optimizer"]


class _ShardingStageBase:
    _stage = 0

    def __init__(self, sharding_mesh_dim, mesh=None):
        self._mesh = mesh
        self._sharding_axis = 0
        self._sharding_mesh_dim = sharding_mesh_dim
        self.enable_tensor_fusion = False

    def _set_sharding_axis(self, sharding_axis):
        self._sharding_axis = sharding_axis

    def __repr__(self):
        return f"{type(self).__name__}(sharding_mesh_dim={self._sharding_mesh_dim!r}, mesh={self._mesh})"


class ShardingStage1(_ShardingStageBase):
    """paddle.distributed.ShardingStage1(sharding_mesh_dim, mesh=None): shard_optimizer's
    shard_fn for ZeRO stage 1 (optimizer state sharded along `sharding_mesh_dim`)."""
    _stage = 1


class ShardingStage2(_ShardingStageBase):
    """paddle.distributed.ShardingStage2(sharding_mesh_dim, mesh=None): stage 1 plus gradients
    reduce-scattered into each process's slice."""
    _stage = 2


class ShardingStage3(_ShardingStageBase):
    """paddle.distributed.ShardingStage3(sharding_mesh_dim, mesh=None): stage 2 plus the parameters
    themselves kept sharded (gathered by DTensor where an op needs them)."""
    _stage = 3


def shard_optimizer(optimizer, shard_fn=None, gradient_accumulation_steps=1):
    """paddle.distributed.shard_optimizer(optimizer, shard_fn=None, gradient_accumulation_steps=1):
    the optimizer with its state (stage 1), gradients (stage 2) or parameters (stage 3) sharded
    over the mesh; without shard_fn the state follows the parameters' own placements.

    Differences from Paddle: see this module's docstring (dense parameters become replicated
    DTensors on the sharding mesh; no tensor fusion or master weights)."""
    return _ShardOptimizer(optimizer, shard_fn, gradient_accumulation_steps)


def _torch_placements(mesh, axis, shard):
    from torch.distributed.tensor import Replicate, Shard
    return [Shard(0) if (d == axis and shard) else Replicate() for d in range(mesh.ndim)]


class _ShardOptimizer:
    """The wrapped optimizer: step() runs the inner update on each process's slices."""

    def __init__(self, optimizer, shard_fn=None, gradient_accumulation_steps=1):
        from ..._optim.optimizers import AdamW, SGD
        if optimizer is None:
            raise AssertionError("The argument `optimizer` cannot be empty.")
        if not isinstance(optimizer, (AdamW, SGD)):
            raise AssertionError("`paddle.distributed.ShardOptimizer` only supports AdamW and SGD "
                                 "optimizer for now.")
        if shard_fn is not None and not isinstance(shard_fn, _ShardingStageBase):
            raise AssertionError("shard_fn must be an instance of one of: _ShardingStage0, "
                                 "ShardingStage1, ShardingStage2, ShardingStage3")
        self.__dict__["_inner_opt"] = optimizer
        self.__dict__["_shard_fn"] = shard_fn
        self.__dict__["gradient_accumulation_steps"] = gradient_accumulation_steps
        self.__dict__["_mesh"] = None
        self.__dict__["_axis"] = None
        if shard_fn is not None:
            self._prepare(shard_fn)

    def _prepare(self, shard_fn):
        from .api import shard_tensor, _mesh_of
        from .placement_type import Replicate
        from .process_mesh import get_mesh
        mesh = get_mesh() or shard_fn._mesh
        if mesh is None:
            raise ValueError("The global mesh or shard_fn mesh should be set for the sharding "
                             "strategy.")
        axis = mesh._dim_index(shard_fn._sharding_mesh_dim)
        self.__dict__["_mesh"], self.__dict__["_axis"] = mesh, axis
        for p in self._params():
            if not p.is_dist():
                # Keep the Parameter object (the Layer and the optimizer hold it): swap its data.
                p._t = shard_tensor(p, mesh, [Replicate()] * mesh.ndim)._t
            elif _mesh_of(p) != mesh:
                raise ValueError("shard_optimizer: every parameter must be on the sharding mesh "
                                 f"{mesh}, but {p.name} is on {_mesh_of(p)}")
            elif type(p._t.placements[axis]).__name__ != "Replicate":
                raise AssertionError("The placement on sharding_axis should be Replicate")
        shard_fn._set_sharding_axis(axis)
        if shard_fn._stage == 3:
            for p in self._params():
                if p.shape and p.shape[0] > 1:
                    self._swap(p, self._placements(p, shard=True), keep_grad=False)

    def _params(self):
        return list(self._inner_opt._all_params())

    def _placements(self, p, shard):
        tp = list(p._t.placements)
        tp[self._axis] = _torch_placements(self._mesh, self._axis, shard)[self._axis]
        return tp

    @staticmethod
    def _swap(p, placements, keep_grad=True, stage=2):
        """Give Parameter p a redistributed leaf DTensor (and gradient) in place of its own."""
        old = p._t
        new = old.detach().redistribute(old.device_mesh, placements)
        new.requires_grad_(old.requires_grad)
        if keep_grad and old.grad is not None:
            grad = old.grad
            if stage == 1:      # stage 1 reduces the whole gradient, then takes its slice
                grad = grad.redistribute(old.device_mesh, old.placements)
            new.grad = grad.redistribute(old.device_mesh, placements)
        p._t = new
        return old

    def step(self):
        """Update each process's slice of every parameter (stages 1/2), or the sharded
        parameters themselves (stage 3)."""
        fn = self._shard_fn
        if fn is None or fn._stage == 3:
            return self._inner_opt.step()
        swapped = []
        for p in self._params():
            if p.is_dist() and p.shape and p.shape[0] > 1 and p._t.grad is not None:
                swapped.append((p, self._swap(p, self._placements(p, shard=True), stage=fn._stage)))
        try:
            self._inner_opt.step()
        finally:
            import torch
            with torch.no_grad():
                for p, full in swapped:
                    whole = p._t.detach().redistribute(full.device_mesh, full.placements)
                    full._local_tensor.copy_(whole._local_tensor)
                    p._t = full

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """Dynamic mode: step() on the gradients already computed (Paddle does not run backward)."""
        if not isinstance(loss, Tensor):
            raise AssertionError("The loss should be an Tensor.")
        self.step()
        return [], [(p, p.grad) for p in self._params() if p.grad is not None]

    def clear_grad(self, set_to_zero=True):
        self._inner_opt.clear_grad(set_to_zero)

    def state_dict(self):
        return self._inner_opt.state_dict()

    def set_state_dict(self, state_dict):
        return self._inner_opt.set_state_dict(state_dict)

    def __getattr__(self, item):
        return getattr(self._inner_opt, item)

    def __setattr__(self, item, value):
        if item in self.__dict__:
            self.__dict__[item] = value
        else:
            setattr(self._inner_opt, item, value)
