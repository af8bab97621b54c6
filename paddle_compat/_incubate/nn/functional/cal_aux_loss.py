"""paddle.incubate.nn.functional.cal_aux_loss (Paddle: incubate/nn/functional/cal_aux_loss.py,
GPU kernels cal_aux_loss / cal_aux_loss_grad): the MoE load-balancing auxiliary loss."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["cal_aux_loss"]

_FLOATS = (torch.float32, torch.float16, torch.bfloat16)


def cal_aux_loss(gate_prob, dispatch_mask, tokens_mask, dispatch_tokens_mask, num_experts,
                 use_group, moe_k, clip_min, name=None):
    """paddle.incubate.nn.functional.cal_aux_loss(gate_prob, dispatch_mask, tokens_mask,
    dispatch_tokens_mask, num_experts, use_group, moe_k, clip_min) -> (l_aux, seqlen_float, ce),
    as Paddle's GPU kernel computes it in float32:

    - seqlen = sum(dispatch_tokens_mask) if given, else sum(tokens_mask) if given, else
      rows / num_experts * experts (gate_prob is [rows, experts]); then max(seqlen, clip_min);
    - ce[e] = (dispatch_mask summed over rows if 2-D, else itself)[e] / seqlen;
    - l_aux = sum_e ce[e] * sum_s gate_prob[s, e] / seqlen * num_experts, divided by moe_k when
      use_group, times scale = seqlen / max(sum(tokens_mask), clip_min) when tokens_mask is given.

    The gradient with respect to gate_prob is the kernel's, ce[e] * num_experts / seqlen (/ moe_k):
    the scale enters the forward value only.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device. The
    kernel leaves ce uninitialized past the first min(rows, 1024) experts for a 1-D dispatch_mask;
    paddle_compat uses every count."""
    refuse_static("cal_aux_loss", "gate_prob", gate_prob)
    api = "cal_aux_loss"
    gp = tensor_arg(api, "gate_prob", gate_prob)
    dm = tensor_arg(api, "dispatch_mask", dispatch_mask)
    tm = tensor_arg(api, "tokens_mask", tokens_mask, optional=True)
    dtm = tensor_arg(api, "dispatch_tokens_mask", dispatch_tokens_mask, optional=True)
    check_dtype(api, "gate_prob", gp, _FLOATS)
    check_rank(api, "gate_prob", gp, (2,))
    check_dtype(api, "dispatch_mask", dm, (torch.int64,))
    check_rank(api, "dispatch_mask", dm, (1, 2))
    counts = dm.sum(0) if dm.dim() == 2 else dm
    if counts.shape[0] != gp.shape[1]:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: dispatch_mask has "
                         f"{counts.shape[0]} experts, gate_prob {gp.shape[1]}")
    if tm is not None:
        check_dtype(api, "tokens_mask", tm, (gp.dtype,))
    if dtm is not None:
        check_dtype(api, "dispatch_tokens_mask", dtm, (torch.bool,))
    rows, cols = gp.shape
    if dtm is not None:
        seqlen = dtm.float().sum()
    elif tm is not None:
        seqlen = tm.float().sum()
    else:
        seqlen = torch.tensor(float(rows) / float(num_experts) * float(cols), device=gp.device)
    seqlen = seqlen.clamp(min=clip_min)
    ce = counts.float() / seqlen
    me = gp.float().sum(0) / seqlen
    l_aux = (ce * me).sum() * float(num_experts)
    if use_group:
        l_aux = l_aux / float(moe_k)
    if tm is not None:
        scale = seqlen / tm.float().sum().clamp(min=clip_min)
        l_aux = l_aux + (scale - 1.0) * l_aux.detach()     # forward scaled, gradient not
    return (wrap(l_aux.to(gp.dtype)), wrap(seqlen.to(gp.dtype)), wrap(ce.to(gp.dtype)))
