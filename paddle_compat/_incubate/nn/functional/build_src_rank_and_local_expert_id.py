"""paddle.incubate.nn.functional.build_src_rank_and_local_expert_id (Paddle: incubate/nn/
functional/build_src_rank_and_local_expert_id.py, GPU kernel of the same name)."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["build_src_rank_and_local_expert_id"]


def build_src_rank_and_local_expert_id(expert_num_global_tensor, expert_num_global,
                                       num_local_experts, name=None):
    """paddle.incubate.nn.functional.build_src_rank_and_local_expert_id(expert_num_global_tensor,
    expert_num_global, num_local_experts): for tokens laid out expert after expert (expert g
    receives `expert_num_global[g]` of them), the rank each token comes from (g //
    num_local_experts) and its expert's local id (g % num_local_experts); two int32 tensors of
    sum(expert_num_global) values.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device. The
    kernel reads the counts from the int64 tensor but sizes its outputs from the list: where the
    two disagree it writes out of bounds, paddle_compat raises ValueError."""
    refuse_static("build_src_rank_and_local_expert_id", "expert_num_global_tensor",
                  expert_num_global_tensor)
    api = "build_src_rank_and_local_expert_id"
    counts = tensor_arg(api, "expert_num_global_tensor", expert_num_global_tensor)
    check_dtype(api, "expert_num_global_tensor", counts, (torch.int64,))
    check_rank(api, "expert_num_global_tensor", counts, (1,))
    listed = [int(c) for c in expert_num_global]
    if counts.tolist() != listed:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: expert_num_global_tensor "
                         f"{counts.tolist()} and expert_num_global {listed} must hold the same "
                         "counts")
    if num_local_experts <= 0:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: num_local_experts must be "
                         f"positive, but received {num_local_experts}")
    experts = torch.repeat_interleave(
        torch.arange(len(listed), dtype=torch.int32, device=counts.device), counts)
    return (wrap(torch.div(experts, num_local_experts, rounding_mode="floor")),
            wrap(torch.remainder(experts, num_local_experts)))
