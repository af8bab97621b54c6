"""paddle.distributed.sharding.group_sharded_parallel / save_group_sharded_model.

Paddle's group-sharded stages run on GPU, XPU and custom devices only: on CPU its wheel refuses
group_sharded_parallel with an AssertionError, and so does paddle_compat, with the same message.

Differences from Paddle: on CUDA, group_sharded_parallel raises NotImplementedError naming the
replacements - `dist.shard_optimizer(opt, dist.ShardingStage1/2/3(...))` (ZeRO on DTensor), or
fleet with hybrid_configs["sharding_degree"] (DygraphShardingOptimizer) - instead of wrapping the
model in GroupShardedStage2/3. save_group_sharded_model therefore only ever sees unwrapped models
and gives Paddle's error for them.
"""
import os

__all__ = ["group_sharded_parallel", "save_group_sharded_model"]


def group_sharded_parallel(model, optimizer, level, scaler=None, group=None, offload=False,
                           sync_buffers=False, buffer_max_size=2 ** 23, segment_size=2 ** 20,
                           sync_comm=False, dp_group=None, exclude_layer=None):
    """paddle.distributed.sharding.group_sharded_parallel(model, optimizer, level, ...): refused on
    CPU as by Paddle; see the module docstring for CUDA."""
    from ..._place import get_device
    from ..._nn.layer.layers import Layer
    from ..._optim.optimizer import Optimizer
    device = get_device().split(":")[0]
    assert device in ["gpu", "xpu"], \
        "group_sharded_parallel only support gpu, xpu and custom_device now"
    assert isinstance(model, Layer), "The model must be the instance of paddle.nn.Layer."
    assert isinstance(optimizer, Optimizer), (
        "The optimizer must be the instance of paddle.optimizer.Optimizer or "
        "MixPrecisionOptimizer for main grad.")
    assert level in ["os", "os_g", "p_g_os"], "The level must be os, os_g or p_g_os."
    raise NotImplementedError(
        "paddle.distributed.sharding.group_sharded_parallel is not supported by paddle_compat; use "
        "dist.shard_optimizer(optimizer, dist.ShardingStage1/2/3('dp', mesh)) (level os / os_g / "
        "p_g_os) or fleet with hybrid_configs['sharding_degree']")


def save_group_sharded_model(model, output, optimizer=None):
    """paddle.distributed.sharding.save_group_sharded_model(model, output, optimizer=None): Paddle's
    checks (a directory, a model wrapped by group_sharded_parallel)."""
    assert not os.path.isfile(output), \
        f"Saving directory ({output}) should be a directory, not a file"
    os.makedirs(output, exist_ok=True)
    raise ValueError("Please use the layer which is wrapped with group_sharded_parallel.")
