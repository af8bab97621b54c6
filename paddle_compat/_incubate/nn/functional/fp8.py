"""paddle.incubate.nn.functional's FP8 helpers (Paddle: incubate/nn/functional/fp8.py):
fused_act_dequant and fused_swiglu_weighted_bwd, computed as their GPU kernels compute them
(phi/kernels/fusion/gpu/fused_act_dequant_kernel.cu, fused_swiglu_weighted_bwd_kernel.cu): in
float32, rounded once to bfloat16 on output."""
import torch

from ...._tensor import wrap
from ..._kernel import dynamic_only
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["fused_act_dequant", "fused_swiglu_weighted_bwd"]


def _ue8m0(x_scale, rows, blocks):
    """The kernel's packed scales: byte `row * blocks + block` of the int32 tensor (little
    endian, 4 per int) is a biased exponent e; the scale is the float with bits e << 23."""
    flat = x_scale.contiguous().view(torch.uint8).reshape(-1)
    idx = (torch.arange(rows, device=flat.device)[:, None] * blocks
           + torch.arange(blocks, device=flat.device)[None, :])
    if idx.numel() and int(idx.max()) >= flat.numel():
        raise ValueError("paddle.incubate.nn.functional.fused_act_dequant: an int32 x_scale "
                         f"must hold at least {rows * blocks} packed scales (4 per int), but "
                         f"holds {flat.numel()}")
    return (flat[idx].to(torch.int32) << 23).view(torch.float32)


def fused_act_dequant(x, x_scale):
    """paddle.incubate.nn.functional.fused_act_dequant(x, x_scale): float8_e4m3fn x [M, N] times
    its per-128-column block scale, as bfloat16 [M, N]: out[m, n] = bf16(float(x[m, n]) *
    scale[m, n // 128]). x_scale is float32 [M, ceil(N / 128)], or int32 holding UE8M0 scales
    packed 4 to an int (byte m * ceil(N / 128) + n // 128 is the exponent e of 2 ** (e - 127)).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device."""
    dynamic_only("fused_act_dequant")
    api = "fused_act_dequant"
    xt = tensor_arg(api, "x", x)
    st = tensor_arg(api, "x_scale", x_scale)
    check_dtype(api, "x", xt, (torch.float8_e4m3fn,))
    check_rank(api, "x", xt, (2,))
    check_dtype(api, "x_scale", st, (torch.float32, torch.int32))
    rows, cols = xt.shape
    blocks = (cols + 127) // 128
    if st.dtype == torch.float32:
        if st.dim() != 2 or st.shape[0] != rows or st.shape[1] < blocks:
            raise ValueError(f"paddle.incubate.nn.functional.{api}: a float32 x_scale must be "
                             f"[{rows}, {blocks}] for x of shape {[rows, cols]}, but received "
                             f"{list(st.shape)}")
        scale = st[:, :blocks]
    else:
        scale = _ue8m0(st, rows, blocks)
    per_col = scale.repeat_interleave(128, dim=1)[:, :cols]
    return wrap((xt.to(torch.float32) * per_col).to(torch.bfloat16))


def fused_swiglu_weighted_bwd(o1, do2_s, unzipped_probs, name=None):
    """paddle.incubate.nn.functional.fused_swiglu_weighted_bwd(o1, do2_s, unzipped_probs) ->
    (do1, probs_grad, o2_s): the backward of o2_s = SwiGLU(o1) * prob, per row, in float32:
    with x0, x1 the halves of o1 [..., 2I] (bfloat16), s = sigmoid(x0), t = s * x0, o2 = t * x1
    and g = do2_s * prob: do1 = bf16([g * x1 * s * (1 + x0 - t), g * t]) [..., 2I],
    probs_grad = sum(do2_s * o2) over the last axis (float32, unzipped_probs' shape) and
    o2_s = bf16(o2 * prob) [..., I].

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device."""
    dynamic_only("fused_swiglu_weighted_bwd")
    api = "fused_swiglu_weighted_bwd"
    a = tensor_arg(api, "o1", o1)
    d = tensor_arg(api, "do2_s", do2_s)
    p = tensor_arg(api, "unzipped_probs", unzipped_probs)
    check_dtype(api, "o1", a, (torch.bfloat16,))
    check_dtype(api, "do2_s", d, (torch.bfloat16,))
    check_dtype(api, "unzipped_probs", p, (torch.float32,))
    inter = a.shape[-1] // 2
    if a.dim() < 1 or a.shape[-1] % 2 or list(d.shape) != list(a.shape[:-1]) + [inter] \
            or p.numel() != d[..., 0].numel():
        raise ValueError(f"paddle.incubate.nn.functional.{api}: o1 must be [..., 2I], do2_s "
                         "[..., I] and unzipped_probs hold one value per row, but received "
                         f"{list(a.shape)}, {list(d.shape)} and {list(p.shape)}")
    a = a.detach().float()
    x0, x1 = a[..., :inter], a[..., inter:]
    g_s = d.detach().float()
    prob = p.detach().reshape(d.shape[:-1]).unsqueeze(-1)
    sig = torch.sigmoid(x0)
    t = sig * x0
    o2 = t * x1
    g = g_s * prob
    do1 = torch.cat([g * x1 * sig * (1.0 + x0 - t), g * t], dim=-1).to(torch.bfloat16)
    probs_grad = (g_s * o2).sum(-1).reshape(p.shape)
    return wrap(do1), wrap(probs_grad), wrap((o2 * prob).to(torch.bfloat16))
