"""paddle.nn.layer.transformer: the classes Paddle 3.3.1 defines in python/paddle/nn/layer/transformer.py
(scripts import them from here, e.g. `from paddle.nn.layer.transformer import ...`)."""
from ..._nn.layer.transformer import (  # noqa: F401
    MultiHeadAttention, Transformer, TransformerDecoder, TransformerDecoderLayer,
    TransformerEncoder, TransformerEncoderLayer)

# A Paddle 3.3.1 name missing here raises the one "not provided yet" error (paddle_compat/_census.py)
from ..._census import missing_getattr as _missing_getattr  # noqa: E402
__getattr__ = _missing_getattr(__name__)
