"""paddle.distributed.shard_scaler(scaler): a paddle.amp.GradScaler made to work on distributed
Tensors, as Paddle's: the loss scale multiplies a DTensor loss (as a replicated DTensor on the
loss's mesh), each process checks and unscales its own shards of the gradients, and the inf/nan
finding is all-reduced (max) so that every process skips, or takes, the same step.

Differences from Paddle: the found-inf reduction runs over the default group (every process),
where Paddle reduces over the meshes of the parameters.
"""
import types

from ..._tensor import Tensor, wrap
from ..fleet.scaler import reduce_found_inf

__all__ = ["shard_scaler"]


def _scale(self, var):
    if isinstance(var, Tensor) and var.is_dist() and self._enable:
        from ..._amp.auto_cast import amp_global_state
        if amp_global_state().amp_dtype != "float16" and self._use_dynamic_loss_scaling:
            return type(self).scale(self, var)      # the scaler disables itself, as Paddle's
        from torch.distributed.tensor import DTensor, Replicate
        mesh = var._t.device_mesh
        factor = DTensor.from_local(self._scale._t.to(var._t.dtype), mesh,
                                    [Replicate()] * mesh.ndim)
        return wrap(var._t * factor)
    return type(self).scale(self, var)


def shard_scaler(scaler):
    """paddle.distributed.shard_scaler(scaler): the same GradScaler, its scale() and unscaling
    made distributed-aware (see the module docstring)."""
    scaler.scale = types.MethodType(_scale, scaler)
    return reduce_found_inf(scaler)
