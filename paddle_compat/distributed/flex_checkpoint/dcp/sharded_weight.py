"""paddle.distributed.ShardedWeight, shard_weight and build_sharded_state_dict: a process's piece of
a tensor that is not a DTensor (fleet's tensor-parallel slices), described by its offset in the
global tensor, for save_state_dict / load_state_dict.

For the checkpoint, the pieces of one key are joined into a DTensor without copying: the processes
are arranged in a mesh [replicas, pieces] (the pieces being equal slices along one axis, ordered by
offset, as shard_weight makes them) and each one's piece becomes its local shard
(DTensor.from_local), so torch.distributed.checkpoint writes each piece once and reads back any
layout.

Differences from Paddle: the pieces of a key must be equal slices along one axis, each held by the
same number of processes (NotImplementedError otherwise); is_flattened / flattened_range
(sharding v2's flattened pieces) are not supported.
"""
from ...._tensor import Tensor

__all__ = ["ShardedWeight", "ShardedStateDict", "shard_weight", "build_sharded_state_dict",
           "to_dtensors"]


class ShardedWeight:
    """paddle.distributed.ShardedWeight(key, local_tensor, local_shape, global_shape,
    global_offset, is_flattened=False, flattened_range=None)."""

    def __init__(self, key, local_tensor, local_shape, global_shape, global_offset,
                 is_flattened=False, flattened_range=None):
        self.key = key
        if local_tensor.is_dist():
            self.local_tensor = local_tensor._local_value()
            self.local_shape = tuple(self.local_tensor.shape)
        else:
            self.local_tensor = local_tensor
            self.local_shape = tuple(local_shape)
        self.global_shape = global_shape
        self.global_offset = global_offset
        self.is_flattened = is_flattened
        self.flattened_range = flattened_range

    def __str__(self):
        return (f"ShardedWeight(\n  key={self.key},\n"
                f"  local_tensor={type(self.local_tensor).__name__}(shape={self.local_tensor.shape}),\n"
                f"  local_shape={self.local_shape},\n  global_shape={self.global_shape},\n"
                f"  global_offset={self.global_offset},\n  flattened_range={self.flattened_range}\n)")


ShardedStateDict = dict


def shard_weight(key, weight, axis, group):
    """paddle.distributed.shard_weight(key, weight, axis, group): `weight` as this process's slice
    number group.rank along `axis` of a tensor group.nranks times as long."""
    if axis < 0 or axis >= len(weight.shape):
        raise ValueError(f"Shard axis {axis} is invalid for tensor with shape {weight.shape}")
    rank, world = group.rank, group.nranks
    local_shape = tuple(weight.shape)
    global_shape = list(local_shape)
    global_shape[axis] = local_shape[axis] * world
    offset = [0] * len(local_shape)
    if world > 1:
        offset[axis] = rank * local_shape[axis]
    return ShardedWeight(key=key, local_tensor=weight, local_shape=local_shape,
                         global_shape=tuple(global_shape), global_offset=tuple(offset))


def build_sharded_state_dict(state_dict, shard_rules=None, prefix=""):
    """paddle.distributed.build_sharded_state_dict(state_dict, shard_rules=None, prefix=""):
    {key: ShardedWeight}; keys in shard_rules are slices along that axis over the fleet
    model-parallel group, the others whole (replicated) tensors."""
    shard_rules = shard_rules or {}
    out = {}
    for key, tensor in state_dict.items():
        full = f"{prefix}{key}" if prefix else key
        if key in shard_rules:
            from ...fleet import fleet
            group = fleet.get_hybrid_communicate_group().get_model_parallel_group()
            out[full] = shard_weight(full, tensor, shard_rules[key], group)
        else:
            out[full] = ShardedWeight(full, tensor, tuple(tensor.shape), tuple(tensor.shape),
                                      tuple(0 for _ in tensor.shape))
    return out


_meshes = {}


def _mesh(rows):
    from torch.distributed.device_mesh import DeviceMesh
    import torch
    key = tuple(map(tuple, rows))
    if key not in _meshes:
        _meshes[key] = DeviceMesh("cpu", torch.tensor(rows))
    return _meshes[key]


def to_dtensors(flat):
    """{key: Tensor or ShardedWeight} -> {key: torch tensor}, the ShardedWeights joined into
    DTensors over the processes that hold their pieces (a collective: every process calls it)."""
    import torch.distributed as tdist
    from torch.distributed.tensor import DTensor, Replicate, Shard
    mine = {k: (tuple(v.global_shape), tuple(v.global_offset), tuple(v.local_shape))
            for k, v in flat.items() if isinstance(v, ShardedWeight)}
    for k, v in flat.items():
        if isinstance(v, ShardedWeight) and (v.is_flattened or v.flattened_range is not None):
            raise NotImplementedError(f"ShardedWeight {k}: flattened pieces (is_flattened / "
                                      "flattened_range) are not supported by paddle_compat")
    if tdist.is_initialized():
        everyone = [None] * tdist.get_world_size()
        tdist.all_gather_object(everyone, mine)
    else:
        everyone = [mine]
    out = {k: v._t.detach() for k, v in flat.items() if isinstance(v, Tensor)}
    keys = sorted({k for d in everyone for k in d})
    for key in keys:                 # the same order on every process: the meshes are collective
        holders = {r: d[key] for r, d in enumerate(everyone) if key in d}
        gshape = next(iter(holders.values()))[0]
        offsets = sorted({h[1] for h in holders.values()})
        if len(offsets) == 1 and next(iter(holders.values()))[2] == gshape:
            if key in flat:          # whole on every holder: an ordinary (replicated) tensor
                out[key] = flat[key].local_tensor._t.detach()
            continue
        axes = {i for o in offsets for i, x in enumerate(o) if x != offsets[0][i]}
        pieces = [[r for r, h in sorted(holders.items()) if h[1] == o] for o in offsets]
        if len(axes) != 1 or len({len(p) for p in pieces}) != 1 or \
                gshape[next(iter(axes))] % len(offsets):
            raise NotImplementedError(f"ShardedWeight {key}: the pieces must be equal slices along "
                                      "one axis, each held by as many processes, for "
                                      "paddle_compat's checkpoints")
        axis = next(iter(axes))
        rows = [[pieces[i][j] for i in range(len(pieces))] for j in range(len(pieces[0]))]
        mesh = _mesh(rows)
        if key in flat:
            local = flat[key].local_tensor._t.detach()
            out[key] = DTensor.from_local(local, mesh, [Replicate(), Shard(axis)],
                                          run_check=False)
    return out
