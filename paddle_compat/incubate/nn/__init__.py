"""paddle.incubate.nn: the fused layers and paddle.incubate.nn.functional (explicit re-exports,
no logic; the rooms are paddle_compat/_incubate/nn/)."""
from ..._incubate.nn.layer.fused_linear import FusedLinear
from ..._incubate.nn.layer.fused_dropout_add import FusedDropoutAdd
from ..._incubate.nn.layer.fused_transformer import (
    FusedBiasDropoutResidualLayerNorm, FusedMultiHeadAttention, FusedFeedForward,
    FusedTransformerEncoderLayer)
from ..._incubate.nn.layer.fused_transformer import FusedMultiTransformer  # incattn
from . import functional

__all__ = ["FusedLinear", "FusedDropoutAdd", "FusedBiasDropoutResidualLayerNorm",
           "FusedMultiHeadAttention", "FusedFeedForward", "FusedTransformerEncoderLayer",
           "FusedMultiTransformer"]

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
