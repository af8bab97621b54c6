"""paddle.distributed.fsdp.fully_shard: fully sharded data parallel (ZeRO-3) on a Layer.

    mesh = dist.ProcessMesh([0, 1], dim_names=["dp"])
    model = fully_shard(model, mesh=mesh)              # every parameter Shard(.) on mesh axis 0
    opt = paddle.optimizer.AdamW(parameters=model.parameters())
    loss = model(dist.shard_tensor(x, mesh, [dist.Shard(0)])).mean(); loss.backward(); opt.step()

This is Paddle's auto-parallel path (the one it takes once a ProcessMesh exists): each parameter
becomes a DTensor on the mesh whose first mesh axis holds it sharded along its first tensor
dimension not sharded already (a dense parameter is made replicated on the mesh first), exactly the
placements Paddle's ShardingStage3 gives. DTensor all-gathers a parameter where an op needs it
whole, in forward and backward, and its gradient is brought to the parameter's placements (a
gradient hook, as Paddle's), so an ordinary optimizer made
on `model.parameters()` keeps 1/n of the parameters, gradients and moments per process (the same
engine as shard_optimizer with ShardingStage3). The layer is changed in place and returned.

Without any ProcessMesh Paddle takes its manual path (fleet's sharding group, CUDA/XPU only): on CPU
that is Paddle's AssertionError; on CUDA paddle_compat raises NotImplementedError asking for a mesh.

Differences from Paddle: parameters are not fused into buffers and communication is not
overlapped (enable_tensor_fusion_and_overlap is accepted; the values are the same either way);
reshard_after_forward, shard_placement_fn, mp_policy, offload_policy are accepted and not applied;
ignored_params are left as they are (dense, or as placed). torch's FSDP2 `fully_shard` works on
torch.nn.Module objects, which paddle_compat's Layers are not, so the sharding is DTensor's own.
"""
from ..auto_parallel.process_mesh import _global, get_mesh

__all__ = ["fully_shard", "MixedPrecisionPolicy", "OffloadPolicy"]


class MixedPrecisionPolicy:
    """fully_shard's mixed-precision settings (param_dtype, reduce_dtype, output_dtype,
    cast_forward_inputs); accepted, not applied."""
    param_dtype = None
    reduce_dtype = None
    output_dtype = None
    cast_forward_inputs = True


class OffloadPolicy:
    """fully_shard's CPU-offload settings (pin_memory); accepted, not applied."""
    pin_memory = True


def _sharded_placements(raw, axis):
    # Paddle's get_placement_with_sharding: Shard(the first tensor dim that is not sharded yet)
    # on the sharding mesh axis; a 0-d parameter keeps its placements.
    from torch.distributed.tensor import Shard
    sharded = [p.dim for p in raw.placements if isinstance(p, Shard)]
    if len(sharded) > 1:
        raise AssertionError("The parameter can't be shard twice with sharding strategy even in "
                             "different mesh now.")
    placements = list(raw.placements)
    for dim in range(raw.ndim):
        if dim not in sharded:
            placements[axis] = Shard(dim)
            break
    return placements


def fully_shard(module, *, mesh=None, reshard_after_forward=None, shard_placement_fn=None,
                mp_policy=None, offload_policy=None, ignored_params=None,
                enable_tensor_fusion_and_overlap=True):
    """paddle.distributed.fsdp.fully_shard(module, *, mesh=None, ...): shard every parameter of
    `module` over the first axis of `mesh` (default: dist.get_mesh()); -> `module`, changed in
    place.

    Differences from Paddle: see this module's docstring (no tensor fusion or overlap; the
    policy arguments are accepted and not applied; the manual, fleet path needs a mesh here)."""
    import torch
    from ..auto_parallel.api import shard_tensor
    from ..auto_parallel.placement_type import Replicate
    if not _global["auto_parallel"]:
        if not torch.cuda.is_available():
            raise AssertionError("Only support CUDA / XPU / CustomDevice.")
        raise NotImplementedError(
            "paddle.distributed.fsdp.fully_shard without a ProcessMesh (Paddle's manual, fleet "
            "sharding-group path) is not provided by paddle_compat; build a "
            "paddle.distributed.ProcessMesh and pass it as mesh= (the auto-parallel path)")
    mesh = mesh if mesh is not None else get_mesh()
    ignored = {id(p) for p in (ignored_params or ())}
    for p in module.parameters():
        if id(p) in ignored:
            continue
        if not p.is_dist():
            if mesh is None:
                continue            # Paddle: a dense parameter with no mesh is left alone
            p._t = shard_tensor(p, mesh, [Replicate()] * mesh.ndim)._t
        old = p._t
        new = old.detach().redistribute(old.device_mesh, _sharded_placements(old, 0))
        new.requires_grad_(old.requires_grad)
        if new.requires_grad:
            new.register_hook(_grad_like(new))
        p._t = new
    return module


def _grad_like(param):
    # Paddle's ShardingStage3 grad hook: the gradient takes its parameter's placements (DTensor
    # can hand back another layout, e.g. Partial for a 1-element parameter split unevenly).
    mesh, placements = param.device_mesh, tuple(param.placements)

    def hook(grad):
        if tuple(grad.placements) != placements:
            return grad.redistribute(mesh, placements)
        return grad
    return hook
