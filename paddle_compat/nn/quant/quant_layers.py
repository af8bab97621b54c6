"""paddle.nn.quant.quant_layers: the fake-quant layers of imperative quantization-aware training
(explicit re-exports, no logic; the room is paddle_compat/_nn/quant/quant_layers.py)."""
from ..._nn.quant.quant_layers import (FakeQuantAbsMax, FakeQuantChannelWiseAbsMax,
                                       FakeQuantMAOutputScaleLayer, FakeQuantMovingAverageAbsMax,
                                       MAOutputScaleLayer, MovingAverageAbsMaxScale, QuantStub,
                                       QuantizedColumnParallelLinear, QuantizedConv2D,
                                       QuantizedConv2DTranspose, QuantizedLinear, QuantizedMatmul,
                                       QuantizedRowParallelLinear)

__all__ = ["FakeQuantAbsMax", "FakeQuantMovingAverageAbsMax", "FakeQuantChannelWiseAbsMax",
           "QuantizedConv2D", "QuantizedConv2DTranspose", "QuantizedLinear",
           "MovingAverageAbsMaxScale", "MAOutputScaleLayer", "FakeQuantMAOutputScaleLayer",
           "QuantStub", "QuantizedRowParallelLinear", "QuantizedColumnParallelLinear",
           "QuantizedMatmul"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
