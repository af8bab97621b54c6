"""paddle.nn.functional.moe_permute (Paddle: nn/functional/moe_permute.py, GPU kernel
phi/kernels/gpu/moe_permute_kernel.cu): gather each token into the rows of the experts it is
routed to, expert after expert, each expert's block padded to `padding_alignment` rows."""
import torch

from ..._mode import STATE
from ..._tensor import Tensor, wrap

__all__ = ["moe_permute"]

_MAX_EXPERTS = 64


def _arg(name, value, dtypes, optional=False):
    if value is None and optional:
        return None
    if not isinstance(value, Tensor):
        raise TypeError(f"paddle.nn.functional.moe_permute: `{name}` must be a Tensor, but "
                        f"received {type(value).__name__}")
    if value._t.dtype not in dtypes:
        raise ValueError(f"paddle.nn.functional.moe_permute: `{name}` must be of dtype "
                         f"{', '.join(str(d).replace('torch.', '') for d in dtypes)}, but "
                         f"received {str(value._t.dtype).replace('torch.', '')}")
    return value._t


def static_refused(api):
    if STATE.static:
        raise NotImplementedError(
            f"paddle.nn.functional.{api} is not provided by paddle_compat in static mode; call it "
            "in dynamic mode (paddle.disable_static())")


def _take_rows(t, rows):
    """t[rows] for any dtype (torch has no CPU index kernel for float8: move its bits)."""
    if t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        return t.view(torch.int8)[rows].view(t.dtype)
    return t[rows]


def _scatter_rows(n_rows, t, dest):
    """A [n_rows, ...] zero tensor of t's dtype holding t's rows at `dest`."""
    if t.dtype in (torch.float8_e4m3fn, torch.float8_e5m2):
        out = t.new_zeros((n_rows,) + tuple(t.shape[1:]), dtype=torch.int8)
        return out.index_put((dest,), t.view(torch.int8)).view(t.dtype)
    out = t.new_zeros((n_rows,) + tuple(t.shape[1:]))
    return out.index_put((dest,), t)


