"""recompute_hybrid(ctx, function, *args, **kwargs): recompute() for a block inside a
tensor-parallel model (paddle.incubate.distributed.fleet.recompute_hybrid).

`ctx` is Paddle's dict: 'mp_group' (required: the model-parallel group the block runs in),
'offload' and 'partition' (keep the saved inputs on the CPU / split them over the mp group, both
memory savings). The block's activations are dropped after forward and recomputed in backward with
the random state of the forward, through fleet.utils.recompute (torch.utils.checkpoint).

Differences from Paddle: 'offload' and 'partition' are accepted and not applied (the saved inputs
stay whole on their device; values and gradients are the same).
"""
from .recompute import recompute

__all__ = ["recompute_hybrid"]


def recompute_hybrid(ctx, function, *args, **kwargs):
    """paddle.incubate.distributed.fleet.recompute_hybrid(ctx, function, *args, **kwargs): the
    output of function(*args, **kwargs), its activations recomputed in backward.

    Differences from Paddle: ctx's 'offload' and 'partition' are not applied (module docstring)."""
    mp_group = ctx.get("mp_group", None)
    assert mp_group is not None, "ctx must contains mp_group and mp_group can not be None."
    return recompute(function, *args, **kwargs)
