"""paddle.nn.functional.moe_unpermute (Paddle: nn/functional/moe_unpermute.py, GPU kernel
phi/kernels/gpu/moe_unpermute_kernel.cu): the inverse of moe_permute, each token the sum of its
experts' rows."""
import torch

from ..._tensor import Tensor, wrap
from .moe_permute import static_refused

__all__ = ["moe_unpermute"]


def _arg(name, value, dtypes):
    if not isinstance(value, Tensor):
        raise TypeError(f"paddle.nn.functional.moe_unpermute: `{name}` must be a Tensor, but "
                        f"received {type(value).__name__}")
    if value._t.dtype not in dtypes:
        raise ValueError(f"paddle.nn.functional.moe_unpermute: `{name}` must be of dtype "
                         f"{', '.join(str(d).replace('torch.', '') for d in dtypes)}, but "
                         f"received {str(value._t.dtype).replace('torch.', '')}")
    return value._t


def moe_unpermute(hidden_states_unzipped, zipped_expertwise_rowmap, expert_routemap_topk,
                  token_prob_unzipped, total_zipped_tokens, num_experts, using_mix_precision=True,
                  using_weighted_combine=False, name=None):
    """paddle.nn.functional.moe_unpermute(hidden_states_unzipped, zipped_expertwise_rowmap,
    expert_routemap_topk, token_prob_unzipped, total_zipped_tokens, num_experts,
    using_mix_precision=True, using_weighted_combine=False) -> (hidden_states, expert_prob_topk),
    as Paddle's kernel computes them:

    - hidden_states [total_zipped_tokens, H] bfloat16: for each token, its rows of
      hidden_states_unzipped (bfloat16) named by zipped_expertwise_rowmap [S, num_experts] (-1:
      none), added expert by expert: in float32 and rounded once with using_mix_precision (a
      single row is copied as is, none gives zeros), else rounding to bfloat16 after each add;
      with using_weighted_combine each row is first multiplied by its token_prob_unzipped;
    - expert_prob_topk [S, k] float32: token_prob_unzipped at the row of the expert each column
      of expert_routemap_topk names, 0 where it is -1.

    Gradients flow to hidden_states_unzipped (and token_prob_unzipped when weighted).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel (on CPU it raises "The kernel
    `moe_unpermute` is not registered"); here it runs on any device. A row index outside
    hidden_states_unzipped, or a routed expert with no row, raises ValueError (Paddle's kernel
    reads out of bounds). using_weighted_combine follows Paddle's docstring (the probabilities
    weight the sum)."""
    static_refused("moe_unpermute")
    x = _arg("hidden_states_unzipped", hidden_states_unzipped, (torch.bfloat16,))
    rowmap = _arg("zipped_expertwise_rowmap", zipped_expertwise_rowmap, (torch.int32,))
    route = _arg("expert_routemap_topk", expert_routemap_topk, (torch.int32,))
    probs = _arg("token_prob_unzipped", token_prob_unzipped, (torch.float32,))
    S = total_zipped_tokens
    if x.dim() != 2 or list(rowmap.shape) != [S, num_experts] or route.dim() != 2 \
            or route.shape[0] != S:
        raise ValueError("paddle.nn.functional.moe_unpermute: hidden_states_unzipped must be "
                         "[rows, H], zipped_expertwise_rowmap [total_zipped_tokens, num_experts] "
                         f"and expert_routemap_topk [total_zipped_tokens, k], but received "
                         f"{list(x.shape)}, {list(rowmap.shape)} and {list(route.shape)}")
    rows = rowmap.long()
    flat_probs = probs.reshape(-1)
    if rows.numel() and (int(rows.min()) < -1 or int(rows.max()) >= min(x.shape[0],
                                                                         flat_probs.numel())):
        raise ValueError("paddle.nn.functional.moe_unpermute: zipped_expertwise_rowmap names a "
                         f"row outside hidden_states_unzipped ({x.shape[0]} rows)")
    r = route.long()
    picked = torch.gather(rows, 1, r.clamp(0, num_experts - 1)) if num_experts else r
    if bool(((r >= num_experts) | ((r >= 0) & (picked < 0))).any()):
        raise ValueError("paddle.nn.functional.moe_unpermute: expert_routemap_topk routes a "
                         "token to an expert with no row in zipped_expertwise_rowmap")
    prob_topk = torch.where(r >= 0, flat_probs.detach()[picked.clamp(min=0)],
                            torch.zeros((), dtype=torch.float32, device=x.device))
    H = x.shape[1]
    valid = rows >= 0
    n_valid = valid.sum(1, keepdim=True)
    weight = flat_probs[rows.clamp(min=0)] if using_weighted_combine else None
    acc = torch.zeros((S, H), dtype=torch.float32, device=x.device)
    acc_bf = torch.zeros((S, H), dtype=torch.bfloat16, device=x.device)
    for e in range(num_experts):                    # the kernel adds expert by expert
        term = x[rows[:, e].clamp(min=0)].float()
        if weight is not None:
            term = term * weight[:, e:e + 1]
        term = term * valid[:, e:e + 1]
        if using_mix_precision:
            acc = acc + term
        else:
            acc_bf = (acc_bf.float() + term).to(torch.bfloat16)
    if using_mix_precision:
        out = acc.to(torch.bfloat16)
        if weight is None:                          # one contribution: the row itself
            single = x[rows.clamp(min=0).gather(1, valid.long().argmax(1, keepdim=True))[:, 0]]
            out = torch.where(n_valid == 1, single, out)
    else:
        out = acc_bf
    return wrap(out), wrap(prob_topk)