def moe_permute(hidden_states, scale, expert_routemap_topk, expert_prob_topk, num_experts,
                tokens_per_expert, padding_alignment, do_gather=True, using_ue8m0_scale=False,
                return_expert_indices=False, override_buffer_size=-1, name=None):
    """paddle.nn.functional.moe_permute(hidden_states, scale, expert_routemap_topk,
    expert_prob_topk, num_experts, tokens_per_expert, padding_alignment, do_gather=True,
    using_ue8m0_scale=False, return_expert_indices=False, override_buffer_size=-1) ->
    (hidden_states_unzipped, zipped_expertwise_rowmap, token_prob_unzipped, scale_unzipped
    [, expert_indices]), as Paddle's kernel lays them out:

    - expert e owns rows [offset_e, offset_e + tokens_per_expert[e]), offset_e the sum of the
      earlier experts' counts each rounded up to a multiple of padding_alignment; its tokens
      (rows of hidden_states [S, H], bfloat16 or float8_e4m3fn, whose expert_routemap_topk [S, k]
      int32 names e; -1 is no expert) fill it in token order; padding rows are zeros;
    - zipped_expertwise_rowmap [S, num_experts] int32: each token's row under each expert, -1;
    - token_prob_unzipped [rows] float32: expert_prob_topk (float32 [S, k]) at those rows;
    - scale_unzipped: the scale rows (float32 [S, q], or int32 UE8M0-packed with
      using_ue8m0_scale) moved the same way; an empty float32 tensor without a scale;
    - expert_indices [rows] int32 (return_expert_indices): each row's expert, -1 for padding.

    override_buffer_size > 0 sets the number of rows (at least the padded total). With
    do_gather=False the hidden rows are not copied (zeros here). Gradients flow from
    hidden_states_unzipped to hidden_states.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel (on CPU it raises "The kernel
    `moe_permute` is not registered"); here it runs on any device. A tokens_per_expert that does
    not match the routing, an expert routed twice for one token, or an id outside
    [-1, num_experts) raises ValueError (Paddle's kernel writes out of place)."""
    static_refused("moe_permute")
    x = _arg("hidden_states", hidden_states, (torch.bfloat16, torch.float8_e4m3fn))
    route = _arg("expert_routemap_topk", expert_routemap_topk, (torch.int32,))
    probs = _arg("expert_prob_topk", expert_prob_topk, (torch.float32,))
    sc = _arg("scale", scale, (torch.int32,) if using_ue8m0_scale else (torch.float32,),
              optional=True)
    if not 1 <= num_experts <= _MAX_EXPERTS:
        raise ValueError(f"(InvalidArgument) Currently we support no more than ({_MAX_EXPERTS}), "
                         f"received num_expert: ({num_experts}). Please check input value.")
    if x.dim() != 2 or route.dim() != 2 or list(probs.shape) != list(route.shape) \
            or route.shape[0] != x.shape[0] or (sc is not None and sc.shape[0] != x.shape[0]):
        raise ValueError("paddle.nn.functional.moe_permute: hidden_states must be [S, H], "
                         "expert_routemap_topk and expert_prob_topk [S, k] and scale [S, q], but "
                         f"received {list(x.shape)}, {list(route.shape)}, {list(probs.shape)}"
                         f"{'' if sc is None else ', ' + str(list(sc.shape))}")
    counts = [int(c) for c in tokens_per_expert]
    if len(counts) != num_experts or padding_alignment <= 0:
        raise ValueError("paddle.nn.functional.moe_permute: tokens_per_expert must list "
                         f"num_experts ({num_experts}) counts and padding_alignment must be "
                         f"positive, but received {counts} and {padding_alignment}")
    S, k = route.shape
    r = route.long()
    if r.numel() and (int(r.min()) < -1 or int(r.max()) >= num_experts):
        raise ValueError(f"paddle.nn.functional.moe_permute: expert ids must lie in [-1, "
                         f"{num_experts}), but received values in [{int(r.min())}, "
                         f"{int(r.max())}]")
    onehot = torch.zeros((S, num_experts + 1), dtype=torch.int64, device=r.device)
    onehot.scatter_add_(1, torch.where(r < 0, num_experts, r), torch.ones_like(r))
    onehot = onehot[:, :num_experts]
    if S and int(onehot.max()) > 1:
        raise ValueError("paddle.nn.functional.moe_permute: a token is routed to the same expert "
                         "twice in expert_routemap_topk")
    actual = onehot.sum(0).tolist()
    if actual != counts:
        raise ValueError(f"paddle.nn.functional.moe_permute: tokens_per_expert {counts} does not "
                         f"match the routing, which sends {actual} tokens to the experts")
    padded = [(c + padding_alignment - 1) // padding_alignment * padding_alignment
              for c in counts]
    offsets = [sum(padded[:e]) for e in range(num_experts)]
    n_rows = sum(padded)
    if override_buffer_size is not None and override_buffer_size > 0:
        if override_buffer_size < n_rows:
            raise ValueError(f"paddle.nn.functional.moe_permute: override_buffer_size "
                             f"({override_buffer_size}) is smaller than the {n_rows} rows the "
                             "experts need")
        n_rows = override_buffer_size
    base = torch.tensor(offsets, dtype=torch.int64, device=r.device)
    rank = torch.cumsum(onehot, 0) - onehot                     # earlier tokens of each expert
    rowmap = torch.where(onehot.bool(), base + rank, torch.full_like(rank, -1))   # [S, E]
    tok, exp = torch.nonzero(onehot, as_tuple=True)
    dest = rowmap[tok, exp]
    # each (token, expert)'s probability: the column of expert_routemap_topk naming it
    prob_te = torch.zeros((S, num_experts + 1), dtype=probs.dtype, device=probs.device)
    prob_te.scatter_(1, torch.where(r < 0, num_experts, r), probs.detach())
    token_prob = torch.zeros(n_rows, dtype=torch.float32, device=r.device)
    token_prob[dest] = prob_te[tok, exp]
    if do_gather:
        x_out = _scatter_rows(n_rows, _take_rows(x, tok), dest)
    else:
        x_out = torch.zeros((n_rows, x.shape[1]), dtype=x.dtype, device=x.device) \
            if x.dtype not in (torch.float8_e4m3fn,) else \
            torch.zeros((n_rows, x.shape[1]), dtype=torch.int8, device=x.device).view(x.dtype)
    if sc is not None:
        scale_out = _scatter_rows(n_rows, sc[tok], dest)
    else:
        scale_out = torch.zeros([0], dtype=torch.float32, device=x.device)
    outs = [wrap(x_out), wrap(rowmap.to(torch.int32)), wrap(token_prob), wrap(scale_out)]
    if return_expert_indices:
        idx = torch.full((n_rows,), -1, dtype=torch.int32, device=r.device)
        idx[dest] = exp.to(torch.int32)
        outs.append(wrap(idx))
    return tuple(outs)
