"""paddle.incubate.nn.functional's FP8 helpers (Paddle: incubate/nn/functional/fp8.py):
fused_act_dequant and fused_swiglu_weighted_bwd, computed as their GPU kernels compute them
(phi/kernels/fusion/gpu/fused_act_dequant_kernel.cu, fused_swiglu_weighted_bwd_kernel.cu): in
float32, rounded once to bfloat16 on output."""
import torch

from ...._dtype import to_dtype
from ...._mode import STATE
from ...._tensor import wrap
from ..._kernel import refuse_static
from ._moe_checks import check_dtype, check_rank, tensor_arg

__all__ = ["fused_act_dequant", "fused_swiglu_weighted_bwd", "fused_weighted_swiglu_act_quant",
           "fp8_quant_blockwise", "fused_stack_transpose_quant", "fused_transpose_split_quant",
           "fused_transpose_wlch_split_quant", "fp8_gemm_blockwise", "compute_scale"]

_FP8_MAX = {torch.float8_e4m3fn: 448.0, torch.float8_e5m2: 57344.0}


def compute_scale(amax, eps, pow2, out_dtype=torch.float8_e4m3fn, in_max=None):
    """Paddle's ComputeScale (phi/kernels/fusion/gpu/quant_utils.h), element-wise over the float32
    block maxima `amax`: fp8_max / max(amax, eps); 1 where that maximum is 0; the input type's
    largest scale where the quotient overflows (2**127 with pow2, else `in_max`, float32's max
    by default); with pow2 the scale rounded down to a power of two."""
    amax = torch.clamp(amax.float(), min=eps) if eps else amax.float()
    scale = torch.full_like(amax, _FP8_MAX[out_dtype]) / amax
    top = 2.0 ** 127 if pow2 else (torch.finfo(torch.float32).max if in_max is None else in_max)
    scale = torch.where(torch.isinf(scale), torch.full_like(scale, top), scale)
    if pow2:
        bits = scale.view(torch.int32) & 0x7F800000     # keep the exponent, drop the mantissa
        scale = torch.where(scale != 0, bits.view(torch.float32), scale)   # NaN -> inf, as ldexpf
    return torch.where(amax == 0, torch.ones_like(scale), scale)


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
    if refuse_static("fused_act_dequant", "x", x, legacy="none"):
        return None
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
    if refuse_static("fused_swiglu_weighted_bwd", "o1", o1, legacy="none"):
        return None
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


def fused_weighted_swiglu_act_quant(x, prob=None, using_pow2_scaling=False, name=None):
    """paddle.incubate.nn.functional.fused_weighted_swiglu_act_quant(x, prob=None,
    using_pow2_scaling=False) -> (out, scale): SwiGLU of the halves of bfloat16 x [..., 2I]
    (silu(x0) * x1 in float32), times prob (float32, one per row) when given, quantized per
    1 x 128 block of each row: s = ComputeScale(amax(|block|)) (448 / amax, 1 for an all-zero
    block, rounded down to a power of two with using_pow2_scaling), out = float8_e4m3fn(v * s)
    [rows, I] and scale = 1 / s float32 [rows, ceil(I / 128)] (rows: x's leading axes
    flattened). As the kernel does when 2I is not a multiple of 8, the block maximum is first
    rounded to bfloat16 there.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device."""
    if refuse_static("fused_weighted_swiglu_act_quant", "x", x, legacy="none"):
        return None
    api = "fused_weighted_swiglu_act_quant"
    xt = tensor_arg(api, "x", x)
    pt = tensor_arg(api, "prob", prob, optional=True)
    if xt.dtype != torch.bfloat16:
        raise ValueError("(InvalidArgument) Input X must be bfloat16, but got "
                         f"{str(xt.dtype).replace('torch.', '')}")
    if pt is not None and pt.dtype != torch.float32:
        raise ValueError("(InvalidArgument) Input prob must be float32, but got "
                         f"{str(pt.dtype).replace('torch.', '')}")
    cols = xt.shape[-1]
    if cols % 2:
        raise ValueError("(InvalidArgument) The last dim of Input(X) should be exactly divided "
                         f"by 2, but got {cols}")
    rows = xt[..., 0].numel()
    if pt is not None and (pt.dim() == 0 or pt.shape[0] != rows):
        raise ValueError("(InvalidArgument) The first dim of Input(X) should be equal to the "
                         f"first dim of Input(prob) but got X.shape[0]: {rows}, prob.shape[0]: "
                         f"{pt.shape[0] if pt.dim() else 0}")
    a = xt.detach().reshape(rows, cols).float()
    inter = cols // 2
    act = torch.nn.functional.silu(a[:, :inter]) * a[:, inter:]
    if pt is not None:
        act = act * pt.detach().reshape(rows, -1)[:, :1]
    blocks = (inter + 127) // 128
    padded = torch.nn.functional.pad(act.abs(), (0, blocks * 128 - inter))
    amax = padded.reshape(rows, blocks, 128).amax(-1)
    if cols % 8:
        amax = amax.to(torch.bfloat16).float()
    s = compute_scale(amax, 0.0, using_pow2_scaling)
    per_col = s.repeat_interleave(128, dim=1)[:, :inter]
    out = (act * per_col).to(torch.float8_e4m3fn)
    return wrap(out), wrap(1.0 / s)


