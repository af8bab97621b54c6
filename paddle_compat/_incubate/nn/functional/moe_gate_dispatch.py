"""paddle.incubate.nn.functional.moe_gate_dispatch (Paddle: incubate/nn/functional/
moe_gate_dispatch.py, GPU kernel moe_gate_dispatch over phi/kernels/gpu/moe_fuse_op.h): top-k
expert routing with a capacity per expert, and the row layout of the dispatched tokens. The
routing core is shared with moe_gate_dispatch_permute (its own room imports it from here)."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, tensor_arg

__all__ = ["moe_gate_dispatch"]

_FLOATS = (torch.float32, torch.float64, torch.float16, torch.bfloat16)


def _invalid(msg):
    return ValueError(f"(InvalidArgument) {msg}")


def check_dispatch_args(api, x, gate_logits, corr_bias, k):
    """Paddle's InferMeta checks of the moe_gate_dispatch family; returns the torch tensors."""
    xt = tensor_arg(api, "x", x)
    gl = tensor_arg(api, "gate_logits", gate_logits)
    bias = tensor_arg(api, "corr_bias", corr_bias, optional=True)
    check_dtype(api, "x", xt, _FLOATS)
    if xt.dim() != 2:
        raise _invalid("The dimensions of Input(x) must be 2, but received dimensions of"
                       f"Input(x) is [{xt.dim()}]")
    if gl.dim() != 2:
        raise _invalid("The dimensions of Input(gate_logits) must be 2, but received "
                       f"dimensions ofInput(gate_logits) is [{gl.dim()}]")
    if gl.shape[0] != xt.shape[0]:
        raise _invalid("The first dimensions of Input(gate_logits) must be equal to the first "
                       f"dimension of Input(x), but received Input(gate_logits) shape is "
                       f"[{gl.shape[0]}],Input(x) shape is [{xt.shape[0]}]")
    if gl.shape[1] < k:
        raise _invalid("The number of experts ((the second dimension of Input(gate_logits))) "
                       "must be greater than or equal to k, but received num_experts = "
                       f"{gl.shape[1]}, k = {k}")
    if k <= 0:
        raise _invalid(f"k must be greater than 0, but received k = {k}")
    if gl.dtype != torch.float32:
        raise _invalid("The dtype of Input(gate_logits) must be FLOAT32, but received "
                       f"{str(gl.dtype).replace('torch.', '')}")
    if bias is not None:
        if bias.dim() != 1:
            raise _invalid("The dimensions of Input(corr_bias) must be 1, but received "
                           f"dimensions of Input(corr_bias) is [{bias.dim()}]")
        if bias.dtype != torch.float32:
            raise _invalid("The dtype of Input(corr_bias) must be FLOAT32, but received "
                           f"{str(bias.dtype).replace('torch.', '')}")
    return xt, gl, bias


