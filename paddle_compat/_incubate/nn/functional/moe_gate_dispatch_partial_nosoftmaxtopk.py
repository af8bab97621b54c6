"""paddle.incubate.nn.functional.moe_gate_dispatch_partial_nosoftmaxtopk (Paddle: incubate/nn/
functional/moe_gate_dispatch_partial_nosoftmaxtopk.py, GPU kernel
moe_gate_dispatch_partial_nosoftmaxtopk over phi/kernels/gpu/moe_fuse_op.h): dispatch of tokens
already routed (expert_id, combine_weights given) to the local experts
[expert_start_index, expert_end_index), with a capacity per expert."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import tensor_arg

__all__ = ["moe_gate_dispatch_partial_nosoftmaxtopk"]

_FLOATS = (torch.float32, torch.float64, torch.float16, torch.bfloat16)


def _invalid(msg):
    return ValueError(f"(InvalidArgument) {msg}")


def moe_gate_dispatch_partial_nosoftmaxtopk(x, combine_weights, expert_id, k, capacity,
                                            num_experts, use_pad, expert_start_index,
                                            expert_end_index, reverse_token_drop, name=None):
    """paddle.incubate.nn.functional.moe_gate_dispatch_partial_nosoftmaxtopk(x, combine_weights,
    expert_id, k, capacity, num_experts, use_pad, expert_start_index, expert_end_index,
    reverse_token_drop) -> (y, combine_weights_out, scatter_index, scatter_index_rev,
    expert_offset, expert_nums_local), as Paddle's kernel computes them for tokens x [S, H],
    their experts expert_id [S, k] int32 and weights combine_weights [S, k] float32:

    - only entries whose expert lies in [expert_start_index, expert_end_index) are dispatched;
      each such expert takes its entries in (slot, token) order and keeps the first `capacity`
      (the last `capacity` with reverse_token_drop, which needs use_pad=False);
    - y: use_pad -> [(end - start) * capacity, H], expert e's kept tokens in rows
      (e - start) * capacity + j, in token order, zeros after; else [kept, H], the kept tokens
      by expert then token ([1, H] of zeros when none is kept);
    - combine_weights_out: combine_weights with the entries not kept set to 0;
    - scatter_index [k, S] int32: each kept entry's row of y, 0 otherwise;
    - scatter_index_rev int32: the token of each row of y (S for padding rows); 0-D when none is
      kept without use_pad;
    - expert_offset [num_experts] int64: how many entries each expert has over all experts;
    - expert_nums_local [num_experts] int64: the entries of each local expert (after the
      capacity cut without use_pad, before it with use_pad, as the kernel counts them).

    Gradients flow from y to x and from combine_weights_out to combine_weights.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device. An
    expert id outside [0, num_experts) raises ValueError; the empty non-padded y is zeros and
    its 0-D scatter_index_rev holds S (Paddle leaves both uninitialized)."""
    refuse_static("moe_gate_dispatch_partial_nosoftmaxtopk", "x", x)
    api = "moe_gate_dispatch_partial_nosoftmaxtopk"
    xt = tensor_arg(api, "x", x)
    cw = tensor_arg(api, "combine_weights", combine_weights)
    eid = tensor_arg(api, "expert_id", expert_id)
    if xt.dtype not in _FLOATS:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: `x` must be a float tensor, "
                         f"but received {str(xt.dtype).replace('torch.', '')}")
    if xt.dim() != 2:
        raise _invalid("The dimensions of Input(x) must be 2, but received dimensions of"
                       f"Input(x) is [{xt.dim()}]")
    if cw.dim() != 2:
        raise _invalid("The dimensions of Input(combine_weights) must be 2, but received "
                       f"dimensions ofInput(combine_weights) is [{cw.dim()}]")
    if cw.shape[0] != xt.shape[0]:
        raise _invalid("The first dimensions of Input(combine_weights) must be equal to the "
                       "first dimension of Input(x), but received Input(combine_weights) shape "
                       f"is [{cw.shape[0]}],Input(x) shape is [{xt.shape[0]}]")
    if expert_end_index <= expert_start_index:
        raise _invalid("expert_end_index must be greater than expert_start_index, but received "
                       f"expert_end_index = {expert_end_index}, expert_start_index = "
                       f"{expert_start_index}")
    if cw.dtype != torch.float32:
        raise _invalid("The dtype of Input(combine_weights) must be FLOAT32, but received "
                       f"{str(cw.dtype).replace('torch.', '')}")
    if eid.dtype != torch.int32:
        raise _invalid("The dtype of Input(expert_id) must be INT32, but received "
                       f"{str(eid.dtype).replace('torch.', '')}")
    if k <= 0:
        raise _invalid(f"k must be greater than 0, but received k = {k}")
    if xt.shape[0] <= 0:
        raise _invalid(f"num_rows must be greater than 0, but received num_rows = {xt.shape[0]}")
    if num_experts < k:
        raise _invalid("num_experts must be greater than or equal to k, but received "
                       f"num_experts = {num_experts}, k = {k}")
    if reverse_token_drop and use_pad:
        raise _invalid("use_pad must be false when reverse_token_drop is true, but received "
                       f"use_pad = {int(use_pad)}, reverse_token_drop = {int(reverse_token_drop)}")
    S, H = xt.shape
    if list(eid.shape) != [S, k] or list(cw.shape) != [S, k]:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: expert_id and combine_weights "
                         f"must be [{S}, {k}], but received {list(eid.shape)} and "
                         f"{list(cw.shape)}")
    e = eid.long().reshape(-1)                                    # entry p = r * k + i
    if e.numel() and (int(e.min()) < 0 or int(e.max()) >= num_experts):
        raise ValueError(f"paddle.incubate.nn.functional.{api}: expert ids must lie in [0, "
                         f"{num_experts}), but received values in [{int(e.min())}, "
                         f"{int(e.max())}]")
    dev = xt.device
    rows = torch.arange(S, device=dev).repeat_interleave(k)
    slots = torch.arange(k, device=dev).repeat(S)
    global_counts = torch.bincount(e, minlength=num_experts)
    in_range = (e >= expert_start_index) & (e < expert_end_index)
    # position of each in-range entry inside its expert, in (slot, token) order
    order = torch.argsort(torch.where(in_range, e, num_experts) * (k * S) + slots * S + rows)
    e_sorted = torch.where(in_range, e, num_experts)[order]
    counts_pre = torch.bincount(e_sorted, minlength=num_experts + 1)
    starts = torch.cumsum(counts_pre, 0) - counts_pre
    rank = torch.empty_like(e)
    rank[order] = torch.arange(S * k, device=dev) - starts[e_sorted]
    if reverse_token_drop:
        keep = in_range & ((counts_pre[e] - 1 - rank) < capacity)
    else:
        keep = in_range & (rank < capacity)
    if use_pad:
        nums_local = counts_pre[:num_experts]
    else:
        nums_local = torch.bincount(e[keep], minlength=num_experts)
    weights_out = cw * keep.reshape(S, k).to(cw.dtype)
    kept = torch.nonzero(keep).reshape(-1)
    ke, kr, ki = e[kept], rows[kept], slots[kept]
    if use_pad:
        # inside each expert's block the kept entries go in (token, slot) order
        o = torch.argsort(ke * (S * k) + kr * k + ki)
        ke_o = ke[o]
        seg = torch.bincount(ke_o, minlength=num_experts)
        pos = torch.arange(ke_o.numel(), device=dev) - (torch.cumsum(seg, 0) - seg)[ke_o]
        dest_o = (ke_o - expert_start_index) * capacity + pos
        n_out = (expert_end_index - expert_start_index) * capacity
    else:
        o = torch.argsort(ke * (S * k) + kr * k + ki)
        dest_o = torch.arange(kept.numel(), device=dev)
        n_out = kept.numel()
    kr_o, ki_o = kr[o], ki[o]
    scatter = torch.zeros(k, S, dtype=torch.int32, device=dev)
    scatter[ki_o, kr_o] = dest_o.to(torch.int32)
    if n_out == 0:                # the kernel's special case: nothing dispatched without padding
        return (wrap(xt.new_zeros((1, H))), wrap(weights_out), wrap(scatter),
                wrap(torch.tensor(S, dtype=torch.int32, device=dev)),
                wrap(global_counts.to(torch.int64)), wrap(nums_local.to(torch.int64)))
    rev = torch.full((n_out,), S, dtype=torch.int32, device=dev)
    rev[dest_o] = kr_o.to(torch.int32)
    y = xt.new_zeros((n_out, H)).index_put((dest_o,), xt[kr_o])
    return (wrap(y), wrap(weights_out), wrap(scatter), wrap(rev),
            wrap(global_counts.to(torch.int64)), wrap(nums_local.to(torch.int64)))
