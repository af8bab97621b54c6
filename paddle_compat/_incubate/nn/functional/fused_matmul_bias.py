"""paddle.incubate.nn.functional.fused_matmul_bias / fused_linear / fused_linear_activation
(Paddle: incubate/nn/functional/fused_matmul_bias.py): matmul + bias (+ relu/gelu) in one cuBLASLt
epilogue. Paddle has only a GPU kernel (`fused_gemm_epilogue`); on CPU tensors these raise
Paddle's CPU-wheel error, on CUDA they compute matmul(x, y) + bias with torch."""
import torch
import torch.nn.functional as TF

from ...._tensor import wrap
from ..._kernel import dynamic_only, require_gpu_kernel

__all__ = ["fused_matmul_bias", "fused_linear", "fused_linear_activation"]


def _matmul_bias(x, y, bias, transpose_x, transpose_y):
    a, b = x._t, y._t
    if transpose_x:
        a = a.transpose(-1, -2)
    if transpose_y:
        b = b.transpose(-1, -2)
    out = torch.matmul(a, b)
    return out if bias is None else out + bias._t


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """paddle.incubate.nn.functional.fused_matmul_bias(x, y, bias=None, transpose_x=False,
    transpose_y=False): matmul(x, y) + bias, either operand transposed on its last two axes.

    Differences from Paddle: on CUDA it is computed as torch.matmul + add (the same values up to
    the GEMM's rounding), not one epilogue kernel."""
    dynamic_only("fused_matmul_bias")
    require_gpu_kernel(x, "fused_gemm_epilogue")
    return wrap(_matmul_bias(x, y, bias, transpose_x, transpose_y))


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """paddle.incubate.nn.functional.fused_linear(x, weight, bias=None, transpose_weight=False):
    fused_matmul_bias(x, weight, bias, False, transpose_weight) (weight is [in, out] as in
    paddle.nn.functional.linear)."""
    dynamic_only("fused_linear")
    require_gpu_kernel(x, "fused_gemm_epilogue")
    return wrap(_matmul_bias(x, weight, bias, False, transpose_weight))


_ACTIVATIONS = {"none": lambda t: t, "relu": torch.relu,
                "gelu": lambda t: TF.gelu(t, approximate="tanh")}


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """paddle.incubate.nn.functional.fused_linear_activation(x, y, bias, trans_x=False,
    trans_y=False, activation=None): act(matmul(x, y) + bias) with activation None/'none',
    'relu' or 'gelu' (cuBLASLt's GELU epilogue is the tanh approximation).

    Differences from Paddle: computed unfused on CUDA; an unknown activation raises ValueError
    here (Paddle's kernel raises its own enforce error)."""
    dynamic_only("fused_linear_activation")
    require_gpu_kernel(x, "fused_gemm_epilogue", legacy=True)
    act = "none" if activation is None else activation
    if act not in _ACTIVATIONS:
        raise ValueError(f"fused_linear_activation: activation should be one of 'none', 'relu', "
                         f"'gelu', but received {activation}")
    return wrap(_ACTIVATIONS[act](_matmul_bias(x, y, bias, trans_x, trans_y)))
