"""paddle.incubate.nn.functional.moe_gate_dispatch_and_quant (Paddle: incubate/nn/functional/
moe_gate_dispatch_and_quant.py, GPU kernel moe_gate_dispatch_and_quant): moe_gate_dispatch's
routing with each dispatched row quantized to float8_e4m3fn per 128 columns."""
import torch

from ...._tensor import wrap
from ..._kernel import refuse_static
from .fp8 import _quant_1x128_rows
from .moe_gate_dispatch import _invalid, check_dispatch_args, route

__all__ = ["moe_gate_dispatch_and_quant"]


def moe_gate_dispatch_and_quant(x, gate_logits, corr_bias, k, capacity, use_pad,
                                use_pow2_scale):
    """paddle.incubate.nn.functional.moe_gate_dispatch_and_quant(x, gate_logits, corr_bias, k,
    capacity, use_pad, use_pow2_scale) -> (out_fp8, scale, combine_weights, scatter_index,
    expert_offset, expert_id): the routing of moe_gate_dispatch (same combine_weights,
    scatter_index, expert_offset, expert_id) for bfloat16 x [S, H] (H a multiple of 128), with
    the dispatched rows quantized as Paddle's kernel does: out_fp8 [E*capacity, H] (use_pad)
    or [S*k, H], each kept row float8_e4m3fn(x * s) per 128 columns with s = 448 / amax (1 for
    zeros, bfloat16's largest value on overflow, a power of two with use_pow2_scale); scale
    [rows, H/128] float32 = 1 / s, 1 in rows no token fills (whose out_fp8 is 0).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device."""
    refuse_static("moe_gate_dispatch_and_quant", "x", x,
                  legacy=NotImplementedError("Static graph mode not implemented"))
    api = "moe_gate_dispatch_and_quant"
    xt, gl, bias = check_dispatch_args(api, x, gate_logits, corr_bias, k)
    if xt.dtype != torch.bfloat16:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: `x` must be of dtype bfloat16, "
                         f"but received {str(xt.dtype).replace('torch.', '')}")
    S, H = xt.shape
    if H % 128:
        raise _invalid(f"The last dim of Input(x) should be exactly divided by 128, but got {H}")
    E = gl.shape[1]
    (weights, expert_id, offset, sorted_e, src_rows, row_in_expert, keep_sorted,
     scatter_index) = route(gl, bias, k, capacity, use_pad)
    n_rows = E * capacity if use_pad else S * k
    if use_pad:
        dest = (sorted_e * capacity + row_in_expert)[keep_sorted]
    else:
        dest = torch.arange(S * k, device=xt.device)[keep_sorted]
    q, inv = _quant_1x128_rows(xt.detach().float()[src_rows[keep_sorted]], 0.0, use_pow2_scale)
    out = torch.zeros((n_rows, H), dtype=torch.int8, device=xt.device)
    out = out.index_put((dest,), q.view(torch.int8)).view(torch.float8_e4m3fn)
    scale = torch.ones((n_rows, H // 128), dtype=torch.float32, device=xt.device)
    scale = scale.index_put((dest,), inv)
    return (wrap(out), wrap(scale), wrap(weights.detach()), wrap(scatter_index), wrap(offset),
            wrap(expert_id))
