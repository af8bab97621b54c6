"""paddle.distributed.load_state_dict: read a checkpoint written by save_state_dict into the given
state_dict in place, resharding to each Tensor's current layout (torch.distributed.checkpoint
reads, on every process, the regions of the saved shards that its own shard covers).

Differences from Paddle: torch DCP's file format; offload, aoa_config, safetensors, worker_groups
and comm_method are checked and otherwise ignored; a key missing from the checkpoint is torch's
error (a RuntimeError naming the key), not Paddle's.
"""
from .save_state_dict import _pg, _quiet, torch_state

__all__ = ["load_state_dict"]


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
