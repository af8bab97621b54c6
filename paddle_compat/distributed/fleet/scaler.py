"""fleet.distributed_scaler: a GradScaler whose overflow check agrees across ranks.

Under tensor, pipeline or sharding parallelism each rank holds other gradients, so one rank can see
an inf/nan the others do not; Paddle's distributed_scaler makes the scaler's unscale reduce its
found-inf flag (max) over every rank, so all skip the step together; plain data parallelism is
left alone, as in Paddle. group_sharded_parallel's GroupShardedScaler does the same over the
sharding group.
"""
import torch
import torch.distributed as tdist

__all__ = ["distributed_scaler", "reduce_found_inf"]


def reduce_found_inf(scaler, group=None):
    """Make `scaler`'s unscale reduce its found-inf flag (max) over `group` (every rank when
    None) after checking its own gradients (the local shards of distributed ones); returns the
    scaler. Shared by fleet.distributed_scaler, GroupShardedScaler and shard_scaler."""
    local_unscale = scaler._unscale

    def unscale_over_group(optimizer):
        local_unscale(optimizer)
        if not scaler._enable or not tdist.is_initialized():
            return
        flag = torch.tensor([1 if scaler._found_inf else 0], dtype=torch.int32,
                            device=scaler._scale._t.device)
        tdist.all_reduce(flag, op=tdist.ReduceOp.MAX,
                         group=group.process_group if group is not None else None)
        scaler._found_inf = bool(flag.item())
    scaler._unscale = unscale_over_group
    return scaler


def distributed_scaler(scaler):
    """paddle.distributed.fleet.distributed_scaler(scaler): the same scaler, its overflow check
    reduced over every rank unless the parallel mode is plain data parallelism (Paddle's rule)."""
    from . import _state
    from .base.topology import ParallelMode
    hcg = _state.HCG[0]
    if hcg is not None and hcg.get_parallel_mode() != ParallelMode.DATA_PARALLEL:
        reduce_found_inf(scaler)
    return scaler
