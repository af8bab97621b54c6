"""paddle.distributed.load_state_dict: read a checkpoint written by save_state_dict into the given
state_dict in place, resharding to each Tensor's current layout (torch.distributed.checkpoint
reads, on every process, the regions of the saved shards that its own shard covers).

Differences from Paddle: torch DCP's file format; offload, aoa_config, safetensors, worker_groups
and comm_method are checked and otherwise ignored; a key missing from the checkpoint is torch's
error (a RuntimeError naming the key), not Paddle's.
"""
from .save_state_dict import _pg, _quiet, torch_state

__all__ = ["load_state_dict", "load_merged_state_dict"]


def load_state_dict(state_dict, path, process_group=None, coordinator_rank=0, unique_id=None,
                    offload=False, mw_name_compatibility=True, aoa_config=None, safetensors=False,
                    worker_groups=None, comm_method="broadcast"):
    """paddle.distributed.load_state_dict(state_dict, path, process_group=None, ...): fill
    state_dict's Tensors in place from the checkpoint in `path` (in their own placements)."""
    import torch
    import torch.distributed as tdist
    import torch.distributed.checkpoint as dcp
    valid = ["broadcast", "multi_group_broadcast", "grouped_send_recv", "send_recv"]
    if comm_method not in valid:
        raise AssertionError(f"Invalid communication method '{comm_method}'. Please choose from "
                             f"{valid}.")
    state = torch_state(state_dict, "load")
    if unique_id is not None and unique_id < 0:
        raise AssertionError(f"{unique_id} should be >= 0")
    with torch.no_grad(), _quiet():
        dcp.load(state, checkpoint_id=path, process_group=_pg(process_group),
                 no_dist=not tdist.is_initialized())


def load_merged_state_dict(path, prefix=None, unique_id=None, offload=False, aoa_config=None,
                           safetensors=False):
    """paddle.distributed.load_merged_state_dict(path, prefix=None, ...): the whole (unsharded)
    Tensors of a checkpoint save_state_dict wrote, as {key: Tensor}; with `prefix`, only the keys
    under it, the prefix and its dot removed. Every calling process reads the whole checkpoint
    itself (no collective).

    Differences from Paddle: torch DCP's file format; unique_id / offload / aoa_config /
    safetensors are checked and otherwise ignored."""
    import torch
    import torch.distributed.checkpoint as dcp
    from torch.distributed.checkpoint.metadata import TensorStorageMetadata
    from ...._tensor import wrap
    if unique_id is not None and unique_id < 0:
        raise AssertionError(f"{unique_id} should be >= 0")
    reader = dcp.FileSystemReader(path)
    metadata = reader.read_metadata()
    state = {}
    for key, meta in metadata.state_dict_metadata.items():
        if isinstance(meta, TensorStorageMetadata) and (prefix is None or key.startswith(prefix)):
            state[key] = torch.zeros(tuple(meta.size), dtype=meta.properties.dtype)
    with _quiet():
        dcp.load(state, storage_reader=reader, no_dist=True)
    out = {}
    for key, value in state.items():
        if prefix and key.startswith(prefix):
            key = key[len(prefix) + 1:]
        out[key] = wrap(value)
    return out
