"""paddle.nn.decode: Decoder, BeamSearchDecoder, dynamic_decode (Paddle's module of that name)."""
from .._nn.decode import Decoder, BeamSearchDecoder, dynamic_decode

__all__ = ["Decoder", "BeamSearchDecoder", "dynamic_decode"]
