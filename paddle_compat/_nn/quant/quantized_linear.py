"""paddle.nn.quant's weight-only and LLM.int8 functions (mirrors
paddle/nn/quant/quantized_linear.py) as Paddle 3.3.1's CPU wheel runs them.

On CPU Paddle registers no kernel for weight_dequantize, weight_only_linear, llm_int8_linear or
apply_per_channel_scale (they are CUDA kernels): each raises Paddle's own RuntimeError here too,
after Paddle's Python-side argument checks. weight_quantize has a CPU kernel for float16 and
bfloat16 weights when an explicit `arch` is given; its output is the int8 weight permuted and
interleaved for the CUTLASS mixed-GEMM layout of that arch, which paddle_compat does not
reproduce: that case raises NotImplementedError (the argument errors before it are Paddle's).
"""
import torch

from ..._tensor import Tensor

__all__ = ["weight_quantize", "weight_dequantize", "weight_only_linear", "llm_int8_linear",
           "apply_per_channel_scale"]

_ARCHS = (70, 75, 80, 86, 89, 90, 100)
_ALGOS = ["weight_only_int8", "weight_only_int4", "llm.int8", "w4a8", "w4afp8"]
_HALF = (torch.float16, torch.bfloat16)


def _dtype_name(t):
    return str(t.dtype).replace("torch.", "")


def _not_registered(kernel):
    return RuntimeError(f"(NotFound) The kernel `{kernel}` is not registered.")


def _check_group_size(group_size, what="Currently group_size only support -1/64/128. but got"):
    assert group_size == -1 or group_size == 64 or group_size == 128, \
        f"{what} {group_size} "


def weight_quantize(x, algo="weight_only_int8", arch=None, group_size=-1):
    """paddle.nn.quant.weight_quantize(x, algo='weight_only_int8', arch=None, group_size=-1):
    int8 / int4 weight quantization for weight-only and LLM.int8 matmuls.

    Differences from Paddle: with an explicit supported `arch` and a float16 / bfloat16 weight,
    Paddle's CPU kernel returns the quantized weight in the arch's interleaved CUTLASS layout,
    which is not reproduced (NotImplementedError); every other case raises Paddle's CPU error:
    float32 weights (no kernel), an unknown algo, and arch=None (Paddle's CPU build reports arch
    0)."""
    arch = 0 if arch is None else arch
    _check_group_size(group_size)
    t = x._t if isinstance(x, Tensor) else None
    if t is None:
        raise ValueError("(InvalidArgument) weight_quantize(): argument 'x' (position 0) must be "
                         f"Tensor, but got {type(x).__name__}")
    if t.dtype not in _HALF:
        name = _dtype_name(t)
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {name}) of kernel "
            f"`weight_quantize` is not registered. Selected wrong DataType `{name}`. Paddle "
            "support following DataTypes: float16, bfloat16.")
    if algo not in _ALGOS:
        raise ValueError(f"(InvalidArgument) The algo must be in {_ALGOS}, but got[{algo}]")
    if arch not in _ARCHS:
        raise ValueError("(InvalidArgument) Currently, arch only support 70, 75, 80, 86, 89, "
                         "90, 100.")
    raise NotImplementedError(
        "paddle.nn.quant.weight_quantize with arch={} is not provided by paddle_compat: Paddle's "
        "CPU kernel returns the weight in the CUTLASS mixed-GEMM layout of that GPU arch, which "
        "only Paddle's CUDA weight_only_linear reads. For int8 weights on CPU use "
        "paddle.quantization (PTQ/QAT) or quantize per channel yourself: scale = "
        "x.abs().max(axis=0) / 127, q = paddle.round(x / scale).astype('int8').".format(arch))


def weight_dequantize(x, scale, algo="weight_only_int8", out_dtype="float16", group_size=-1):
    """paddle.nn.quant.weight_dequantize(x, scale, algo='weight_only_int8', out_dtype='float16',
    group_size=-1): Paddle's CPU wheel has no kernel for it and raises its RuntimeError, as here.

    Differences from Paddle: none known (on CPU)."""
    _check_group_size(group_size)
    raise _not_registered("weight_dequantize")


def weight_only_linear(x, weight, bias=None, weight_scale=None, weight_dtype="int8", arch=None,
                       group_size=-1):
    """paddle.nn.quant.weight_only_linear(x, weight, bias=None, weight_scale=None,
    weight_dtype='int8', arch=None, group_size=-1): a CUDA kernel in Paddle; its CPU wheel
    raises the RuntimeError raised here.

    Differences from Paddle: none known (on CPU)."""
    _check_group_size(group_size, "Currently weight_quantize only support group size of -1, 64 "
                                  "or 128. but got")
    raise _not_registered("weight_only_linear")


def llm_int8_linear(x, weight, bias=None, weight_scale=None, threshold=6.0):
    """paddle.nn.quant.llm_int8_linear(x, weight, bias=None, weight_scale=None, threshold=6.0):
    a CUDA kernel in Paddle; its CPU wheel raises the RuntimeError raised here.

    Differences from Paddle: none known (on CPU)."""
    raise _not_registered("llm_int8_linear")


def apply_per_channel_scale(x, scales):
    """paddle.nn.quant.apply_per_channel_scale(x, scales): a CUDA kernel in Paddle; its CPU
    wheel raises the RuntimeError raised here.

    Differences from Paddle: none known (on CPU)."""
    raise _not_registered("apply_per_channel_scale")
