"""paddle.nn.quant: quantization placeholders and weight-only linear functions (explicit
re-exports, no logic)."""
from ..._nn.quant.quantized_linear import (apply_per_channel_scale, llm_int8_linear,
                                           weight_dequantize, weight_only_linear,
                                           weight_quantize)
from ..._nn.quant.stub import Stub

__all__ = ["Stub", "weight_only_linear", "llm_int8_linear", "weight_quantize",
           "weight_dequantize"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
