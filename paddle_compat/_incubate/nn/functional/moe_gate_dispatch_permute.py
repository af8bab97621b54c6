"""paddle.incubate.nn.functional.moe_gate_dispatch_permute (Paddle: incubate/nn/functional/
moe_gate_dispatch_permute.py, GPU kernel moe_gate_dispatch_permute): moe_gate_dispatch with
padding, its y laid out [local expert, rank, capacity, H] for an all-to-all over `world_size`."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from .moe_gate_dispatch import _invalid, check_dispatch_args, route

__all__ = ["moe_gate_dispatch_permute"]


def moe_gate_dispatch_permute(x, gate_logits, corr_bias, k, capacity, world_size, name=None):
    """paddle.incubate.nn.functional.moe_gate_dispatch_permute(x, gate_logits, corr_bias, k,
    capacity, world_size) -> (y, combine_weights, scatter_index, expert_offset, expert_id): the
    routing of moe_gate_dispatch(..., use_pad=True) (same combine_weights, scatter_index,
    expert_offset, expert_id), with y of shape [E / world_size, world_size, capacity, H]: the
    j-th kept token of expert e goes to y[e % n, e // n, j] (n = E / world_size local experts).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    Rows of y no token fills are zeros (Paddle leaves that memory uninitialized)."""
    refuse_static("moe_gate_dispatch_permute", "x", x)
    api = "moe_gate_dispatch_permute"
    xt, gl, bias = check_dispatch_args(api, x, gate_logits, corr_bias, k)
    E = gl.shape[1]
    if world_size <= 0 or E % world_size:
        raise _invalid("The number of experts (the second dimension of Input(gate_logits)) "
                       "must be divisible by world_size, but received num_experts = "
                       f"{E}, world_size = {world_size}")
    S, H = xt.shape
    n = E // world_size
    (weights, expert_id, offset, sorted_e, src_rows, row_in_expert, keep_sorted,
     scatter_index) = route(gl, bias, k, capacity, True)
    e = sorted_e[keep_sorted]
    dest = ((e % n) * world_size + e // n) * capacity + row_in_expert[keep_sorted]
    y = xt.new_zeros((E * capacity, H)).index_put((dest,), xt[src_rows[keep_sorted]])
    return (wrap(y.reshape(n, world_size, capacity, H)), wrap(weights), wrap(scatter_index),
            wrap(offset), wrap(expert_id))
