"""paddle.incubate.nn.FusedLinear (Paddle: incubate/nn/layer/fused_linear.py): a Linear layer
whose forward is incubate.nn.functional.fused_linear (GPU-only in Paddle)."""
from ...._dtype import get_default_dtype
from ...._nn.layer.layers import Layer
from ..functional.fused_matmul_bias import fused_linear

__all__ = ["FusedLinear"]


class FusedLinear(Layer):
    """paddle.incubate.nn.FusedLinear(in_features, out_features, weight_attr=None, bias_attr=None,
    transpose_weight=False, name=None): weight [in, out] ([out, in] with transpose_weight) and
    bias [out]; forward(x) = fused_linear(x, weight, bias, transpose_weight), which raises
    Paddle's CPU-wheel error on CPU tensors and is matmul + bias on CUDA. In static mode PIR
    records `pd_op.fused_gemm_epilogue` under the layer's struct name; legacy mode raises Paddle's
    "Operator "fused_gemm_epilogue" has not been registered." ValueError."""

    def __init__(self, in_features, out_features, weight_attr=None, bias_attr=None,
                 transpose_weight=False, name=None):
        super().__init__()
        shape = [out_features, in_features] if transpose_weight else [in_features, out_features]
        dtype = get_default_dtype()
        self.weight = self.create_parameter(shape=shape, attr=weight_attr, dtype=dtype,
                                            is_bias=False)
        self.bias = self.create_parameter(shape=[out_features], attr=bias_attr, dtype=dtype,
                                          is_bias=True)
        self.transpose_weight = transpose_weight
        self.name = name

    def forward(self, input):
        return fused_linear(input, self.weight, self.bias, self.transpose_weight, self.name)