def route(gl, bias, k, capacity, use_pad):
    """The kernel's routing, vectorised. Returns (combine_weights [S, k] (autograd-connected to
    gate_logits), expert_id [S, k] int32, expert_offset [E] int64, sorted (expert, row) pairs of
    the kept entries with their place inside their expert, and scatter_index [k, S] int32).

    moe_top_k: per row, k arg-max passes over gate_logits (+ corr_bias for the choice only), the
    lower expert winning a tie; the weight is gate_logits at the chosen expert. The entries
    (row r, slot i) are then sorted stably by expert (use_pad: by (expert, slot) first); an
    entry at sorted position d is the (d - offset[e])-th of its expert e, and past `capacity` it
    is dropped (weight 0, scatter_index 0)."""
    S, E = gl.shape
    score = gl.detach() if bias is None else gl.detach() + bias
    order = torch.sort(score, dim=1, descending=True, stable=True).indices[:, :k]
    expert_id = order.to(torch.int32)                                    # [S, k]
    weights = torch.gather(gl, 1, order)
    e_flat = order.reshape(-1)                                           # index r*k + i
    rows = torch.arange(S, device=gl.device).repeat_interleave(k)
    slots = torch.arange(k, device=gl.device).repeat(S)
    if use_pad:
        key = (e_flat * k + slots) * S + rows
    else:
        key = e_flat * (S * k) + rows * k + slots
    perm = torch.argsort(key)                                            # sorted position d
    sorted_e = e_flat[perm]
    counts = torch.bincount(e_flat, minlength=E)
    offset = torch.cumsum(counts, 0)                                     # expert_offset
    start = offset - counts
    pos = torch.arange(S * k, device=gl.device)
    row_in_expert = pos - start[sorted_e]
    keep_sorted = row_in_expert < capacity
    keep = torch.empty_like(keep_sorted)
    keep[perm] = keep_sorted
    dest = (sorted_e * capacity + row_in_expert) if use_pad else pos
    scatter_flat = torch.zeros(S * k, dtype=torch.int64, device=gl.device)
    scatter_flat[perm] = torch.where(keep_sorted, dest, torch.zeros_like(dest))
    scatter_index = scatter_flat.reshape(S, k).t().to(torch.int32).contiguous()   # [k, S]
    weights = weights * keep.reshape(S, k).to(weights.dtype)
    src_rows = rows[perm]
    return (weights, expert_id, offset.to(torch.int64), sorted_e, src_rows, row_in_expert,
            keep_sorted, scatter_index)


def moe_gate_dispatch(x, gate_logits, corr_bias, k, capacity, use_pad, name=None):
    """paddle.incubate.nn.functional.moe_gate_dispatch(x, gate_logits, corr_bias, k, capacity,
    use_pad) -> (y, combine_weights, scatter_index, expert_offset, expert_id), as Paddle's GPU
    kernel computes them for tokens x [S, H] and float32 gate scores gate_logits [S, E] (the
    kernel applies no softmax: pass probabilities):

    - expert_id [S, k] int32: per token the k experts with the largest gate_logits (+ corr_bias
      [E] when given, which steers the choice only); the lower expert wins a tie;
    - combine_weights [S, k] float32: gate_logits at those experts, 0 for dropped entries;
    - entries are ordered by expert (with use_pad by expert, then slot k, then token; without it by
      expert, then token, then slot); expert_offset [E] int64 is the running count of entries up
      to each expert; an expert keeps its first `capacity` entries and drops the rest;
    - y: use_pad -> [E, capacity, H], the kept tokens of expert e in rows e*capacity + j; else
      [S, k, H] holding, flattened, the token of each sorted position; scatter_index [k, S] int32
      gives each entry's row in y (0 when dropped).

    Gradients flow from y to x and from combine_weights to gate_logits.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    Rows of y no entry fills are zeros (Paddle leaves that memory uninitialized)."""
    refuse_static("moe_gate_dispatch", "x", x)
    api = "moe_gate_dispatch"
    xt, gl, bias = check_dispatch_args(api, x, gate_logits, corr_bias, k)
    S, H = xt.shape
    E = gl.shape[1]
    (weights, expert_id, offset, sorted_e, src_rows, row_in_expert, keep_sorted,
     scatter_index) = route(gl, bias, k, capacity, use_pad)
    if use_pad:
        y = xt.new_zeros((E * capacity, H))
        dest = (sorted_e * capacity + row_in_expert)[keep_sorted]
        y = y.index_put((dest,), xt[src_rows[keep_sorted]])
        y = y.reshape(E, capacity, H)
    else:
        y = xt.new_zeros((S * k, H))
        pos = torch.arange(S * k, device=xt.device)[keep_sorted]
        y = y.index_put((pos,), xt[src_rows[keep_sorted]]).reshape(S, k, H)
    return (wrap(y), wrap(weights), wrap(scatter_index), wrap(offset), wrap(expert_id))
