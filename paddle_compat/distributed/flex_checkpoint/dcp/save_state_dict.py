"""paddle.distributed.save_state_dict on torch.distributed.checkpoint (DCP).

Every process calls it with its state_dict; a distributed Tensor (DTensor) is written as the shards
its processes hold, each shard once, with a global index of which process wrote which region, so
load_state_dict can read it back into any other layout - another mesh, other placements, another
number of processes (resharding). An ordinary Tensor is taken to be the same on every process and is
written once. Nested dicts are flattened to dotted keys, as Paddle does.

Differences from Paddle: the directory holds torch DCP's files (`__<rank>_<n>.distcp` and a
`.metadata` index written last, after the shards), not Paddle's `<rank>_<id>.distcp` /
`<id>.metadata` pickles, so checkpoints are not interchangeable with Paddle's; unique_id,
async_save, safetensors and save_replicas are checked and otherwise ignored. ShardedWeight values
(build_sharded_state_dict of fleet's tensor-parallel slices) are joined into DTensors first
(sharded_weight.py), with its limits.
"""
import contextlib
import warnings

from ...._tensor import Tensor

__all__ = ["save_state_dict", "flatten_state_dict", "torch_state"]


def flatten_state_dict(state_dict, prefix=""):
    """{'opt': {'m': t}} -> {'opt.m': t}."""
    out = {}
    for key, value in state_dict.items():
        name = f"{prefix}{key}"
        if isinstance(value, dict) and not hasattr(value, "local_tensor"):
            out.update(flatten_state_dict(value, name + "."))
        else:
            out[name] = value
    return out


def torch_state(state_dict, api):
    """The flattened state_dict with torch tensors (detached views: loading writes into them);
    ShardedWeights joined into DTensors (a collective)."""
    if not isinstance(state_dict, dict):
        raise AssertionError(f"The state_dict should be a dictionary.But now the type is "
                             f"{type(state_dict)}.")
    from .sharded_weight import ShardedWeight, to_dtensors
    flat = flatten_state_dict(state_dict)
    for value in flat.values():
        if not isinstance(value, (Tensor, ShardedWeight)):
            what = "a paddle.Tensor or ShardedWeight" if api == "save" else "a paddle.Tensor"
            raise AssertionError(f"The value of state_dict should be {what}, but got: {value}.")
    return to_dtensors(flat)


def _pg(process_group):
    import torch.distributed as tdist
    if not tdist.is_initialized():
        return None
    return None if process_group is None else process_group.process_group


@contextlib.contextmanager
def _quiet():
    """DCP warns that it 'assumes' one process when no group exists: that is what Paddle does
    silently, so the warning is dropped."""
    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="torch.distributed is disabled")
        yield


def save_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None,
                    async_save=False, safetensors=False, save_replicas=False):
    """paddle.distributed.save_state_dict(state_dict, path, process_group=None, ...): write the
    (possibly sharded) state_dict to directory `path`; every process of the group calls it.

    Differences from Paddle: torch DCP's file format (see the module docstring)."""
    import os
    import torch.distributed as tdist
    import torch.distributed.checkpoint as dcp
    state = torch_state(state_dict, "save")
    if unique_id is not None and unique_id < 0:
        raise AssertionError(f"{unique_id} should be >= 0")
    os.makedirs(path, exist_ok=True)
    with _quiet():
        dcp.save(state, checkpoint_id=path, process_group=_pg(process_group),
                 no_dist=not tdist.is_initialized())
