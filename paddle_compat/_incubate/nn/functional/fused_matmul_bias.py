"""paddle.incubate.nn.functional.fused_matmul_bias / fused_linear / fused_linear_activation
(Paddle: incubate/nn/functional/fused_matmul_bias.py): matmul + bias (+ relu/gelu) in one cuBLASLt
epilogue. Paddle has only a GPU kernel (`fused_gemm_epilogue`); on CPU tensors these raise
Paddle's CPU-wheel error, on CUDA they compute matmul(x, y) + bias with torch. Without a bias
fused_matmul_bias / fused_linear are plain `paddle.matmul`, as in Paddle.

Static mode: PIR records `pd_op.fused_gemm_epilogue` (the Executor raises the CPU error when it
runs the op on the CPU); Paddle 3.3.1's legacy op table has no fused_gemm_epilogue, so legacy
mode raises its ValueError while building, as Paddle's does."""
import torch
import torch.nn.functional as TF

from ...._mode import STATE
from ...._ops.registry import apply_op, defop
from ...._static.builder import helper_scope
from ...._tensor_methods import METHODS
from ..._kernel import require_gpu_kernel
from ..._static import drop_output

__all__ = ["fused_matmul_bias", "fused_linear", "fused_linear_activation"]

_ACTIVATIONS = {"none": lambda t: t, "relu": torch.relu,
                "gelu": lambda t: TF.gelu(t, approximate="tanh")}


def _kernel(x, y, bias, trans_x=False, trans_y=False, activation="none"):
    require_gpu_kernel(x, "fused_gemm_epilogue")
    a = x.transpose(-1, -2) if trans_x else x
    b = y.transpose(-1, -2) if trans_y else y
    out = _ACTIVATIONS[activation](torch.matmul(a, b) + bias)
    return out, out.new_empty((0,))


_FUSED_GEMM_EPILOGUE = defop(
    "fused_gemm_epilogue", _kernel, inputs=("X", "Y", "Bias"), outputs=("Out", "ReserveSpace"),
    attrs={"trans_x": False, "trans_y": False, "activation": "none"},
    api="paddle.incubate.nn.functional.fused_matmul_bias")


def _record(x, y, bias, trans_x, trans_y, activation):
    """The static op: PIR's fused_gemm_epilogue (its ReserveSpace result left empty), or the
    legacy-mode ValueError of Paddle's CPU wheel."""
    if not STATE.pir:
        raise ValueError('Operator "fused_gemm_epilogue" has not been registered.')
    if activation != "none":
        n = y.shape[-2] if trans_y else y.shape[-1]
        if n > 0 and n % 8:
            raise ValueError(
                "(InvalidArgument) The output dimension N (X(MxK) * Y(KxN) = C(MxN)) should be "
                f"multiple of 8 when auxiliary_key given and activation={activation}, but got "
                f"N = {n}.")
    with helper_scope("fused_matmul_bias"):
        out, reserve = apply_op(_FUSED_GEMM_EPILOGUE, (x, y, bias),
                                {"trans_x": bool(trans_x), "trans_y": bool(trans_y),
                                 "activation": activation})
    drop_output(reserve)
    return out


def fused_matmul_bias(x, y, bias=None, transpose_x=False, transpose_y=False, name=None):
    """paddle.incubate.nn.functional.fused_matmul_bias(x, y, bias=None, transpose_x=False,
    transpose_y=False): matmul(x, y) + bias, either operand transposed on its last two axes.
    Without a bias it is paddle.matmul (which runs on the CPU too).

    Differences from Paddle: without a bias in legacy static mode it records matmul_v2, as
    paddle_compat's paddle.matmul does (Paddle 3.3.1's legacy-mode matmul raises TypeError "must be
    Value, but got Variable"); on CUDA it is computed as torch.matmul + add (the same values up to
    the GEMM's rounding), not one epilogue kernel."""
    if bias is None:
        return METHODS["matmul"](x, y, transpose_x, transpose_y, name)
    if STATE.static:
        return _record(x, y, bias, transpose_x, transpose_y, "none")
    return apply_op(_FUSED_GEMM_EPILOGUE, (x, y, bias),
                    {"trans_x": bool(transpose_x), "trans_y": bool(transpose_y)})[0]


def fused_linear(x, weight, bias=None, transpose_weight=False, name=None):
    """paddle.incubate.nn.functional.fused_linear(x, weight, bias=None, transpose_weight=False):
    fused_matmul_bias(x, weight, bias, False, transpose_weight) (weight is [in, out] as in
    paddle.nn.functional.linear)."""
    return fused_matmul_bias(x, weight, bias, False, transpose_weight, name)


def fused_linear_activation(x, y, bias, trans_x=False, trans_y=False, activation=None):
    """paddle.incubate.nn.functional.fused_linear_activation(x, y, bias, trans_x=False,
    trans_y=False, activation=None): act(matmul(x, y) + bias) with activation None/'none',
    'relu' or 'gelu' (cuBLASLt's GELU epilogue is the tanh approximation).

    Differences from Paddle: computed unfused on CUDA; an unknown activation raises ValueError
    here (Paddle's kernel raises its own enforce error)."""
    act = "none" if activation is None else activation
    if STATE.static:
        if act not in _ACTIVATIONS:
            raise ValueError(f"fused_linear_activation: activation should be one of 'none', "
                             f"'relu', 'gelu', but received {activation}")
        return _record(x, y, bias, trans_x, trans_y, act)
    require_gpu_kernel(x, "fused_gemm_epilogue", legacy=True)
    if act not in _ACTIVATIONS:
        raise ValueError(f"fused_linear_activation: activation should be one of 'none', 'relu', "
                         f"'gelu', but received {activation}")
    return apply_op(_FUSED_GEMM_EPILOGUE, (x, y, bias),
                    {"trans_x": bool(trans_x), "trans_y": bool(trans_y), "activation": act})[0]
