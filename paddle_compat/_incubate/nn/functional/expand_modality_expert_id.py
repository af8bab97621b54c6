"""paddle.incubate.nn.functional.expand_modality_expert_id (Paddle: incubate/nn/functional/
expand_modality_expert_id.py, GPU kernel expand_modality_expert_id)."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["expand_modality_expert_id"]


def expand_modality_expert_id(expert_id, num_expert_per_modality, group_size, modality_offset,
                              is_group_expert, name=None):
    """paddle.incubate.nn.functional.expand_modality_expert_id(expert_id, num_expert_per_modality,
    group_size, modality_offset, is_group_expert): maps the expert ids [seqlen, k] of one
    modality to global ids over two interleaved modalities, as Paddle's kernel does element-wise:
    with `is_group_expert` each id first gets `(column) * group_size` added; then, when
    `num_expert_per_modality` > 0, id e becomes
    `(e // n) * 2n + e % n + modality_offset * n` (n = num_expert_per_modality).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    Negative ids are divided with C's truncation, as the kernel's integer division does."""
    refuse_static("expand_modality_expert_id", "expert_id", expert_id)
    e = tensor_arg("expand_modality_expert_id", "expert_id", expert_id)
    check_dtype("expand_modality_expert_id", "expert_id", e, (torch.int32, torch.int64))
    check_rank("expand_modality_expert_id", "expert_id", e, (2,))
    out = e
    if is_group_expert:
        col = torch.arange(e.shape[1], dtype=e.dtype, device=e.device)
        out = out + col * group_size
    n = num_expert_per_modality
    if n > 0:
        rank = torch.div(out, n, rounding_mode="trunc")
        out = rank * (2 * n) + (out - rank * n) + modality_offset * n
    return wrap(out.clone() if out is e else out)