_BF16_MAX_SCALE = float.fromhex("0x1.FEp127")     # ScaleWrapper's overflow scale without pow2


def _invalid(msg):
    return ValueError(f"(InvalidArgument) {msg}")


def _quant_1x128_rows(x, eps, pow2):
    """Quantize each row of x [R, C] (C a multiple of 128) per 128-column block: (fp8, 1/scale
    [R, C/128])."""
    R, C = x.shape
    amax = x.abs().reshape(R, C // 128, 128).amax(-1)
    s = compute_scale(amax, eps, pow2, in_max=_BF16_MAX_SCALE)
    q = (x * s.repeat_interleave(128, dim=1)).to(torch.float8_e4m3fn)
    return q, 1.0 / s


def fp8_quant_blockwise(x, epsilon=0.0, input_transpose=False, output_scale_transpose=True,
                        return_transpose_only=False, using_pow2_scale=True,
                        using_ue8m0_scale=False, quant_method="1x128", output_type="e4m3",
                        name=None):
    """paddle.incubate.nn.functional.fp8_quant_blockwise(x, epsilon=0.0, input_transpose=False,
    output_scale_transpose=True, return_transpose_only=False, using_pow2_scale=True,
    using_ue8m0_scale=False, quant_method='1x128', output_type='e4m3'): blockwise float8_e4m3fn
    quantization of bfloat16 x [M, N] (M and N multiples of 128), as Paddle's kernel computes
    it. Each block (1 x 128 along a row, or 128 x 128) gets s = 448 / max(amax, epsilon) (1 for
    a zero block; 2**127, or bfloat16's largest value without pow2, where that overflows;
    rounded down to a power of two with using_pow2_scale); out = float8_e4m3fn(x * s), scale =
    1 / s, float32.

    Shapes: out [M, N]; 1x128 scale [M, N/128] ([N/128, M] with output_scale_transpose);
    128x128 scale [M/128, N/128] (transposed likewise). With input_transpose also out_t [N, M]
    (x^T quantized: 1x128 blocks run along x's columns, scale_t [N, M/128], [M/128, N]
    transposed; 128x128 reuses each tile's scale, scale_t the transpose of scale). Returns
    (out, scale); (out_t, scale_t) with return_transpose_only; else all four with
    input_transpose.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    using_ue8m0_scale=True (scales packed 4 to an int32) raises NotImplementedError: use the
    float32 scales (their exponents are the UE8M0 values when using_pow2_scale)."""
    if quant_method == "1x128":
        one_by = True
    elif quant_method == "128x128":
        one_by = False
    else:
        raise ValueError("Unsupported quantization method")
    if output_type != "e4m3":
        raise ValueError("Unsupported output type")
    if refuse_static("fp8_quant_blockwise", "x", x, legacy="none"):
        return None
    if using_ue8m0_scale:
        raise NotImplementedError(
            "paddle.incubate.nn.functional.fp8_quant_blockwise(using_ue8m0_scale=True) is not "
            "provided by paddle_compat: call it with using_ue8m0_scale=False and "
            "using_pow2_scale=True; the float32 scales are then exact powers of two")
    xt = tensor_arg("fp8_quant_blockwise", "x", x)
    if xt.dim() != 2:
        raise _invalid("Input must have exactly 2 dimensions.")
    if xt.dtype != torch.bfloat16:
        raise _invalid("currently only support bfloat16 input.")
    M, N = xt.shape
    if M % 128:
        raise _invalid(f"The first dim of Input(X) should be exactly divided by 128 , but got {M}")
    if N % 128:
        raise _invalid(f"The last dim of Input(X) should be exactly divided by 128 , but got {N}")
    if M == 0 or N == 0:
        raise _invalid("invalid shape encountered in output outer dim.")
    a = xt.detach().float()
    eps = float(epsilon)
    if one_by:
        out, scale = _quant_1x128_rows(a, eps, using_pow2_scale)
        if input_transpose:
            out_t, scale_t = _quant_1x128_rows(a.t().contiguous(), eps, using_pow2_scale)
    else:
        tiles = a.abs().reshape(M // 128, 128, N // 128, 128).amax(dim=(1, 3))
        s = compute_scale(tiles, eps, using_pow2_scale, in_max=_BF16_MAX_SCALE)
        full = s.repeat_interleave(128, 0).repeat_interleave(128, 1)
        out = (a * full).to(torch.float8_e4m3fn)
        scale = 1.0 / s
        if input_transpose:
            out_t = out.view(torch.int8).t().contiguous().view(torch.float8_e4m3fn)
            scale_t = scale.t()
    if output_scale_transpose:
        scale = scale.t()
        if input_transpose:
            scale_t = scale_t.t()
    scale = scale.contiguous()
    if not input_transpose:
        return wrap(out), wrap(scale)
    scale_t = scale_t.contiguous()
    if return_transpose_only:
        return wrap(out_t), wrap(scale_t)
    return wrap(out), wrap(scale), wrap(out_t), wrap(scale_t)


def fused_stack_transpose_quant(x, transpose=True):
    """paddle.incubate.nn.functional.fused_stack_transpose_quant(x, transpose=True) -> (out, scale):
    the bfloat16 matrices x[i] [M, K] (M, K multiples of 128) stacked and quantized to
    float8_e4m3fn per 128 x 128 tile, as Paddle's kernels (fused_stack_quant /
    fused_stack_transpose_quant) compute it: s = 448 / amax(|tile|) (1 for a zero tile,
    bfloat16's largest value where that overflows), out = float8_e4m3fn(x * s), scale = 1 / s.
    Without transpose out is [n*M, K] and scale [n*M/128, K/128]; with it each matrix is
    transposed: out [n*K, M], scale [n*K/128, M/128].

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device."""
    if refuse_static("fused_stack_transpose_quant", "x", x, legacy="none"):
        return None
    api = "fused_stack_transpose_quant"
    if not isinstance(x, (list, tuple)) or not x:
        raise TypeError(f"paddle.incubate.nn.functional.{api}: x must be a non-empty list or "
                        f"tuple of Tensors, but received {type(x).__name__}")
    mats = [tensor_arg(api, f"x[{i}]", t) for i, t in enumerate(x)]
    for i, m in enumerate(mats):
        check_dtype(api, f"x[{i}]", m, (torch.bfloat16,))
        check_rank(api, f"x[{i}]", m, (2,))
        if list(m.shape) != list(mats[0].shape):
            raise ValueError(f"paddle.incubate.nn.functional.{api}: every tensor must have x[0]'s "
                             f"shape {list(mats[0].shape)}, but x[{i}] is {list(m.shape)}")
    M, K = mats[0].shape
    if M % 128 or K % 128:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: both dims of each tensor must be "
                         f"multiples of 128, but received [{M}, {K}]")
    a = torch.stack([m.detach().float() for m in mats])                 # [n, M, K]
    n = a.shape[0]
    tiles = a.abs().reshape(n, M // 128, 128, K // 128, 128).amax(dim=(2, 4))
    s = compute_scale(tiles, 0.0, False, in_max=_BF16_MAX_SCALE)       # [n, M/128, K/128]
    full = s.repeat_interleave(128, 1).repeat_interleave(128, 2)
    q = (a * full).to(torch.float8_e4m3fn)
    inv = 1.0 / s
    if transpose:
        q = q.view(torch.int8).transpose(1, 2).contiguous().view(torch.float8_e4m3fn)
        inv = inv.transpose(1, 2).contiguous()
    return wrap(q.reshape(-1, q.shape[-1])), wrap(inv.reshape(-1, inv.shape[-1]))


def _column_quant_split(a, counts, pow2, api):
    """a [M, K] float32 (bfloat16 values): per expert's rows, per 128-row block and column, the
    kernel's column scale; returns the transposed fp8 blocks [K, tokens] and 1/s [tokens/128, K]
    of each expert."""
    M, K = a.shape
    if any(c < 0 or c % 128 for c in counts) or sum(counts) != M:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: tokens_per_expert must be "
                         f"multiples of 128 summing to x's {M} rows, but received {counts}")
    outs, scales = [], []
    start = 0
    for c in counts:
        blk = a[start:start + c].reshape(c // 128, 128, K)
        amax = blk.abs().amax(1)                                       # [c/128, K]
        s = compute_scale(amax, 0.0, pow2, in_max=_BF16_MAX_SCALE)
        q = (blk * s[:, None, :]).reshape(c, K).to(torch.float8_e4m3fn)
        outs.append(wrap(q.view(torch.int8).t().contiguous().view(torch.float8_e4m3fn)))
        scales.append(wrap((1.0 / s).contiguous()))
        start += c
    return outs, scales


def fused_transpose_split_quant(x, input_scales, tokens_per_expert, pow_2_scales=False):
    """paddle.incubate.nn.functional.fused_transpose_split_quant(x, input_scales,
    tokens_per_expert, pow_2_scales=False) -> (outs, scales): x [M, K] (bfloat16, or
    float8_e4m3fn dequantized first with input_scales float32 [M, ceil(K/128)], rounded to
    bfloat16) split into experts' row ranges (tokens_per_expert, multiples of 128 summing to M),
    each transposed and quantized to float8_e4m3fn with one scale per column per 128 rows, as
    Paddle's kernel computes it: s = 448 / amax (1 for zeros, bfloat16's largest value on
    overflow, a power of two with pow_2_scales); outs[i] [K, tokens_i], scales[i] = 1 / s
    [tokens_i / 128, K]. An empty x gives ([], []).

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    Row counts that are not multiples of 128 raise ValueError (Paddle's kernel assumes them)."""
    counts = [int(t) for t in tokens_per_expert]
    api = "fused_transpose_split_quant"
    if refuse_static(api, "x", x, legacy="none"):
        return None
    xt = tensor_arg(api, "x", x)
    if xt.shape[0] == 0 or xt.shape[1] == 0:
        return [], []
    check_dtype(api, "x", xt, (torch.bfloat16, torch.float8_e4m3fn))
    check_rank(api, "x", xt, (2,))
    a = xt.detach().float()
    if xt.dtype == torch.float8_e4m3fn:
        st = tensor_arg(api, "input_scales", input_scales)
        check_dtype(api, "input_scales", st, (torch.float32,))
        blocks = (xt.shape[1] + 127) // 128
        if list(st.shape) != [xt.shape[0], blocks]:
            raise ValueError(f"paddle.incubate.nn.functional.{api}: input_scales must be "
                             f"[{xt.shape[0]}, {blocks}] for a float8 x, but received "
                             f"{list(st.shape)}")
        per_col = st.detach().repeat_interleave(128, dim=1)[:, :xt.shape[1]]
        a = (a * per_col).to(torch.bfloat16).float()
    return _column_quant_split(a, counts, pow_2_scales, api)


def fused_transpose_wlch_split_quant(x, tokens_per_expert, pow_2_scales=False):
    """paddle.incubate.nn.functional.fused_transpose_wlch_split_quant(x, tokens_per_expert,
    pow_2_scales=False) -> (outs, scales): fused_transpose_split_quant of the bfloat16
    x [W, L, C, H] read as tokens in [L, W, C] order (x.transpose([1, 0, 2, 3]) reshaped to
    [L*W*C, H]), as Paddle's kernel reads it: outs[i] [H, tokens_i] float8_e4m3fn,
    scales[i] [tokens_i / 128, H] float32.

    Differences from Paddle: Paddle 3.3.1 has only a GPU kernel; here it runs on any device.
    Row counts that are not multiples of 128 raise ValueError (Paddle's kernel assumes them)."""
    counts = [int(t) for t in tokens_per_expert]
    api = "fused_transpose_wlch_split_quant"
    if refuse_static(api, "x", x, legacy="none"):
        return None
    xt = tensor_arg(api, "x", x)
    check_dtype(api, "x", xt, (torch.bfloat16,))
    check_rank(api, "x", xt, (4,))
    a = xt.detach().float().permute(1, 0, 2, 3).reshape(-1, xt.shape[3])
    return _column_quant_split(a, counts, pow_2_scales, api)


def _dequant_operand(api, name, q, scale, one_d):
    """q [R, K] float8 times its decode scales: 1-D (1 x 128) scales are [ceil(K/128), R], 2-D
    (128 x 128) ones [ceil(R/128), ceil(K/128)] (the layouts Paddle's tests feed the kernel)."""
    R, K = q.shape
    kb, rb = (K + 127) // 128, (R + 127) // 128
    want = [kb, R] if one_d else [rb, kb]
    if list(scale.shape) != want:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: {name} must be "
                         f"{'1-D (1x128)' if one_d else '2-D (128x128)'} scales of shape {want} "
                         f"for an operand of shape [{R}, {K}], but received {list(scale.shape)}")
    if one_d:
        full = scale.t().repeat_interleave(128, dim=1)[:, :K]
    else:
        full = scale.repeat_interleave(128, dim=0)[:R].repeat_interleave(128, dim=1)[:, :K]
    return q.float() * full.float()


def fp8_gemm_blockwise(a, a_decode_scale, b, b_decode_scale, out_dtype, out=None, bias=None,
                       accumulate=False, use_split_accumulator=True, is_a_1d_scaled=True,
                       is_b_1d_scaled=True):
    """paddle.incubate.nn.functional.fp8_gemm_blockwise(a, a_decode_scale, b, b_decode_scale,
    out_dtype, out=None, bias=None, accumulate=False, use_split_accumulator=True,
    is_a_1d_scaled=True, is_b_1d_scaled=True): a @ b.T for float8 a [M, K] and b [N, K] with
    blockwise decode scales (1-D: one per row per 128 of K, shape [K/128, rows]; 2-D: one per
    128 x 128 tile, shape [rows/128, K/128]), as Paddle's reference in its unit test defines
    it: out[m, n] = sum over K blocks of (a_blk @ b_blk.T) * a_scale * b_scale, plus out's
    values with accumulate; written into `out` when given (and returned), cast to out_dtype.

    Differences from Paddle: Paddle 3.3.1 runs it only through cuBLASLt on GPU (on a CPU build
    its call to paddle.device.cuda.get_device_properties raises ValueError); here it runs on any
    device, dequantizing both operands and multiplying in float32 (cuBLASLt accumulates per
    block; results agree to float32 rounding). use_split_accumulator has no effect."""
    api = "fp8_gemm_blockwise"
    if bias is not None:
        raise AssertionError("Bias is not supported")
    if STATE.static:    # Paddle's _empty_tensor() builds an eager Tensor, refused in both modes
        raise ValueError(
            "(InvalidArgument) We support construct Tensor from numpy value or tensor(Tensor or "
            "phi::DenseTensor) with python args and kwargs by this initializer, but the first "
            "argument should be PyArray or Tensor or phi::DenseTensor. Please check your input "
            "first and make sure you call the existed constructor. ")
    at = tensor_arg(api, "a", a)
    bt = tensor_arg(api, "b", b)
    sa = tensor_arg(api, "a_decode_scale", a_decode_scale)
    sb = tensor_arg(api, "b_decode_scale", b_decode_scale)
    for name, t in (("a", at), ("b", bt)):
        check_dtype(api, name, t, (torch.float8_e4m3fn, torch.float8_e5m2))
        check_rank(api, name, t, (2,))
    for name, t in (("a_decode_scale", sa), ("b_decode_scale", sb)):
        check_dtype(api, name, t, (torch.float32,))
    M, K = at.shape
    N, K_b = bt.shape
    if K != K_b:
        raise ValueError(f"paddle.incubate.nn.functional.{api}: a [{M}, {K}] and b [{N}, {K_b}] "
                         "must share K")
    if out is not None and list(out.shape) != [M, N]:
        raise AssertionError(f"Expected shape {(M, N)}, got {list(out.shape)}")
    result = _dequant_operand(api, "a_decode_scale", at, sa, is_a_1d_scaled) @ \
        _dequant_operand(api, "b_decode_scale", bt, sb, is_b_1d_scaled).t()
    if out is not None and accumulate:
        result = result + out._t.detach().float()
    result = result.to(to_dtype(out_dtype).torch)
    if out is None:
        return wrap(result)
    out._t.data.copy_(result.to(out._t.dtype))
    return out
